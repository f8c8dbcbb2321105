// The documented passage rule (aggregate.ts), on hand-made sentence probabilities.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aggregateSentences } from './aggregate.js';

const s = (sentence: string, probs: number[]) => ({ sentence, probs });

test('the most confident supporting or refuting sentence above the threshold decides', () => {
  const j = aggregateSentences([s('a', [0.1, 0.1, 0.8]), s('b', [0.6, 0.3, 0.1]), s('c', [0.2, 0.7, 0.1])], 0.5);
  assert.equal(j.stance, 'refutes');
  assert.equal(j.decisiveSentence, 'c');
  assert.equal(j.confidence, 0.7);
  assert.deepEqual(j.scores, { supports: 0.2, refutes: 0.7, neutral: 0.1 });
});

test('below the threshold the passage is neutral and the least neutral sentence is reported', () => {
  const j = aggregateSentences([s('a', [0.1, 0.1, 0.8]), s('b', [0.45, 0.2, 0.35])], 0.5);
  assert.equal(j.stance, 'neutral');
  assert.equal(j.decisiveSentence, 'b');
  assert.equal(j.confidence, 0.35);
});

test('the threshold, not the neutral probability, gates a sentence', () => {
  assert.equal(aggregateSentences([s('a', [0.4, 0.1, 0.5])], 0.5).stance, 'neutral');
  const j = aggregateSentences([s('a', [0.4, 0.1, 0.5])], 0.3);
  assert.equal(j.stance, 'supports');
  assert.equal(j.confidence, 0.4);
});

test('a sentence that states no finding is never a candidate (evidential.ts)', () => {
  const j = aggregateSentences(
    [s('METHODS: We measured how well masks filter particles in a chamber.', [0.9, 0.05, 0.05]), s('Masks reduced transmission by 50%.', [0.6, 0.1, 0.3])],
    0.5,
  );
  assert.equal(j.stance, 'supports');
  assert.equal(j.decisiveSentence, 'Masks reduced transmission by 50%.');
});
