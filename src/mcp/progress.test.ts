// Progress notifications of one call: numbered, bounded for engine events, silent without a token;
// the heartbeat still goes out past the bound, so a client that resets its timeout on progress keeps
// waiting however many events a long search produced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProgressSender, startHeartbeat } from './progress.js';

test('events stop at the limit, heartbeats do not; no token, nothing sent', async () => {
  const sent: Array<{ progress: number; message: string }> = [];
  const sender = createProgressSender({ token: 't', limit: 3, notify: async (p) => void sent.push({ progress: p.progress, message: p.message }) });
  for (let i = 0; i < 5; i++) sender.send(`event ${i}`);
  assert.deepEqual(
    sent.map((s) => s.message),
    ['event 0', 'event 1', 'event 2'],
  );
  const stop = startHeartbeat({ sender, tool: 'search', intervalMs: 20, active: true });
  await new Promise((r) => setTimeout(r, 90));
  stop();
  const beats = sent.slice(3);
  assert.ok(beats.length >= 2 && beats.every((b) => /^search: working \(\d+ s\)$/.test(b.message)), JSON.stringify(beats));
  assert.deepEqual(
    sent.map((s) => s.progress),
    sent.map((_, i) => i + 1),
    'progress only grows',
  );
  const after = sent.length;
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(sent.length, after, 'stopped');

  const silent: string[] = [];
  const none = createProgressSender({ token: undefined, notify: async (p) => void silent.push(p.message) });
  none.send('x', { keepAlive: true });
  startHeartbeat({ sender: none, tool: 'search', intervalMs: 10, active: false })();
  assert.deepEqual(silent, []);
});
