import { test } from 'node:test';
import assert from 'node:assert/strict';
import { combineSignals, delay, throwIfAborted } from './async.js';

test('delay rejects at once with the reason of an aborted signal', async () => {
  const ac = new AbortController();
  const reason = new Error('stopped');
  const p = delay(60_000, ac.signal);
  ac.abort(reason);
  await assert.rejects(p, (e) => e === reason);
});

test('delay rejects when the signal was already aborted', async () => {
  await assert.rejects(delay(10, AbortSignal.abort(new Error('pre'))), /pre/);
});

test('delay resolves without a signal', async () => {
  assert.equal(await delay(1), undefined);
});

test('throwIfAborted and combineSignals', () => {
  const a = new AbortController();
  const combined = combineSignals([a.signal, undefined]);
  assert.equal(combined.aborted, false);
  a.abort(new Error('a'));
  assert.equal(combined.aborted, true);
  assert.throws(() => throwIfAborted(combined), /a/);
  assert.doesNotThrow(() => throwIfAborted(undefined));
});
