import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Stance } from '../core/index.js';
import {
  CONFLICT_THRESHOLD,
  CONTRADICTION_MIN_CONFIDENCE,
  RELATED_MIN_SHARED_TERMS,
  isConflictBothWays,
  isContradiction,
  termRelatedness,
  type StanceReading,
} from './index.js';

/** A refutes judgement with the given refutes and neutral probabilities (supports takes the rest). */
const refutes = (r: number, neutral: number): StanceReading => ({
  stance: 'refutes',
  confidence: r,
  scores: { supports: 1 - r - neutral, refutes: r, neutral },
});
const judged = (stance: Stance, confidence: number): StanceReading => {
  const rest = (1 - confidence) / 2;
  return { stance, confidence, scores: { supports: rest, refutes: rest, neutral: rest, [stance]: confidence } as Record<Stance, number> };
};

test('seed 004: the conflict tolerance is 0.1 (ConsensusResearchConfig.conflictThreshold)', () => {
  assert.equal(CONFLICT_THRESHOLD, 0.1);
});

test('a contradiction must lead the other classes by the tolerance (the consensus cases)', () => {
  assert.equal(isContradiction(refutes(0.5, 0.45), 0.1), false); // leads by 0.05 < 0.1: tolerated
  assert.equal(isContradiction(refutes(0.6, 0.3), 0.1), true);
  assert.equal(isContradiction({ ...refutes(0.6, 0.3), stance: 'neutral' }, 0.1), false);
  assert.equal(isContradiction(refutes(0.6, 0.3)), true, 'the seed tolerance by default');
  assert.equal(isContradiction(refutes(0.6, 0.3), 0.35), false, 'a stricter caller tolerance');
  // Against supports as well as neutral.
  assert.equal(isContradiction({ stance: 'refutes', confidence: 0.55, scores: { supports: 0.5, refutes: 0.55, neutral: 0 } }), false);
});

test('a contradiction needs a confident judge (the engine case: a false one can block a domain)', () => {
  assert.equal(CONTRADICTION_MIN_CONFIDENCE, 0.5);
  assert.equal(isContradiction(judged('refutes', 0.9)), true);
  assert.equal(isContradiction(judged('refutes', 0.5)), true);
  // Leads the others by 0.125 but is less sure of refutes than not.
  assert.equal(isContradiction(judged('refutes', 0.45)), false);
  assert.equal(isContradiction(judged('supports', 0.9)), false);
  assert.equal(isContradiction(judged('neutral', 0.9)), false);
});

test("without scores (a person's label, an edge stored before scores were kept) the confidence alone decides", () => {
  assert.equal(isContradiction({ stance: 'refutes', confidence: 1 }), true);
  assert.equal(isContradiction({ stance: 'refutes', confidence: 0.4 }), false);
  assert.equal(isContradiction({ stance: 'supports', confidence: 1 }), false);
});

test('two statements conflict only when each contradicts the other ("A elaborates B" does not)', () => {
  assert.equal(isConflictBothWays(judged('refutes', 0.8), judged('refutes', 0.7)), true);
  assert.equal(isConflictBothWays(judged('refutes', 0.8), judged('supports', 0.7)), false);
  assert.equal(isConflictBothWays(judged('neutral', 0.8), judged('refutes', 0.7)), false);
  assert.equal(isConflictBothWays(refutes(0.6, 0.3), refutes(0.5, 0.45), 0.1), false, 'a near-tie one way is tolerated');
});

test('term relatedness: shared terms over the smaller set, none below the least shared count', () => {
  assert.equal(RELATED_MIN_SHARED_TERMS, 2);
  assert.equal(termRelatedness(['sea', 'ice', 'arctic'], ['sea', 'ice', 'arctic', 'decline']), 1);
  assert.equal(termRelatedness(['sea', 'ice', 'arctic', 'melt'], ['sea', 'ice', 'coral', 'reef', 'heat']), 0.5);
  assert.equal(termRelatedness(['sea', 'level'], ['sea', 'reef']), 0, 'one shared term is not enough');
  assert.equal(termRelatedness([], ['sea']), 0);
});
