// The NormalizedClaim artifact's merge record: which engine claims a merged claim holds and their raw
// claims, from the merge's own groups (mergeClaimGroups), with merging on and off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClaimMaterial } from '../../core/index.js';
import { normalizedClaims, rawClaims, type ClaimContext } from './normalize.js';
import { createClaimAnalyzer, type TaskSnapshot } from './snapshot.js';
import { questionReadings } from './relevance.js';

const claim = (id: string, statement: string, url: string): ClaimMaterial =>
  ({ id, statement, origins: [{ url }], decisionRelevance: 'high', slots: {}, conditions: [] }) as unknown as ClaimMaterial;

test('a merged claim lists the engine claims it holds and their raw claims; without merging each stands alone', () => {
  const snapshot = {
    claims: [
      claim('clm_a', 'Smoking causes lung cancer.', 'https://a.example/'),
      claim('clm_b', 'The drug reduced deaths by 50%.', 'https://b.example/'),
      claim('clm_c', 'Researchers at Kyoto University found that smoking causes lung cancer.', 'https://c.example/'),
    ],
  } as unknown as TaskSnapshot;
  const ctx: ClaimContext = {
    analyze: createClaimAnalyzer(),
    questions: questionReadings({ question: 'Does smoking cause lung cancer?', topics: [], language: 'en' }),
    worth: () => true,
    perspectiveOf: () => null,
    state: { language: 'en' },
  };
  const raw = rawClaims(snapshot, ctx);
  assert.deepEqual(
    raw.map((r) => [r.raw_claim_id, r.claim_id]),
    [
      ['raw_0001', 'clm_a'],
      ['raw_0002', 'clm_b'],
      ['raw_0003', 'clm_c'],
    ],
  );
  const merged = normalizedClaims(snapshot, raw, ctx);
  assert.deepEqual(
    merged.map((m) => [m.claim_id, m.merged_claim_ids, m.raw_claim_ids, m.sources]),
    [
      ['clm_a', ['clm_c'], ['raw_0001', 'raw_0003'], ['https://a.example/', 'https://c.example/']],
      ['clm_b', [], ['raw_0002'], ['https://b.example/']],
    ],
  );
  const alone = normalizedClaims(snapshot, raw, ctx, { merge: false });
  assert.deepEqual(
    alone.map((m) => [m.claim_id, m.merged_claim_ids, m.raw_claim_ids]),
    [
      ['clm_a', [], ['raw_0001']],
      ['clm_b', [], ['raw_0002']],
      ['clm_c', [], ['raw_0003']],
    ],
  );
});
