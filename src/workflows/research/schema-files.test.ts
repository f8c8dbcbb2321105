import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RESEARCH_ARTIFACT_NAMES, researchArtifactJsonSchema } from './artifacts.js';
import { RESEARCH_CONTRACT_SCHEMAS, researchContractJsonSchema } from './research-run.js';

const DIR = fileURLToPath(new URL('../../../schemas/research/', import.meta.url));

test('schemas/research/*.schema.json are the JSON Schemas of the zod artifact schemas (regenerate: node --import tsx scripts/write-research-schemas.ts)', () => {
  assert.deepEqual(readdirSync(DIR).sort(), [...RESEARCH_ARTIFACT_NAMES, ...RESEARCH_CONTRACT_SCHEMAS].map((n) => `${n}.schema.json`).sort());
  for (const name of RESEARCH_ARTIFACT_NAMES)
    assert.equal(readFileSync(`${DIR}${name}.schema.json`, 'utf8'), `${JSON.stringify(researchArtifactJsonSchema(name), null, 2)}\n`, name);
  for (const name of RESEARCH_CONTRACT_SCHEMAS)
    assert.equal(readFileSync(`${DIR}${name}.schema.json`, 'utf8'), `${JSON.stringify(researchContractJsonSchema(name), null, 2)}\n`, name);
});

test('the published schemas require the seed 001 artifact, claim and evidence fields and are closed', () => {
  type Schema = { required: string[]; additionalProperties: boolean; properties: { items: { items: { required: string[]; additionalProperties: boolean } } } };
  const read = (n: string): Schema => JSON.parse(readFileSync(`${DIR}${n}.schema.json`, 'utf8')) as Schema;
  for (const name of RESEARCH_ARTIFACT_NAMES) {
    const s = read(name);
    for (const k of ['id', 'created_at', 'scope', 'assumptions', 'open_questions', 'items']) assert.ok(s.required.includes(k), `${name}: ${k}`);
    assert.equal(s.additionalProperties, false);
    assert.equal(s.properties.items.items.additionalProperties, false);
  }
  for (const name of ['normalized_claims', 'verified_claims']) {
    for (const k of ['claim_id', 'statement', 'scope', 'decision_relevance'])
      assert.ok(read(name).properties.items.items.required.includes(k), `${name}: ${k}`);
  }
  for (const k of ['source_id', 'quote', 'supports', 'refutes', 'quality_score']) assert.ok(read('evidence').properties.items.items.required.includes(k), k);
  for (const k of ['claim_id', 'status', 'rationale', 'conditions', 'supporting_evidence_ids', 'refuting_evidence_ids', 'relaxation_reason'])
    assert.ok(read('verified_claims').properties.items.items.required.includes(k), k);
  for (const k of ['claim_id', 'search_queries', 'search_scope', 'found_counterevidence', 'impact_on_status'])
    assert.ok(read('counterevidence_log').properties.items.items.required.includes(k), k);
  for (const k of ['text', 'source', 'published_at']) assert.ok(read('raw_claims').properties.items.items.required.includes(k), k);
});

test('the answer schema holds the public contract: verdict, confidence, for, against, basis', () => {
  const answer = JSON.parse(readFileSync(`${DIR}answer.schema.json`, 'utf8')) as {
    required: string[];
    additionalProperties: boolean;
    properties: { verdict: { enum: string[] } };
  };
  for (const k of ['verdict', 'confidence', 'for', 'against', 'basis']) assert.ok(answer.required.includes(k), k);
  assert.deepEqual(answer.properties.verdict.enum, ['supported', 'refuted', 'mixed', 'insufficient evidence']);
  assert.equal(answer.additionalProperties, false);
});
