// Behaviour of the shipped `embedded` weights that must hold whatever the training run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { InvalidInputError, NonRetryableError, STANCES } from '../../core/index.js';
import { createEmbeddedStanceModel, DEFAULT_STANCE_WEIGHTS_PATH } from './embedded.js';

const model = createEmbeddedStanceModel();

async function judge(claim: string, passage: string) {
  const [j] = await model.judge([{ claim, passage }]);
  return j!;
}

test('an explicit negation of a supported claim is not supports', async () => {
  for (const [claim, passage] of [
    ['Smoking does not cause lung cancer.', 'Smoking causes lung cancer.'],
    ['Hydroxychloroquine does not reduce mortality in COVID-19 patients.', 'Hydroxychloroquine reduces mortality in COVID-19 patients.'],
    ['Vitamin C causes kidney stones.', 'Vitamin C does not cause kidney stones.'],
  ]) {
    assert.notEqual((await judge(claim!, passage!)).stance, 'supports', `${claim} / ${passage}`);
  }
});

test('a numeric mismatch is not supports', async () => {
  for (const [claim, passage] of [
    ['The vaccine reduced infections by 50 %.', 'The vaccine reduced infections by 5 %.'],
    ['The trial enrolled 300 patients.', 'The trial enrolled 30 patients.'],
  ]) {
    assert.notEqual((await judge(claim!, passage!)).stance, 'supports', `${claim} / ${passage}`);
  }
});

test('increases versus decreases with the rest equal is not supports', async () => {
  for (const [claim, passage] of [
    ['Vitamin D increases the risk of fractures.', 'Vitamin D decreases the risk of fractures.'],
    ['Remdesivir decreased the time to recovery.', 'Remdesivir increased the time to recovery.'],
    ['Mask wearing lowers transmission of influenza.', 'Mask wearing raises transmission of influenza.'],
  ]) {
    assert.notEqual((await judge(claim!, passage!)).stance, 'supports', `${claim} / ${passage}`);
  }
});

test('unrelated text is neutral', async () => {
  for (const [claim, passage] of [
    ['Masks reduce transmission of influenza.', 'The Eiffel Tower was completed in 1889 in Paris.'],
    ['Ibuprofen worsens COVID-19 outcomes.', 'The committee met on Tuesday to discuss the new library budget.'],
  ]) {
    assert.equal((await judge(claim!, passage!)).stance, 'neutral', `${claim} / ${passage}`);
  }
});

// Found on a folder of four notes on water fluoridation (2026-11-30): `lyra verify "Water fluoridation reduces
// tooth decay in children."` showed the Calgary cohort as refuting (0.84): "stopped adding fluoride … tooth decay
// increased" read as the opposite of "reduces". The withdrawal guard (decide.ts) keeps it from deciding.
test('a sentence about the subject taken away does not refute the claim it reverses (withdrawal guard)', async () => {
  const j = await judge(
    'Water fluoridation reduces tooth decay in children.',
    'After Calgary stopped adding fluoride to its water supply in 2011, tooth decay in the primary teeth of grade 2 children increased compared with Edmonton, where fluoridation continued.',
  );
  assert.equal(j.stance, 'neutral', JSON.stringify(j));
  assert.ok(j.scores.refutes >= 0.8, `the network itself reads it as refuting: ${JSON.stringify(j.scores)}`);
});

test('a long passage returns the decisive sentence', async () => {
  const decisive = 'In this cohort, smoking caused lung cancer in adults.';
  const passage = [
    'We followed 4,000 adults for ten years (see Fig. 1).',
    'Participants were recruited in 12 hospitals, e.g. in Boston.',
    decisive,
    'Funding came from a public grant.',
  ].join(' ');
  const j = await judge('Smoking causes lung cancer in adults.', passage);
  assert.equal(j.decisiveSentence, decisive);
  assert.equal(j.stance, 'supports');
});

test('scores are probabilities and confidence is the score of the stance', async () => {
  const judgements = await model.judge([
    { claim: 'Aspirin reduces the risk of stroke.', passage: 'Aspirin reduced the risk of stroke in the trial.' },
    { claim: 'Aspirin reduces the risk of stroke.', passage: '' + 'Coffee is popular in Italy.' },
  ]);
  assert.equal(judgements.length, 2);
  for (const j of judgements) {
    const sum = STANCES.reduce((s, k) => s + j.scores[k], 0);
    assert.ok(Math.abs(sum - 1) < 1e-5);
    assert.equal(j.confidence, j.scores[j.stance]);
    assert.ok(j.decisiveSentence.length > 0);
  }
});

test('an empty claim or passage is invalid input', async () => {
  await assert.rejects(model.judge([{ claim: ' ', passage: 'Text.' }]), InvalidInputError);
  await assert.rejects(model.judge([{ claim: 'Claim.', passage: '' }]), InvalidInputError);
});

test('a claim in neither English nor Japanese is invalid input, not a guessed neutral', async () => {
  await assert.rejects(model.judge([{ claim: 'Маски снижают заражение.', passage: 'Masks reduce infections.' }]), (error: unknown) => {
    assert.ok(error instanceof InvalidInputError);
    assert.equal(error.code, 'stance_unsupported_language');
    return true;
  });
});

test('an aborted signal stops the call', async () => {
  await assert.rejects(model.judge([{ claim: 'a', passage: 'b' }], { signal: AbortSignal.abort() }), { name: 'AbortError' });
});

test('a missing model descriptor is a NonRetryableError naming the path', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'lyra-stance-')), 'absent.json');
  const missing = createEmbeddedStanceModel({ weightsPath: path });
  await assert.rejects(missing.judge([{ claim: 'a', passage: 'b' }]), (error: unknown) => {
    assert.ok(error instanceof NonRetryableError);
    assert.match(error.message, new RegExp(path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.equal(error.code, 'model_weights_missing');
    return true;
  });
});

test('a corrupt descriptor, vectors file or network is a NonRetryableError naming the path', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-stance-'));
  const garbage = join(dir, 'garbage.json');
  writeFileSync(garbage, 'not a descriptor');
  await assert.rejects(createEmbeddedStanceModel({ weightsPath: garbage }).judge([{ claim: 'a', passage: 'b' }]), (error: unknown) => {
    assert.ok(error instanceof NonRetryableError);
    assert.ok(error.message.includes(garbage));
    assert.equal(error.code, 'model_weights_corrupt');
    return true;
  });
  const real = JSON.parse(readFileSync(DEFAULT_STANCE_WEIGHTS_PATH, 'utf8')) as { network: string; vectors: string };
  const shipped = dirname(DEFAULT_STANCE_WEIGHTS_PATH);
  for (const broken of ['network', 'vectors'] as const) {
    const sub = mkdtempSync(join(dir, broken));
    for (const f of [real.network, real.vectors]) {
      const bytes = readFileSync(join(shipped, f));
      writeFileSync(join(sub, f), f === real[broken] ? bytes.subarray(0, Math.floor(bytes.length / 2)) : bytes);
    }
    const descriptor = join(sub, 'stance-en.json');
    writeFileSync(descriptor, readFileSync(DEFAULT_STANCE_WEIGHTS_PATH));
    await assert.rejects(
      createEmbeddedStanceModel({ weightsPath: descriptor }).judge([{ claim: 'Masks work.', passage: 'Masks reduce infections.' }]),
      (error: unknown) => {
        assert.ok(error instanceof NonRetryableError, String(error));
        assert.ok(error.message.includes(join(sub, real[broken])), error.message);
        assert.equal(error.code, 'model_weights_corrupt');
        return true;
      },
    );
  }
});

test('same event first: a sentence about another fact of the same reef does not refute (quick-start audit)', async () => {
  const claim = "In 2016, bleaching of coral on the Great Barrier Reef killed between 29 and 50 percent of the reef's coral.";
  const shark =
    'The Queensland shark control program uses shark nets and drum lines with baited hooks to kill sharks in the Great Barrier Reef – there are 173 lethal drum lines in the Great Barrier Reef.';
  assert.notEqual((await judge(claim, shark)).stance, 'refutes');
});

// Pinned as a known gap (a todo test runs and reports, but does not fail the suite): the shipped English
// network gives this confirmation supports ≈ 0.48, under the fitted threshold, so the edge stays neutral
// (issue 14 is open on it; see models/stance-en/MODEL_CARD.md). It must pass once the judge is stronger.
// The research run links this pair all the same, through the claim links of the graph phase (the
// pretrained judge within the encoder's gate: pipeline/graph/corroborate.test.ts pins that).
test('a sentence that confirms the claim supports it (quick-start audit: El Niño bleaching)', {
  todo: 'the embedded English model leaves it neutral (issue 14)',
}, async () => {
  const claim =
    'Every 4–7 years, an El Niño event causes some reefs with heat-sensitive corals to bleach, with especially widespread bleachings in 1998 and 2010.';
  const confirms =
    'The first mass global bleaching events were recorded in 1998 and 2010, which was when the El Niño caused the oceans temperatures to rise and worsened the corals living conditions.';
  assert.equal((await judge(claim, confirms)).stance, 'supports');
});

test('a Japanese claim is judged by the Japanese network, offline', async () => {
  const claim = '男性がギターを弾いている。';
  const [entails, contradicts, unrelated] = await model.judge([
    { claim, passage: '男性がギターを演奏している。' },
    { claim, passage: '男性はギターを弾いていない。' },
    { claim, passage: '子供たちが公園でサッカーをしている。' },
  ]);
  assert.notEqual(entails!.stance, 'refutes');
  assert.notEqual(contradicts!.stance, 'supports');
  assert.equal(unrelated!.stance, 'neutral');
  for (const j of [entails!, contradicts!, unrelated!]) assert.ok(Math.abs(j.scores.supports + j.scores.refutes + j.scores.neutral - 1) < 1e-5);
  assert.equal((await model.decision('ja')).supports > 0, true);
});

test('a long batch gives the event loop turns while it runs (an MCP server stays responsive)', async () => {
  // Distinct, long sentences so nothing comes from the cache; the batch takes far longer than STANCE_YIELD_MS.
  const pairs = Array.from({ length: 300 }, (_, i) => ({
    claim: `Ocean warming of ${i + 1} degrees increases coral bleaching on reef number ${i}.`,
    passage: `Surveys of reef ${i} in year ${1990 + (i % 30)} found that ${i % 7} of ${i + 3} coral colonies bleached after a marine heatwave, while nearby shaded reefs recovered within ${i % 5} years and fish counts fell by ${i % 40} percent.`,
  }));
  let turns = 0;
  let stop = false;
  const tick = (): void => {
    turns++;
    if (!stop) setImmediate(tick);
  };
  setImmediate(tick);
  await model.judge(pairs);
  stop = true;
  assert.ok(turns >= 2, `the event loop turned ${turns} time(s) during a 300-pair batch`);
});
