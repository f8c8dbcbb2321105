// Writes schemas/step5-output.schema.json from the zod schema of `lyra collect`'s output.
// Run after changing src/workflows/collect/schema.ts: node --import tsx scripts/write-collect-schema.ts
// (src/workflows/collect/schema-file.test.ts fails while the committed file differs).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { step5OutputJsonSchema } from '../src/workflows/index.js';

const target = fileURLToPath(new URL('../schemas/step5-output.schema.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(step5OutputJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
