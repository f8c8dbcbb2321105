// npm run docs:commands — writes docs/commands.md from the CLI's own --help (src/cli/command-reference.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderCommandReference } from '../src/cli/command-reference.js';
import { PROJECT_ROOT } from '../src/test-support/shared-data.js';

const file = join(PROJECT_ROOT, 'docs', 'commands.md');
writeFileSync(file, await renderCommandReference());
console.log(`docs:commands: wrote ${file}`);
