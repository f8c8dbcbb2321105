import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLyraError, type StanceJudgement, type StanceModel, type StancePair } from '../core/index.js';
import { createLanguageRoutedStanceModel } from './language-routed-stance.js';

/** A fake judge that records what it was given and answers with its own tag in the decisive sentence. */
function fake(tag: string, seen: StancePair[][]): StanceModel {
  return {
    name: tag,
    async judge(pairs: StancePair[]): Promise<StanceJudgement[]> {
      seen.push(pairs);
      return pairs.map((p) => ({
        stance: 'neutral',
        confidence: 1,
        scores: { supports: 0, refutes: 0, neutral: 1 },
        decisiveSentence: `${tag}:${p.claim}`,
      }));
    },
  };
}

test('language routing: each pair goes to its claim language judge and comes back in input order', async () => {
  const en: StancePair[][] = [];
  const ja: StancePair[][] = [];
  let made = 0;
  const model = createLanguageRoutedStanceModel({
    name: 'routed',
    en: fake('en', en),
    ja: () => (made++, fake('ja', ja)),
    maxPairs: 10,
  });
  const pairs = [
    { claim: 'Reefs bleach.', passage: 'x' },
    { claim: 'サンゴが白化する。', passage: 'y' },
    { claim: 'Heat kills coral.', passage: 'z' },
    { claim: '海水温が上がった。', passage: 'w' },
  ];
  const out = await model.judge(pairs);
  assert.deepEqual(
    out.map((j) => j.decisiveSentence),
    ['en:Reefs bleach.', 'ja:サンゴが白化する。', 'en:Heat kills coral.', 'ja:海水温が上がった。'],
  );
  assert.equal(en.length, 1, 'one call per language');
  assert.equal(ja.length, 1);
  await model.judge([{ claim: 'サンゴ', passage: 'v' }]);
  assert.equal(made, 1, 'the Japanese judge is made once');
});

test('language routing: an English-only batch never makes the Japanese judge; a claim in neither language, limits and aborts are refused', async () => {
  let made = 0;
  const model = createLanguageRoutedStanceModel({
    name: 'routed',
    en: fake('en', []),
    ja: () => (made++, fake('ja', [])),
    maxPairs: 2,
  });
  await model.judge([{ claim: 'Reefs bleach.', passage: 'x' }]);
  assert.equal(made, 0);
  await assert.rejects(
    model.judge([
      { claim: 'Reefs bleach.', passage: 'x' },
      { claim: 'Кораллы обесцвечиваются.', passage: 'y' },
    ]),
    (e: unknown) => isLyraError(e) && e.code === 'stance_unsupported_language' && /^stance pair 1: the routed judge reads English and Japanese/.test(e.message),
  );
  const three = Array.from({ length: 3 }, () => ({ claim: 'a', passage: 'b' }));
  await assert.rejects(model.judge(three), (e: unknown) => isLyraError(e) && e.category === 'invalid_input');
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(model.judge([{ claim: 'a', passage: 'b' }], { signal: controller.signal }));
});
