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

// The file is weight-only int8 (int8 weights, fp32 activations): it runs in batches of 8, and a pair's
// probabilities must not move with its batch-mates as they did under dynamic int8 (each activation tensor
// scaled over the whole batch, padding included).
test('Japanese judge: weight-only int8, and a pair gets the same probabilities alone and among pairs of other lengths', async () => {
  const { descriptor, model } = createDescribedJudge({ descriptorPath: join(SHIPPED_MODELS_DIR, 'nli-ja', 'lyra.json'), language: 'ja', maxPairs: 100 });
  assert.equal(descriptor.quantization, 'weights-only');
  const pair = { claim: 'サンゴの白化は海水温の上昇が原因である。', passage: 'サンゴの白化は、海水温が平年より高い状態が数週間続くと起きる。' };
  const others = [
    { claim: 'その薬は死亡率を下げた。', passage: 'その薬はプラセボと比べて、5年間にわたる4000人の患者の試験で死亡率を30%下げた。' },
    { claim: '犬が走る。', passage: '男性がステージでギターを弾いている。' },
    { claim: '北極の海氷は縮小している。', passage: '北極の海氷面積は1979年以降どの10年でも減少しており、2000年以降その減少は加速している。' },
  ];
  const [alone] = await model.judgeSentenceLists([pair]);
  const among = await model.judgeSentenceLists([others[0]!, pair, others[1]!, others[2]!]);
  const a = alone![0]!.probs;
  const b = among[1]![0]!.probs;
  for (let c = 0; c < 3; c++) assert.ok(Math.abs(a[c]! - b[c]!) < 1e-5, `label ${c}: alone ${a[c]} vs in a batch ${b[c]}`);
});

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
