// The fused score of corpus search: BM25's score scaled to the pool's best, plus the weighted cosine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DENSE_WEIGHT, hybridScores } from './hybrid-rank.js';

test('hybridScores: the word score is scaled to the pool best (1) and the cosine weighs DENSE_WEIGHT', () => {
  const fused = hybridScores([
    { score: 8, cosine: 0.1 },
    { score: 4, cosine: 0.4 },
  ]);
  assert.deepEqual(
    fused.map((x) => Number(x.toFixed(6))),
    [1 + DENSE_WEIGHT * 0.1, 0.5 + DENSE_WEIGHT * 0.4].map((x) => Number(x.toFixed(6))),
  );
  // A document half as good by words and clearly closer in meaning comes first.
  assert.ok(fused[1]! > fused[0]!);
  // With weight 0 the words alone decide.
  const words = hybridScores(
    [
      { score: 8, cosine: 0.1 },
      { score: 4, cosine: 0.4 },
    ],
    0,
  );
  assert.ok(words[0]! > words[1]!);
});

test('hybridScores: a pool with no positive word score is ordered by the cosine alone', () => {
  assert.deepEqual(
    hybridScores(
      [
        { score: 0, cosine: 0.2 },
        { score: 0, cosine: 0.5 },
      ],
      2,
    ),
    [0.4, 1],
  );
  assert.deepEqual(hybridScores([]), []);
});
