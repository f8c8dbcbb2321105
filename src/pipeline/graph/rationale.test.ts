import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveGraphLimits } from './limits.js';
import { selectRationale } from './rationale.js';

test('rationale selection keeps the sentences sharing most of the claim terms, in document order', () => {
  const passage = 'Background on influenza. Zinc lozenges reduced cold duration in adults. The weather was mild. Adults taking zinc had fewer sick days.';
  assert.equal(
    selectRationale('Zinc lozenges reduce cold duration in adults.', passage, 2),
    'Zinc lozenges reduced cold duration in adults. Adults taking zinc had fewer sick days.',
  );
  assert.equal(selectRationale('Zinc helps.', passage, 0), passage);
  assert.equal(selectRationale('Zinc helps.', 'One sentence only.', 3), 'One sentence only.');
});

test('graph limits: defaults, overrides and invalid values', () => {
  assert.equal(resolveGraphLimits().candidatesPerClaim, 8);
  assert.equal(resolveGraphLimits({ verifyCandidates: 4 }).verifyCandidates, 4);
  assert.throws(() => resolveGraphLimits({ claimsPerPage: 0 }), /claimsPerPage must be a positive integer/);
  assert.throws(() => resolveGraphLimits({ rationaleSentences: -1 }), /rationaleSentences/);
  assert.throws(() => resolveGraphLimits({ minCandidateRelevance: 2 }), /minCandidateRelevance/);
});
