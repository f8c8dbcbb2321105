import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Stance, StanceJudgement, StanceModel, StancePair } from '../core/index.js';
import { mostProbable, withSecondReading } from './second-reading.js';

const judgement = (stance: Stance, scores: [number, number, number], decisiveSentence = 'the sentence'): StanceJudgement => ({
  stance,
  confidence: scores[['supports', 'refutes', 'neutral'].indexOf(stance)]!,
  scores: { supports: scores[0], refutes: scores[1], neutral: scores[2] },
  decisiveSentence,
});

/** A judge that answers from a table keyed by the passage, recording what it was asked. */
function tableJudge(name: string, table: Record<string, StanceJudgement>, asked: StancePair[][] = []): StanceModel {
  return {
    name,
    judge: async (pairs) => {
      asked.push(pairs);
      return pairs.map((p) => table[p.passage] ?? judgement('neutral', [0.1, 0.1, 0.8], p.passage));
    },
  };
}

test('an edge of the first judge stands only when the second reads its decisive sentence alike; a neutral one is never read again', async () => {
  const first = tableJudge('embedded', {
    'counts passage': judgement('refutes', [0.09, 0.85, 0.06], 'Fractures occurred in 769 participants and 750 in the placebo group.'),
    'trial passage': judgement('supports', [0.9, 0.05, 0.05], 'Daily vitamin D reduced hip fractures by 43 percent.'),
    'neutral passage': judgement('neutral', [0.2, 0.1, 0.7]),
  });
  const asked: StancePair[][] = [];
  let made = 0;
  const second = tableJudge(
    'nli',
    {
      'Fractures occurred in 769 participants and 750 in the placebo group.': judgement('neutral', [0.02, 0.04, 0.94]),
      'Daily vitamin D reduced hip fractures by 43 percent.': judgement('neutral', [0.7, 0.1, 0.2]),
    },
    asked,
  );
  const model = withSecondReading({ first, second: () => (made++, second), secondName: 'nli' });
  assert.equal(model.name, 'embedded+nli');
  const claim = 'Vitamin D supplementation prevents fractures.';
  const out = await model.judge([
    { claim, passage: 'counts passage' },
    { claim, passage: 'trial passage' },
    { claim, passage: 'neutral passage' },
  ]);
  // The counts sentence: the second judge reads it as neutral, so the refutation goes, its probabilities kept.
  assert.equal(out[0]!.stance, 'neutral');
  assert.equal(out[0]!.confidence, 0.06);
  assert.equal(out[0]!.scores.refutes, 0.85);
  // The trial sentence: below the second judge's own bar (its label is neutral) but most probably supports: kept.
  assert.equal(out[1]!.stance, 'supports');
  assert.equal(out[2]!.stance, 'neutral');
  // Only the two edges were read again, each on its decisive sentence.
  assert.deepEqual(
    asked.flat().map((p) => p.passage),
    ['Fractures occurred in 769 participants and 750 in the placebo group.', 'Daily vitamin D reduced hip fractures by 43 percent.'],
  );
  assert.equal(made, 1);
});

test('Japanese claims keep the first reading, and a batch without an edge never loads the second judge', async () => {
  const first = tableJudge('embedded', { p: judgement('supports', [0.9, 0.05, 0.05]) });
  let made = 0;
  const model = withSecondReading({ first, second: () => (made++, tableJudge('nli', {})), secondName: 'nli' });
  const out = await model.judge([{ claim: 'ビタミンDは骨折を防ぐ。', passage: 'p' }]);
  assert.equal(out[0]!.stance, 'supports');
  await model.judge([{ claim: 'Vitamin D prevents fractures.', passage: 'nothing' }]);
  assert.equal(made, 0);
});

test('most probable label: ties go to neutral, then to supports', () => {
  assert.equal(mostProbable({ supports: 0.4, refutes: 0.2, neutral: 0.4 }), 'neutral');
  assert.equal(mostProbable({ supports: 0.45, refutes: 0.45, neutral: 0.1 }), 'supports');
  assert.equal(mostProbable({ supports: 0.2, refutes: 0.5, neutral: 0.3 }), 'refutes');
});

test('shipped judges: the embedded network refutes a claim of counts by a "does not prevent" sentence; read again by models/nli-en, the edge goes (own-folder trial)', async () => {
  const { createStanceModel } = await import('./factory.js');
  const pair = {
    claim: 'Fractures occurred in 769 participants in the vitamin D group and 750 in the placebo group.',
    passage:
      'A meta-analysis of 81 randomised trials found that vitamin D supplementation does not prevent fractures, falls, or clinically meaningful loss of bone mineral density.',
  };
  const direct = {
    claim: 'Vitamin D supplementation prevents fractures.',
    passage: 'Vitamin D supplementation does not prevent fractures.',
  };
  const plain = createStanceModel({ backend: 'embedded' });
  const reread = createStanceModel({ backend: 'embedded', secondReading: 'nli' });
  assert.equal(reread.name, 'embedded+nli');
  const [a, b] = await plain.judge([pair, direct]);
  assert.equal(a!.stance, 'refutes');
  assert.equal(b!.stance, 'refutes');
  const [c, d] = await reread.judge([pair, direct]);
  assert.equal(c!.stance, 'neutral');
  assert.equal(c!.scores.refutes, a!.scores.refutes);
  // A refutation both judges read alike stays.
  assert.equal(d!.stance, 'refutes');
});

test('edges: refutes alone re-reads refutations only and leaves every support as the first judge reads it', async () => {
  const first = tableJudge('embedded', {
    s: judgement('supports', [0.9, 0.05, 0.05], 'supporting sentence'),
    r: judgement('refutes', [0.05, 0.9, 0.05], 'refuting sentence'),
  });
  const asked: StancePair[][] = [];
  const model = withSecondReading({ first, second: () => tableJudge('nli', {}, asked), secondName: 'nli', edges: ['refutes'] });
  // Its probabilities and supports are the first judge's: stored under its name, its calibrations apply.
  assert.equal(model.name, 'embedded');
  const out = await model.judge([
    { claim: 'A claim.', passage: 's' },
    { claim: 'A claim.', passage: 'r' },
  ]);
  assert.deepEqual(
    out.map((j) => j.stance),
    ['supports', 'neutral'],
  );
  assert.deepEqual(
    asked.flat().map((p) => p.passage),
    ['refuting sentence'],
  );
});
