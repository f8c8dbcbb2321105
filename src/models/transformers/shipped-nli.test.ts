import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLyraError } from '../../core/index.js';
import { assertShippedParity } from '../../test-support/nli-parity.js';
import { createNliStanceModel, judgementUnits } from './index.js';

// The real shipped model (models/nli-en, 23 MB int8) on small inputs.
const model = createNliStanceModel();

test('nli judge: Node gives the probabilities Python onnxruntime gave for the same int8 file, within 1e-4', () => assertShippedParity('nli-en', 'en'));

// The first two models were dynamically quantized: each activation tensor took its scale from the whole
// batch, padding included, so the same pair moved by up to 0.19 in probability with its batch-mates.
test('nli judge: a pair gets the same probabilities alone and among other pairs of other lengths', async () => {
  const pair = {
    claim: 'Coral reefs are dying because of climate change.',
    passage: 'Coral reefs are declining worldwide, and climate change is the greatest threat to them.',
  };
  const others = [
    {
      claim: 'The drug did not reduce mortality.',
      passage: 'The drug reduced mortality by 30% compared with placebo in a trial of 4,000 patients over five years.',
    },
    { claim: 'Sharks swim.', passage: 'A man is playing a guitar on stage.' },
    {
      claim: 'Arctic sea ice is shrinking.',
      passage: 'Arctic sea ice extent has declined in every decade since 1979, and the decline has accelerated since 2000.',
    },
  ];
  const [alone] = await model.judgeSentenceLists([pair]);
  const among = await model.judgeSentenceLists([others[0]!, pair, others[1]!, others[2]!]);
  const a = alone![0]!.probs;
  const b = among[1]![0]!.probs;
  for (let c = 0; c < 3; c++) assert.ok(Math.abs(a[c]! - b[c]!) < 1e-6, `label ${c}: alone ${a[c]} vs in a batch ${b[c]}`);
});

test('nli judge: a sentence about shark nets on the reef neither supports nor refutes a bleaching claim (quick-start audit)', async () => {
  const [j] = await model.judge([
    {
      claim: "In 2016, bleaching of coral on the Great Barrier Reef killed between 29 and 50 percent of the reef's coral.",
      passage:
        'The Queensland "shark control" program uses shark nets and drum lines with baited hooks to kill sharks in the Great Barrier Reef – there are 173 lethal drum lines in the Great Barrier Reef.',
    },
  ]);
  assert.equal(j!.stance, 'neutral', JSON.stringify(j));
});

// The quick-start pair the first nli model left neutral (supports 0.06); the model trained on shuffled
// examples links it (models/nli-en/MODEL_CARD.md).
test('nli judge: the El Niño sentence of one article supports the bleaching claim of another (quick-start audit)', async () => {
  const [j] = await model.judge([
    {
      claim:
        'The first mass global bleaching events were recorded in 1998 and 2010, which was when the El Niño caused the oceans temperatures to rise and worsened the corals living conditions.',
      passage:
        'Every 4–7 years, an El Niño event causes some reefs with heat-sensitive corals to bleach, with especially widespread bleachings in 1998 and 2010.',
    },
  ]);
  assert.equal(j!.stance, 'supports', JSON.stringify(j));
});

const ARCTIC = {
  claim: 'Arctic sea ice has grown in every decade since 1979.',
  passage: 'Satellites have watched the Arctic since 1979. Arctic sea ice extent has declined in every decade since 1979.',
};

test('nli judge: a plain contradiction leans to refutes, with the decisive sentence and calibrated scores', async () => {
  const [j] = await model.judge([ARCTIC]);
  assert.equal(j!.decisiveSentence, 'Arctic sea ice extent has declined in every decade since 1979.');
  assert.ok(Math.abs(j!.scores.supports + j!.scores.refutes + j!.scores.neutral - 1) < 1e-5);
  assert.ok(j!.scores.refutes > j!.scores.supports && j!.scores.refutes > j!.scores.neutral, JSON.stringify(j));
  assert.notEqual(j!.stance, 'supports');
});

// The CPU model left this pair neutral (refutes 0.595 under its threshold of 0.68); the model trained on an
// accelerator, run one pair per pass, shows it refuting (models/nli-en/MODEL_CARD.md).
test('nli judge: a plain contradiction is shown as refuting', async () => {
  const [j] = await model.judge([ARCTIC]);
  assert.equal(j!.stance, 'refutes', JSON.stringify(j));
  assert.equal(j!.confidence, j!.scores.refutes);
});

// A known gap (issue 31; npm run bench:valence, models/nli-en/MODEL_CARD.md): the judge reads any
// "reduced …" as contradicting a claim of harm. Pinned as a todo: it runs and reports, and passes when a
// judge composes the change with the valence of what changed. Measured 2026-11-29: refutes 0.76.
test('nli judge: a fall in a good quantity supports a claim of harm ("showed reduced growth" → "Microplastics do harm fish")', {
  todo: 'the judge reads "reduced" as a contradiction (issue 31)',
}, async () => {
  const [j] = await model.judge([
    {
      claim: 'Microplastics do harm fish.',
      passage: 'Fish that had ingested microplastics showed reduced growth and altered feeding behaviour in laboratory exposure experiments.',
    },
  ]);
  assert.ok(j!.scores.supports > j!.scores.refutes, JSON.stringify(j));
});

test('nli judge: a batch of Japanese and English claims is judged whole; a missing descriptor is a clear error', async () => {
  const [ja, en] = await model.judge([
    { claim: 'サンゴ礁は白化している。', passage: 'サンゴ礁の白化が観測された。' },
    { claim: 'Coral reefs are bleaching.', passage: 'Coral reefs are bleaching worldwide.' },
  ]);
  assert.ok(ja && en);
  assert.equal(en.stance, 'supports');
  assert.throws(
    () => createNliStanceModel({ descriptorPath: join(tmpdir(), 'no-such-lyra-nli', 'lyra.json') }),
    (err: unknown) => isLyraError(err) && err.code === 'model_weights_missing' && /no-such-lyra-nli/.test(err.message),
  );
});

test('judgementUnits: a sentence that refers back is also judged with the one before it', () => {
  assert.deepEqual(judgementUnits(['Reefs bleach in hot years.', 'This happened in 1998.', 'Sharks swim.'], true), [
    'Reefs bleach in hot years.',
    'This happened in 1998.',
    'Reefs bleach in hot years. This happened in 1998.',
    'Sharks swim.',
  ]);
  assert.deepEqual(judgementUnits(['A.', 'This B.'], false), ['A.', 'This B.']);
  assert.deepEqual(judgementUnits(['This opens the passage.'], true), ['This opens the passage.']);
});
