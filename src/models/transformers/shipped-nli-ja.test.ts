// The real shipped Japanese judge (models/nli-ja, int8) on small inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLyraError } from '../../core/index.js';
import { assertShippedParity } from '../../test-support/nli-parity.js';
import { createStanceModel } from '../factory.js';
import { createEmbeddedStanceModel } from '../stance/index.js';
import { createDescribedJudge, createNliStanceModel, createShippedJapaneseJudge, SHIPPED_MODELS_DIR } from './index.js';

const japanese = createShippedJapaneseJudge({ judge: 'nli' });

test('Japanese judge: Node gives the probabilities Python onnxruntime gave for the same int8 file, within 1e-4', () => assertShippedParity('nli-ja', 'ja'));

test('Japanese judge: a paraphrase supports, a negation refutes, an unrelated sentence is neutral', async () => {
  const claim = '男性がギターを弾いている。';
  const [entails, contradicts, unrelated] = await japanese.judge([
    { claim, passage: '男性がギターを演奏している。' },
    { claim, passage: '男性はギターを弾いていない。' },
    { claim, passage: '子供たちが公園でサッカーをしている。' },
  ]);
  assert.equal(entails!.stance, 'supports', JSON.stringify(entails));
  assert.equal(contradicts!.stance, 'refutes', JSON.stringify(contradicts));
  assert.equal(unrelated!.stance, 'neutral', JSON.stringify(unrelated));
  assert.equal(contradicts!.decisiveSentence, '男性はギターを弾いていない。');
  for (const j of [entails!, contradicts!, unrelated!]) assert.ok(Math.abs(j.scores.supports + j.scores.refutes + j.scores.neutral - 1) < 1e-5);
});

test('Japanese judge: opt-in under both shipped backends (models/stance-ja judges Japanese claims unless it is asked for)', async () => {
  const pair = { claim: '男性がギターを弾いている。', passage: '男性がギターを演奏している。' };
  const [own] = await japanese.judge([pair]);
  const [old] = await createEmbeddedStanceModel({ language: 'ja' }).judge([pair]);
  assert.notDeepEqual(old!.scores, own!.scores);
  const [viaNli] = await createNliStanceModel().judge([pair]);
  const [viaEmbedded] = await createStanceModel({ backend: 'embedded' }).judge([pair]);
  assert.deepEqual(viaNli!.scores, old!.scores);
  assert.deepEqual(viaEmbedded!.scores, old!.scores);
  const [optedIn] = await createStanceModel({ backend: 'embedded', japaneseJudge: 'nli' }).judge([pair]);
  const [optedInNli] = await createNliStanceModel({ japaneseJudge: 'nli' }).judge([pair]);
  assert.deepEqual(optedIn!.scores, own!.scores);
  assert.deepEqual(optedInNli!.scores, own!.scores);
});

test('Japanese judge: an English descriptor is refused by language, a missing one names its path', () => {
  assert.throws(
    () => createDescribedJudge({ descriptorPath: join(SHIPPED_MODELS_DIR, 'nli-en', 'lyra.json'), language: 'ja', maxPairs: 1 }),
    (err: unknown) => isLyraError(err) && err.code === 'model_weights_corrupt' && /language en, expected ja/.test(err.message),
  );
  assert.throws(
    () => createShippedJapaneseJudge({ judge: 'nli', descriptorPath: join(tmpdir(), 'no-such-lyra-nli-ja', 'lyra.json') }),
    (err: unknown) => isLyraError(err) && err.code === 'model_weights_missing' && /no-such-lyra-nli-ja/.test(err.message),
  );
});
