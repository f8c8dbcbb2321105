// The fused score of corpus search: BM25's score scaled to the pool's best, plus the weighted cosine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DENSE_WEIGHT, hybridScores, inLatinScript } from './hybrid-rank.js';

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

test('inLatinScript: English and other Latin-script queries are read by meaning; Japanese, Korean and Cyrillic ones are not', () => {
  assert.equal(inLatinScript('Do neonicotinoid pesticides harm honeybees?'), true);
  assert.equal(inLatinScript('Les pesticides nuisent-ils aux abeilles ?'), true);
  assert.equal(inLatinScript('ネオニコチノイド系農薬はミツバチに害を与えるか'), false);
  assert.equal(inLatinScript('농약이 꿀벌에 해로운가'), false);
  assert.equal(inLatinScript('Вредят ли пестициды пчёлам?'), false);
  // A Japanese question naming one English term is still Japanese.
  assert.equal(inLatinScript('COVID-19 のワクチンは有効か'), false);
  assert.equal(inLatinScript('2019 – 2020'), false);
});
