import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ContradictionType, TrustLevel, VerificationStatus } from '../core/index.js';
import { classifyContradiction, handleContradiction } from './index.js';

test('seed 000: academic vs academic is CONTESTED and both sides are kept', () => {
  const type = classifyContradiction('ACADEMIC', 'ACADEMIC');
  assert.equal(type, 'contested');
  assert.deepEqual(handleContradiction(type, 'ACADEMIC', 'ACADEMIC'), ['contested', 'contested']);
});

test('seed 000: unverified vs academic is MISINFORMATION and the unverified side is rejected', () => {
  const type = classifyContradiction('UNVERIFIED', 'ACADEMIC');
  assert.equal(type, 'misinformation');
  assert.deepEqual(handleContradiction(type, 'UNVERIFIED', 'ACADEMIC'), ['rejected', 'verified']);
  assert.deepEqual(handleContradiction(type, 'ACADEMIC', 'UNVERIFIED'), ['verified', 'rejected']);
});

const rows: Array<[TrustLevel, TrustLevel, ContradictionType, [VerificationStatus, VerificationStatus]]> = [
  ['PRIMARY', 'GOVERNMENT', 'contested', ['contested', 'contested']],
  ['GOVERNMENT', 'ACADEMIC', 'contested', ['contested', 'contested']],
  ['ACADEMIC', 'TRUSTED', 'contested', ['contested', 'contested']], // gap 1
  ['ACADEMIC', 'LOW', 'misinformation', ['verified', 'rejected']], // gap 2
  ['TRUSTED', 'UNVERIFIED', 'misinformation', ['verified', 'rejected']], // gap 2, both below ACADEMIC
  ['TRUSTED', 'LOW', 'contested', ['contested', 'contested']],
  ['LOW', 'UNVERIFIED', 'contested', ['contested', 'contested']],
  ['UNVERIFIED', 'UNVERIFIED', 'contested', ['contested', 'contested']],
  ['PRIMARY', 'UNVERIFIED', 'misinformation', ['verified', 'rejected']],
  ['LOW', 'GOVERNMENT', 'misinformation', ['rejected', 'verified']],
];

for (const [a, b, type, statuses] of rows) {
  test(`classifyContradiction(${a}, ${b}) = ${type}`, () => {
    assert.equal(classifyContradiction(a, b), type);
    assert.equal(classifyContradiction(b, a), type, 'symmetric');
    assert.deepEqual(handleContradiction(type, a, b), statuses);
  });
}
