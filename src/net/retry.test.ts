import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelayMs, parseRetryAfter, serverRequestedWait } from './retry.js';

test('Retry-After: delta seconds and HTTP-date, unparseable is undefined', () => {
  const now = Date.parse('2024-05-01T00:00:00Z');
  assert.equal(parseRetryAfter('2', now), 2000);
  assert.equal(parseRetryAfter(' 0 ', now), 0);
  assert.equal(parseRetryAfter('Wed, 01 May 2024 00:00:30 GMT', now), 30_000);
  assert.equal(parseRetryAfter('Tue, 30 Apr 2024 23:00:00 GMT', now), 0);
  assert.equal(parseRetryAfter('soon', now), undefined);
  assert.equal(parseRetryAfter(undefined, now), undefined);
});

test('server wait precedence: Retry-After, then RateLimit-Reset, then X-RateLimit-Reset (seconds or epoch)', () => {
  const now = 1_714_521_600_000;
  assert.deepEqual(serverRequestedWait({ 'retry-after': '3', 'ratelimit-reset': '9' }, now), { ms: 3000, header: 'retry-after' });
  assert.deepEqual(serverRequestedWait({ 'ratelimit-reset': '9' }, now), { ms: 9000, header: 'ratelimit-reset' });
  assert.deepEqual(serverRequestedWait({ 'x-ratelimit-reset': '5' }, now), { ms: 5000, header: 'x-ratelimit-reset' });
  assert.deepEqual(serverRequestedWait({ 'x-ratelimit-reset': String(now / 1000 + 7) }, now), { ms: 7000, header: 'x-ratelimit-reset' });
  assert.equal(serverRequestedWait({}, now), undefined);
});

test('backoff doubles per attempt within [ceiling/2, ceiling], capped', () => {
  const at = (attempt: number, r: number): number => backoffDelayMs(attempt, { baseMs: 1000, maxMs: 5000, random: () => r });
  assert.deepEqual([at(1, 0), at(1, 0.999999)], [500, 1000]);
  assert.deepEqual([at(2, 0), at(3, 0), at(4, 0), at(9, 0)], [1000, 2000, 2500, 2500]);
  assert.equal(at(9, 0.999999), 5000);
});
