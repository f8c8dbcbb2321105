import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidInputError } from '../../core/index.js';
import { checkStanceBatch, checkStancePair } from './pair-checks.js';

const codeOf = (fn: () => void): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    assert.ok(error instanceof InvalidInputError);
    return error.code;
  }
};

test('a batch over maxPairs and empty claims or passages are invalid input with their codes', () => {
  const pair = { claim: 'Coral bleaches in warm water.', passage: 'Warm water bleaches coral.' };
  assert.equal(
    codeOf(() => checkStanceBatch([pair, pair], 2)),
    undefined,
  );
  assert.equal(
    codeOf(() => checkStanceBatch([pair, pair, pair], 2)),
    'stance_batch_too_large',
  );
  assert.equal(
    codeOf(() => checkStancePair(pair, 0)),
    undefined,
  );
  assert.equal(
    codeOf(() => checkStancePair({ ...pair, claim: '  ' }, 3)),
    'stance_empty_claim',
  );
  assert.equal(
    codeOf(() => checkStancePair({ ...pair, passage: '' }, 3)),
    'stance_empty_passage',
  );
});
