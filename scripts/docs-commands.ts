// npm run docs:commands — writes docs/commands.md from the CLI's own --help (src/cli/command-reference.ts)
// and docs/errors.md from the error-code registry (src/cli/error-reference.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderCommandReference } from '../src/cli/command-reference.js';
import { renderErrorReference } from '../src/cli/error-reference.js';
import { PROJECT_ROOT } from '../src/test-support/shared-data.js';

const file = join(PROJECT_ROOT, 'docs', 'commands.md');
writeFileSync(file, await renderCommandReference());
console.log(`docs:commands: wrote ${file}`);

const errors = join(PROJECT_ROOT, 'docs', 'errors.md');
writeFileSync(errors, renderErrorReference());
console.log(`docs:commands: wrote ${errors}`);
