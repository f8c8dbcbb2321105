// Writes schemas/research/<artifact>.schema.json from the zod schemas of workflows/research
// (src/workflows/research/schema-files.test.ts checks the committed files match).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RESEARCH_ARTIFACT_NAMES, RESEARCH_CONTRACT_SCHEMAS, researchArtifactJsonSchema, researchContractJsonSchema } from '../src/workflows/research/index.js';

const dir = fileURLToPath(new URL('../schemas/research/', import.meta.url));
mkdirSync(dir, { recursive: true });
for (const name of RESEARCH_ARTIFACT_NAMES) {
  writeFileSync(`${dir}${name}.schema.json`, `${JSON.stringify(researchArtifactJsonSchema(name), null, 2)}\n`);
  console.log(`schemas/research/${name}.schema.json`);
}
for (const name of RESEARCH_CONTRACT_SCHEMAS) {
  writeFileSync(`${dir}${name}.schema.json`, `${JSON.stringify(researchContractJsonSchema(name), null, 2)}\n`);
  console.log(`schemas/research/${name}.schema.json`);
}
