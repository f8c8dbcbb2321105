import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEmbeddingModel, createStanceModel } from '../models/index.js';
import { CITATION_TOP_K, CITATION_WEIGHTS, citationScore, cosine, scoreCitations, topCitations } from './citation-scoring.js';

test('the seed 000 weights: 0.5 influential, 0.3 embedding similarity, 0.2 NLI relevance; top 10', () => {
  assert.deepEqual(CITATION_WEIGHTS, { influential: 0.5, embeddingSimilarity: 0.3, nliRelevance: 0.2 });
  assert.equal(CITATION_TOP_K, 10);
  assert.equal(citationScore({ influential: true, similarity: 0.5, nliRelevance: 0.25 }), 0.5 + 0.15 + 0.05);
  assert.equal(citationScore({ influential: false, similarity: 1, nliRelevance: 1 }), 0.5);
  assert.equal(citationScore({ influential: false, similarity: -0.2, nliRelevance: 0 }), 0.3 * -0.2);
});

test('topCitations keeps the best k by score, ties broken by key whatever the input order', () => {
  const items = [
    { key: 'doi:b', score: 0.4 },
    { key: 'doi:a', score: 0.4 },
    { key: 'doi:c', score: 0.9 },
    { key: 'doi:d', score: 0.1 },
  ];
  assert.deepEqual(
    topCitations(items, 3).map((i) => i.key),
    ['doi:c', 'doi:a', 'doi:b'],
  );
  assert.deepEqual(
    topCitations([...items].reverse(), 3).map((i) => i.key),
    ['doi:c', 'doi:a', 'doi:b'],
  );
  assert.equal(cosine(new Float32Array([1, 0]), new Float32Array([0, 0])), 0);
  assert.ok(Math.abs(cosine(new Float32Array([1, 2]), new Float32Array([2, 4])) - 1) < 1e-9);
});

test('scoreCitations uses the injected embedding and stance models: similarity is the cosine, NLI relevance 1 − P(neutral)', async () => {
  const stance = createStanceModel({ backend: 'embedded' });
  const embedding = createEmbeddingModel();
  const source = 'Regular aerobic exercise lowers resting blood pressure in adults with hypertension.';
  const candidates = [
    { key: 'same', abstract: source, influential: false },
    { key: 'other', abstract: 'The migration of songbirds follows magnetic field lines across continents.', influential: true },
  ];
  const scored = await scoreCitations({ sourceText: source, query: 'exercise lowers blood pressure', candidates, stance, embedding });
  const [same, other] = scored;
  assert.ok(same!.similarity > 0.99, `identical abstracts: cosine ${same!.similarity}`);
  assert.ok(other!.similarity < same!.similarity);
  const judged = await stance.judge(candidates.map((c) => ({ claim: 'exercise lowers blood pressure', passage: c.abstract })));
  for (const [i, s] of scored.entries()) {
    assert.equal(s.nliRelevance, 1 - judged[i]!.scores.neutral);
    assert.equal(s.score, 0.5 * Number(s.influential) + 0.3 * s.similarity + 0.2 * s.nliRelevance);
  }
  assert.ok(same!.nliRelevance > other!.nliRelevance, 'the on-topic abstract takes a side on the query, the off-topic one does not');
  const aborted = AbortSignal.abort();
  await assert.rejects(
    scoreCitations({ sourceText: source, query: 'q', candidates, stance, embedding, signal: aborted }),
    "a model failure is the caller's error, never a made-up score",
  );
});
