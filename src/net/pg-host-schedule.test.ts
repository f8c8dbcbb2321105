// The shared per-host schedule on a real PostgreSQL. Assertions read the slot times the schedule hands
// out and the database's own clock, never this process's wall clock: several pools (standing in for
// worker processes, each with its own connections) reserve slots for one host, and no two slots are
// closer than the interval; an unsent reservation holds the host; an abandoned one lapses; a backoff is
// seen by every pool; a fetcher under the schedule spaces its requests by the shared slots.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createTestDatabase, findPostgresBin, skipUnlessPostgres, startTempPostgres } from '../test-support/postgres.js';
import { startLoopbackWeb } from '../test-support/loopback-web.js';
import type { HostReservation, SharedHostSchedule } from '../core/index.js';
import { createHttpFetcher } from './http-fetcher.js';
import { createPgHostSchedule, type PgHostSchedule } from './pg-host-schedule.js';

const skip = skipUnlessPostgres();
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const opened: PgHostSchedule[] = [];

before(async () => {
  if (!skip) db = await createTestDatabase();
});
after(async () => {
  for (const s of opened) await s.close();
  await db?.drop();
});

function schedule(options: { holdMs?: number; table?: string } = {}): PgHostSchedule {
  const s = createPgHostSchedule({ url: db!.url, maxConnections: 2, ...options });
  opened.push(s);
  return s;
}

async function dbNowMs(): Promise<number> {
  const c = new pg.Client({ connectionString: db!.url });
  await c.connect();
  try {
    return Number((await c.query('SELECT extract(epoch FROM clock_timestamp()) * 1000 AS ms')).rows[0].ms);
  } finally {
    await c.end();
  }
}

const sortedGaps = (xs: number[]): number[] => {
  const s = [...xs].sort((a, b) => a - b);
  return s.slice(1).map((x, i) => x - s[i]!);
};
// Slot times go through float seconds in SQL: allow a microsecond of rounding.
const EPS = 0.01;

test('three pools, two reservers each: slots for one host are never closer than the interval', { skip }, async () => {
  const pools = [schedule(), schedule(), schedule()];
  const interval = 25;
  const slots: number[] = [];
  await Promise.all(
    pools.flatMap((s) =>
      [0, 1].map(async () => {
        for (let i = 0; i < 5; i++) {
          const r = await s.reserve('one.test', { intervalMs: interval });
          slots.push(r.slotAt);
          await new Promise((done) => setTimeout(done, r.waitMs));
          await r.markSent();
        }
      }),
    ),
  );
  assert.equal(slots.length, 30);
  const gaps = sortedGaps(slots);
  assert.ok(Math.min(...gaps) >= interval - EPS, `smallest gap ${Math.min(...gaps)} ms < ${interval} ms`);
});

test('an unsent reservation holds the host; the next slot counts from the send', { skip }, async () => {
  const [a, b] = [schedule(), schedule()];
  const first = await a.reserve('held.test', { intervalMs: 10 });
  const second = b.reserve('held.test', { intervalMs: 10 });
  await new Promise((done) => setTimeout(done, 150)); // a slow connect: the first request is not on the wire yet
  const sentAt = await dbNowMs();
  await first.markSent();
  const next = await second;
  assert.ok(next.slotAt >= sentAt + 10 - EPS, `second slot ${next.slotAt - sentAt} ms after the send, expected ≥ 10`);
  await next.release();
});

test('a reservation abandoned by a dead process lapses after holdMs', { skip }, async () => {
  const [a, b] = [schedule({ holdMs: 1_000 }), schedule({ holdMs: 1_000 })];
  const dead = await a.reserve('dead.test', { intervalMs: 5 });
  const next = await b.reserve('dead.test', { intervalMs: 5 });
  assert.ok(next.slotAt >= dead.slotAt + 1_000 - EPS, `taken over ${next.slotAt - dead.slotAt} ms after the abandoned slot, expected ≥ 1000`);
  await next.markSent();
});

test('a backoff from one pool holds the host for every pool; a released slot frees the host', { skip }, async () => {
  const [a, b] = [schedule(), schedule()];
  const r = await a.reserve('busy.test', { intervalMs: 5 });
  await r.release();
  const before = await dbNowMs();
  await a.backoff('busy.test', 400);
  const next = await b.reserve('busy.test', { intervalMs: 5 });
  assert.ok(next.slotAt >= before + 400 - EPS, `slot ${next.slotAt - before} ms after the backoff, expected ≥ 400`);
  assert.ok(next.waitMs > 0);
  await next.release();
});

test('a waiting reservation leaves when its signal aborts; bad input is refused', { skip }, async () => {
  const [a, b] = [schedule(), schedule()];
  const held = await a.reserve('abort.test', { intervalMs: 5 });
  const ctl = new AbortController();
  const waiting = b.reserve('abort.test', { intervalMs: 5, signal: ctl.signal });
  ctl.abort(new Error('worker stopping'));
  await assert.rejects(waiting, /worker stopping/);
  await held.release();
  await assert.rejects(a.reserve('abort.test', { intervalMs: Number.NaN }), /interval/);
  assert.throws(() => createPgHostSchedule({ url: 'mysql://x' }), /postgres:\/\//);
  assert.throws(() => createPgHostSchedule({ url: db!.url, table: 'drop table;' }), /identifier/);
});

/** Records every reservation the fetcher makes. */
function recording(inner: SharedHostSchedule, into: HostReservation[]): SharedHostSchedule {
  return {
    reserve: async (host, o) => {
      const r = await inner.reserve(host, o);
      into.push(r);
      return r;
    },
    backoff: (host, ms) => inner.backoff(host, ms),
    close: () => inner.close(),
  };
}

test('two fetchers (two workers) under the shared schedule space one host by 1/qps between them', { skip }, async () => {
  const web = await startLoopbackWeb();
  try {
    for (let i = 0; i < 6; i++) web.route(`/p${i}`, { body: `<html><body><p>page ${i}</p></body></html>`, headers: { 'content-type': 'text/html' } });
    const reservations: HostReservation[] = [];
    const fetchers = [schedule(), schedule()].map((s) =>
      createHttpFetcher({
        userAgent: 'LyraTest/1',
        qpsFor: () => 10,
        robots: { enabled: false },
        ssrf: { enabled: true, allow: ['127.0.0.1/32:1-65535'] },
        sharedSchedule: recording(s, reservations),
      }),
    );
    try {
      await Promise.all(fetchers.map((f, k) => Promise.all([0, 1, 2].map((i) => f.fetch({ url: web.url(`/p${k * 3 + i}`) })))));
    } finally {
      await Promise.all(fetchers.map((f) => f.close()));
    }
    assert.equal(reservations.length, 6);
    const gaps = sortedGaps(reservations.map((r) => r.slotAt));
    assert.ok(Math.min(...gaps) >= 100 - EPS, `smallest gap between the two fetchers' slots ${Math.min(...gaps)} ms < 100 ms (10 qps)`);
  } finally {
    await web.close();
  }
});

test('a reservation waits out a database restart instead of failing or going out unspaced', {
  skip: skip || (findPostgresBin() ? false : 'needs initdb/pg_ctl to restart a server of its own'),
}, async () => {
  const server = await startTempPostgres();
  const s = createPgHostSchedule({ url: server.url, maxConnections: 1 });
  try {
    const first = await s.reserve('restart.test', { intervalMs: 50 });
    await first.markSent();
    server.stop();
    const during = s.reserve('restart.test', { intervalMs: 50 });
    server.start();
    const next = await during;
    assert.ok(next.slotAt >= first.slotAt + 50 - EPS, 'the schedule kept its row over the restart');
    await next.release();
    await assert.rejects(
      createPgHostSchedule({ url: server.url, unreachableMs: 0, table: 'x' }).reserve('a.test', { intervalMs: Number.POSITIVE_INFINITY }),
      /interval/,
    );
  } finally {
    await s.close();
    server.destroy();
  }
});
