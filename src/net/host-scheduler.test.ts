import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHostScheduler, type HostSlot } from './host-scheduler.js';

const gaps = (xs: number[]): number[] => xs.slice(1).map((x, i) => x - xs[i]!);

test('slot start times for one host are spaced by at least 1/qps, and qps changes apply at once', async () => {
  let qps = 50;
  const s = createHostScheduler({ qpsFor: () => qps, concurrency: 8, perHostConcurrency: 8, maxQueued: 100 });
  const starts: number[] = [];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      const slot = await s.acquire('a.test');
      starts.push(slot.startedAt);
      slot.release();
    }),
  );
  for (const g of gaps(starts)) assert.ok(g >= 20, `gap ${g} < 20 ms at 50 qps`);
  qps = 20;
  const later: number[] = [];
  for (let i = 0; i < 3; i++) {
    const slot = await s.acquire('a.test');
    later.push(slot.startedAt);
    slot.release();
  }
  for (const g of gaps(later)) assert.ok(g >= 50, `gap ${g} < 50 ms after qps changed to 20`);
});

test('the global and per-host in-flight caps are never exceeded', async () => {
  const s = createHostScheduler({ qpsFor: () => 1000, concurrency: 3, perHostConcurrency: 2, maxQueued: 100 });
  let inFlight = 0;
  let peak = 0;
  const perHost = new Map<string, number>();
  let peakPerHost = 0;
  await Promise.all(
    Array.from({ length: 24 }, async (_, i) => {
      const host = `h${i % 3}.test`;
      const slot = await s.acquire(host);
      inFlight += 1;
      perHost.set(host, (perHost.get(host) ?? 0) + 1);
      peak = Math.max(peak, inFlight);
      peakPerHost = Math.max(peakPerHost, perHost.get(host)!);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      perHost.set(host, perHost.get(host)! - 1);
      slot.release();
    }),
  );
  assert.equal(peak, 3);
  assert.ok(peakPerHost <= 2);
});

test('backoff holds a host until its deadline; crawl delay widens the interval; other hosts go on', async () => {
  const s = createHostScheduler({ qpsFor: () => 1000, concurrency: 4, perHostConcurrency: 1, maxQueued: 100 });
  const first = await s.acquire('b.test');
  first.release();
  const deadline = performance.now() + 120;
  s.backoff('b.test', deadline);
  const heldBack = s.acquire('b.test');
  const other = await s.acquire('c.test');
  other.release();
  const second = await heldBack;
  assert.ok(
    other.startedAt < second.startedAt,
    `another host goes first while b.test backs off: ${other.startedAt} vs ${second.startedAt}, deadline ${deadline}`,
  );
  assert.ok(second.startedAt >= deadline, 'b.test waits out its backoff');
  second.release();
  s.setCrawlDelay('b.test', 80);
  const third = await s.acquire('b.test');
  third.release();
  assert.ok(third.startedAt - second.startedAt >= 80);
});

test('an aborted waiter leaves the queue; a full queue refuses with queue_full', async () => {
  const s = createHostScheduler({ qpsFor: () => 20, concurrency: 1, perHostConcurrency: 1, maxQueued: 2 });
  const held: HostSlot = await s.acquire('d.test');
  const ctl = new AbortController();
  const waiting = s.acquire('d.test', ctl.signal);
  const queued = s.acquire('d.test');
  await assert.rejects(s.acquire('d.test'), /fetch queue full/);
  ctl.abort(new Error('stop'));
  await assert.rejects(waiting, /stop/);
  assert.equal(s.stats().queued, 1);
  held.release();
  s.backoff('d.test', 0);
  (await queued).release();
  assert.equal(s.stats().queued, 0);
});

test('a host gets no new slot until the last one was sent, and the interval counts from the send', async () => {
  const s = createHostScheduler({ qpsFor: () => 20, concurrency: 4, perHostConcurrency: 4, maxQueued: 10 });
  const first = await s.acquire('e.test');
  let secondAt: number | undefined;
  const second = s.acquire('e.test').then((slot) => {
    secondAt = slot.startedAt;
    return slot;
  });
  await new Promise((r) => setTimeout(r, 120)); // two intervals pass while the first request waits for a connection
  assert.equal(secondAt, undefined, 'no slot while the previous request is unsent');
  const sentAt = performance.now();
  first.markSent(sentAt);
  const slot = await second;
  assert.ok(slot.startedAt >= sentAt + 50, `second slot ${slot.startedAt - sentAt} ms after the send, expected ≥ 50`);
  first.release();
  slot.release();
});

test('a slot released without being sent frees its host', async () => {
  const s = createHostScheduler({ qpsFor: () => 1000, concurrency: 2, perHostConcurrency: 2, maxQueued: 10 });
  const first = await s.acquire('f.test');
  const next = s.acquire('f.test');
  first.release();
  (await next).release();
  assert.deepEqual(s.stats(), { inFlight: 0, queued: 0, hosts: 1 });
});
