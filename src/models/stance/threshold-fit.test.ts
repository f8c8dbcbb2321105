import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Decision } from './descriptor.js';
import { MIN_SUBJECT_ALIGNMENT, fitLabel, fitTemperature, type TuneItem } from './threshold-fit.js';

const base: Decision = { supports: 0.5, refutes: 0.5, refuteSubject: 0, refuteRest: 0, supportSubject: 0, supportRest: 0 };
const item = (pr: number, gold: TuneItem['gold'], subject = 1): TuneItem => ({
  sentence: 's',
  probs: [0.05, pr, 0.95 - pr],
  alignment: { subject, rest: 1 },
  gold,
});

test('the fitted threshold keeps the most recall at the target precision', () => {
  // Above 0.8 every refutation is right; between 0.6 and 0.8 half are.
  const items = [
    ...Array.from({ length: 20 }, () => item(0.85, 'refutes')),
    ...Array.from({ length: 10 }, () => item(0.7, 'refutes')),
    ...Array.from({ length: 10 }, () => item(0.7, 'neutral')),
    ...Array.from({ length: 40 }, () => item(0.2, 'neutral')),
  ];
  const fit = fitLabel({ label: 'refutes', sets: [{ name: 'a', items }], base, target: 0.9, gate: false });
  assert.equal(fit.metTarget, true);
  assert.ok(fit.threshold > 0.7 && fit.threshold <= 0.85, String(fit.threshold));
  assert.equal(fit.scores[0]!.precision, 1);
});

test('the same-event gate is chosen when it removes the wrong refutations', () => {
  const items = [...Array.from({ length: 20 }, () => item(0.85, 'refutes', 1)), ...Array.from({ length: 20 }, () => item(0.85, 'neutral', 0))];
  const fit = fitLabel({ label: 'refutes', sets: [{ name: 'a', items }], base, target: 0.9, gate: true });
  assert.equal(fit.metTarget, true);
  assert.ok(fit.subject > 0);
});

test('when no threshold reaches the target, precision still comes first', () => {
  const items = [
    ...Array.from({ length: 12 }, () => item(0.9, 'refutes')),
    ...Array.from({ length: 8 }, () => item(0.9, 'neutral')),
    ...Array.from({ length: 20 }, () => item(0.6, 'refutes')),
    ...Array.from({ length: 60 }, () => item(0.6, 'neutral')),
  ];
  const fit = fitLabel({ label: 'refutes', sets: [{ name: 'a', items }], base, target: 0.9, gate: false });
  assert.equal(fit.metTarget, false);
  assert.ok(fit.threshold > 0.6, `threshold ${fit.threshold} keeps the 60 % precise edges only`);
});

test('temperature scaling makes the stated probability match the accuracy', () => {
  // Class 0 is right 75 % of the time: softmax([2 ln 3, 0, 0] / T) = 0.75 at T = 2 ln 3 / ln 6 ≈ 1.226.
  const logProbs: number[][] = [];
  const gold: number[] = [];
  for (let i = 0; i < 400; i++) {
    const right = i % 4 !== 0; // 75 % right
    const l = [2 * Math.log(3), 0, 0];
    logProbs.push(l);
    gold.push(right ? 0 : 1 + (i % 2));
  }
  const t = fitTemperature(logProbs, gold);
  assert.ok(Math.abs(t - (2 * Math.log(3)) / Math.log(6)) < 0.01, String(t));
});

test('with the gate, the subject must be half held at least, even where the tuning data rewards less', () => {
  // Sentences about another subject are labelled right here: the fit may not take them.
  const items = [...Array.from({ length: 20 }, () => item(0.85, 'refutes', 0)), ...Array.from({ length: 20 }, () => item(0.85, 'refutes', 1))];
  const fit = fitLabel({ label: 'refutes', sets: [{ name: 'a', items }], base, target: 0.9, gate: true });
  assert.ok(fit.subject >= MIN_SUBJECT_ALIGNMENT, String(fit.subject));
});
