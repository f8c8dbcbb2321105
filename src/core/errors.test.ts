import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BlockedError,
  InvalidInputError,
  LyraError,
  NonRetryableError,
  RetryableError,
  errorMessage,
  isAbortError,
  isLyraError,
  isRetryable,
} from './errors.js';

test('each error class carries its category and a default code', () => {
  const table: Array<[LyraError, string]> = [
    [new RetryableError('r'), 'retryable'],
    [new NonRetryableError('n'), 'non_retryable'],
    [new InvalidInputError('i'), 'invalid_input'],
    [new BlockedError('b'), 'blocked'],
  ];
  for (const [err, category] of table) {
    assert.equal(err.category, category);
    assert.equal(err.code, category);
    assert.ok(err instanceof LyraError && err instanceof Error);
    assert.equal(isLyraError(err), true);
    assert.equal(err.isRetryable, category === 'retryable');
    assert.equal(isRetryable(err), category === 'retryable');
  }
});

test('toJSON exposes category, code, message and details', () => {
  const err = new BlockedError('https://x.test/ is a challenge page', { code: 'challenge', details: { url: 'https://x.test/' } });
  assert.deepEqual(err.toJSON(), {
    category: 'blocked',
    code: 'challenge',
    message: 'https://x.test/ is a challenge page',
    details: { url: 'https://x.test/' },
  });
});

test('cause is kept', () => {
  const cause = new Error('socket hang up');
  assert.equal(new RetryableError('fetch failed', { cause }).cause, cause);
});

test('isAbortError recognises abort and timeout reasons only', () => {
  assert.equal(isAbortError(new DOMException('x', 'AbortError')), true);
  assert.equal(isAbortError(new DOMException('x', 'TimeoutError')), true);
  assert.equal(isAbortError(new Error('x')), false);
  assert.equal(isRetryable(new Error('plain')), false);
});

test('errorMessage handles non-errors', () => {
  assert.equal(errorMessage(new Error('m')), 'm');
  assert.equal(errorMessage('s'), 's');
  assert.equal(errorMessage({ a: 1 }), '{"a":1}');
});
