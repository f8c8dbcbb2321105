// The bounded memo: one call per input while it holds, started over when full.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundedMemo } from './bounded-memo.js';

test('a bounded memo computes each input once while it holds, and starts over beyond its bound', () => {
  const calls: string[] = [];
  const lengthOf = boundedMemo((s: string) => (calls.push(s), s.length), 2);
  assert.equal(lengthOf('ab'), 2);
  assert.equal(lengthOf('ab'), 2);
  assert.equal(lengthOf('abc'), 3);
  assert.deepEqual(calls, ['ab', 'abc']);
  // Full: the third input clears the memo, so the first is computed again.
  assert.equal(lengthOf('abcd'), 4);
  assert.equal(lengthOf('ab'), 2);
  assert.deepEqual(calls, ['ab', 'abc', 'abcd', 'ab']);
});
