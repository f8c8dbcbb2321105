import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calibrated, decidePassage, sentenceVerdict, type JudgedSentence } from './decide.js';
import type { Decision } from './descriptor.js';

const d: Decision = { supports: 0.6, refutes: 0.7, refuteSubject: 0.5, refuteRest: 0.34, supportSubject: 0, supportRest: 0 };
const s = (probs: number[], alignment?: { subject: number; rest: number }, sentence = 'x'): JudgedSentence => ({
  sentence,
  probs,
  ...(alignment ? { alignment } : {}),
});

test('a label needs its fitted threshold: below it the edge is neutral and keeps its probabilities', () => {
  assert.equal(sentenceVerdict(s([0.59, 0.1, 0.31]), d), 'neutral');
  assert.equal(sentenceVerdict(s([0.6, 0.1, 0.3]), d), 'supports');
  assert.equal(sentenceVerdict(s([0.1, 0.69, 0.21], { subject: 1, rest: 1 }), d), 'neutral');
  assert.equal(sentenceVerdict(s([0.1, 0.7, 0.2], { subject: 1, rest: 1 }), d), 'refutes');
  const j = decidePassage([s([0.55, 0.3, 0.15])], d);
  assert.equal(j.stance, 'neutral');
  assert.deepEqual(j.scores, { supports: 0.55, refutes: 0.3, neutral: 0.15 });
  assert.equal(j.confidence, 0.15);
});

test('same event first: a confident refutation about another subject or predicate is neutral', () => {
  assert.equal(sentenceVerdict(s([0.05, 0.9, 0.05], { subject: 0, rest: 1 }), d), 'neutral', 'subject not in the sentence');
  assert.equal(sentenceVerdict(s([0.05, 0.9, 0.05], { subject: 1, rest: 0 }), d), 'neutral', 'nothing said of the subject is in the sentence');
  assert.equal(sentenceVerdict(s([0.05, 0.9, 0.05], { subject: 0.5, rest: 0.5 }), d), 'refutes');
  assert.equal(sentenceVerdict(s([0.05, 0.9, 0.05]), d), 'refutes', 'no alignment (Japanese): the threshold alone decides');
});

test('the most probable supporting or refuting sentence decides; without one, the least neutral sentence is shown', () => {
  const j = decidePassage(
    [s([0.62, 0.1, 0.28], undefined, 'weak'), s([0.05, 0.8, 0.15], { subject: 1, rest: 1 }, 'strong'), s([0.1, 0.1, 0.8], undefined, 'other')],
    d,
  );
  assert.equal(j.stance, 'refutes');
  assert.equal(j.decisiveSentence, 'strong');
  const n = decidePassage([s([0.2, 0.1, 0.7], undefined, 'a'), s([0.3, 0.2, 0.5], undefined, 'b')], d);
  assert.equal(n.stance, 'neutral');
  assert.equal(n.decisiveSentence, 'b');
});

test('calibrated is a softmax at a temperature', () => {
  const p = calibrated([2, 0, -1], 2);
  assert.ok(Math.abs(p[0]! + p[1]! + p[2]! - 1) < 1e-6);
  assert.ok(Math.abs(p[0]! / p[1]! - Math.exp(1)) < 1e-4);
});

test('a sentence that states no finding never decides: a procedure stays neutral and keeps its probabilities, and the next sentence may decide', () => {
  const procedure = 'PARTICIPANTS: 150 patients admitted to hospital with covid-19 were included in the intention to treat analysis.';
  const finding = 'Hydroxychloroquine did not reduce mortality in hospitalised patients.';
  const j = decidePassage([s([0.9, 0.05, 0.05], undefined, procedure), s([0.05, 0.8, 0.15], undefined, finding)], d);
  assert.equal(j.stance, 'refutes');
  assert.equal(j.decisiveSentence, finding);
  for (const text of [
    procedure,
    'We assessed the safety of tocilizumab in patients requiring mechanical ventilation.',
    'Figure 2: Coral cover declined by 50% between 1985 and 2012.',
  ]) {
    const n = decidePassage([s([0.9, 0.05, 0.05], undefined, text)], d);
    assert.equal(n.stance, 'neutral', text);
    assert.deepEqual(n.scores, { supports: 0.9, refutes: 0.05, neutral: 0.05 }, 'it keeps its probabilities');
  }
  // Evidence that is no claim worth checking still decides: a headline states a finding, a cohort in percentages is one.
  for (const text of [
    finding,
    '"June was hottest ever recorded on Earth, European satellite agency announces".',
    'Among confirmed cases, most were aged 30-79 years (86.6%) and considered mild (80.9%).',
  ])
    assert.equal(decidePassage([s([0.9, 0.05, 0.05], undefined, text)], d).stance, 'supports', text);
});

test('a Japanese heading (no full stop, no predicate) never decides; a Japanese sentence does', () => {
  const heading = '海水温の上昇とサンゴの白化';
  const n = decidePassage([s([0.9, 0.05, 0.05], undefined, heading)], d);
  assert.equal(n.stance, 'neutral');
  assert.deepEqual(n.scores, { supports: 0.9, refutes: 0.05, neutral: 0.05 }, 'it keeps its probabilities');
  for (const text of ['サンゴの白化は、海水温が平年より高い状態が数週間続くと起きる。', '感染者数が前年比2倍に増加。', '男性がギターを弾いている'])
    assert.equal(decidePassage([s([0.9, 0.05, 0.05], undefined, text)], d).stance, 'supports', text);
});

test('with the claim, a sentence about other conditions never decides: another length of exposure, people of another age', () => {
  const claim = 'Reading on screens for less than 30 minutes before bed has no effect on sleep.';
  const other = 'Participants who read on screens before bed for at least 30 minutes most nights had worse sleep.';
  const same = 'Reading on screens for under 20 minutes did not change sleep onset.';
  const j = decidePassage([s([0.05, 0.9, 0.05], undefined, other), s([0.8, 0.1, 0.1], undefined, same)], d, { claim });
  assert.equal(j.stance, 'supports');
  assert.equal(j.decisiveSentence, same);
  // Alone it stays neutral and keeps its probabilities; without the claim it decides as before.
  const n = decidePassage([s([0.05, 0.9, 0.05], undefined, other)], d, { claim });
  assert.deepEqual([n.stance, n.scores.refutes], ['neutral', 0.9]);
  assert.equal(decidePassage([s([0.05, 0.9, 0.05], undefined, other)], d).stance, 'refutes');
  const teens = 'Among teenagers aged 13 to 18, more than one hour of screen reading was linked to later sleep.';
  assert.equal(decidePassage([s([0.9, 0.05, 0.05], undefined, teens)], d, { claim: 'Among adults over 30, screen reading delays sleep.' }).stance, 'neutral');
});

test('with the claim, a sentence about the subject taken away never decides: its direction runs against the claim', () => {
  const claim = 'Water fluoridation reduces tooth decay in children.';
  const stopped =
    'After Calgary stopped adding fluoride to its water supply in 2011, tooth decay in the primary teeth of grade 2 children increased compared with Edmonton, where fluoridation continued.';
  const kept = 'Children in the city that kept fluoridation had fewer cavities in their baby teeth.';
  // The default judge reads the stopped-fluoride sentence as refuting (0.84): here it stays neutral with its probabilities.
  const n = decidePassage([s([0.04, 0.84, 0.12], undefined, stopped)], d, { claim });
  assert.deepEqual([n.stance, n.scores.refutes], ['neutral', 0.84]);
  assert.equal(decidePassage([s([0.04, 0.84, 0.12], undefined, stopped)], d).stance, 'refutes');
  // Beside it, a sentence about fluoridation kept decides.
  const j = decidePassage([s([0.04, 0.84, 0.12], undefined, stopped), s([0.8, 0.1, 0.1], undefined, kept)], d, { claim });
  assert.deepEqual([j.stance, j.decisiveSentence], ['supports', kept]);
  // A claim about the withdrawal itself is decided as before.
  const stopClaim = 'Stopping water fluoridation increases tooth decay in children.';
  assert.equal(decidePassage([s([0.84, 0.04, 0.12], undefined, stopped)], d, { claim: stopClaim }).stance, 'supports');
});
