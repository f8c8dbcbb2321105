import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { step5OutputJsonSchema } from './schema.js';

const FILE = fileURLToPath(new URL('../../../schemas/step5-output.schema.json', import.meta.url));

test('schemas/step5-output.schema.json is the JSON Schema of the zod output schema (regenerate: node --import tsx scripts/write-collect-schema.ts)', () => {
  assert.equal(readFileSync(FILE, 'utf8'), `${JSON.stringify(step5OutputJsonSchema(), null, 2)}\n`);
});

test('the published schema has the seed 003 §3.1 fields, required and closed', () => {
  const schema = JSON.parse(readFileSync(FILE, 'utf8')) as {
    required: string[];
    additionalProperties: boolean;
    properties: { sources: { items: { required: string[]; additionalProperties: boolean } } };
  };
  for (const k of ['keyword', 'search_queries', 'sources', 'invalid_sources', 'failed_queries', 'collection_stats', 'source_type_distribution'])
    assert.ok(schema.required.includes(k), k);
  assert.equal(schema.additionalProperties, false);
  assert.deepEqual(schema.properties.sources.items.required, [
    'url',
    'title',
    'source_type',
    'excerpt',
    'publication_date',
    'author_organization',
    'credibility_score',
    'verified',
    'verification_status',
    'relevance_to_outline',
  ]);
  assert.equal(schema.properties.sources.items.additionalProperties, false);
});
