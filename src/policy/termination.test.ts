import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HARD_CAP_ROUNDS, confidenceShift, shouldStop, stableRounds, type TerminationState } from './index.js';

const stable = [
  { a: 0.5, b: 0.7 },
  { a: 0.51, b: 0.7 },
  { a: 0.52, b: 0.69 },
  { a: 0.52, b: 0.7 },
];
const base: TerminationState = { round: 4, coverage: 0.5, topKHistory: [], marginalUtility: [0.5, 0.4], overBudget: false };
const s = (patch: Partial<TerminationState>): TerminationState => ({ ...base, ...patch });

const rows: Array<[string, TerminationState, string | undefined]> = [
  ['coverage 0.75 and 3 stable rounds', s({ coverage: 0.75, topKHistory: stable }), 'coverage_converged'],
  ['coverage 0.74 and converged', s({ coverage: 0.74, topKHistory: stable }), undefined],
  ['coverage 0.9 but only 2 stable rounds', s({ coverage: 0.9, topKHistory: stable.slice(1) }), undefined],
  ['a move of 0.03 breaks convergence', s({ coverage: 0.9, topKHistory: [...stable.slice(0, 3), { a: 0.55, b: 0.69 }] }), undefined],
  ['marginal utility < 0.15 three times running', s({ marginalUtility: [0.5, 0.1, 0.14, 0.05] }), 'marginal_utility'],
  ['two low rounds only', s({ marginalUtility: [0.1, 0.5, 0.1, 0.14] }), undefined],
  ['0.15 is not low', s({ marginalUtility: [0.1, 0.15, 0.1] }), undefined],
  ['over budget with coverage 0.55', s({ overBudget: true, coverage: 0.55 }), 'budget_min_coverage'],
  ['over budget with coverage 0.54', s({ overBudget: true, coverage: 0.54 }), undefined],
  ['coverage 0.55 within budget', s({ coverage: 0.6 }), undefined],
  ['hard cap at 12 rounds', s({ round: HARD_CAP_ROUNDS }), 'hard_cap'],
  ['11 rounds', s({ round: 11 }), undefined],
];

for (const [name, state, rule] of rows) {
  test(`termination: ${name} → ${rule ?? 'continue'}`, () => {
    const d = shouldStop(state);
    assert.equal(d.stop, rule !== undefined);
    assert.equal(d.rule, rule);
  });
}

test('convergence counts consecutive stable rounds; a claim entering the top-K is a move', () => {
  assert.equal(stableRounds(stable), 3);
  assert.equal(confidenceShift({ a: 0.5 }, { a: 0.5, b: 0.1 }), 1);
  const d = shouldStop(s({ round: 9 }));
  assert.deepEqual(d.closest, { rule: 'hard_cap', progress: 0.75 });
});
