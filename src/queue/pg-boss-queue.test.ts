// The pg-boss job queue on a real PostgreSQL: jobs go round from enqueue to a handler and are completed
// with its result; a thrown error is retried by the queue; a deferred job comes back as a new job; two
// queues (two workers) never run one job twice; the work loop ends when its signal aborts; the first
// queue to start creates the queues of every job kind.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase, skipUnlessPostgres } from '../test-support/postgres.js';
import type { JobResult, TakenJob } from '../core/index.js';
import pg from 'pg';
import { GRAPH_QUEUE, PAGE_QUEUE, QUERY_QUEUE, createPgBossQueue, type PgBossQueue } from './pg-boss-queue.js';

const skip = skipUnlessPostgres();
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const opened: PgBossQueue[] = [];

before(async () => {
  if (!skip) db = await createTestDatabase();
});
after(async () => {
  for (const q of opened) await q.close();
  await db?.drop();
});

function queue(schema: string): PgBossQueue {
  const q = createPgBossQueue({
    url: db!.url,
    schema,
    expireSeconds: 60,
    retryLimit: 2,
    retryDelaySeconds: 0,
    retryBackoff: false,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 60,
    supervise: false,
  });
  opened.push(q);
  return q;
}

/** Works until `until` says so, then stops; returns what the handler saw. */
async function workUntil(
  queues: PgBossQueue[],
  handler: (job: TakenJob, signal: AbortSignal) => Promise<JobResult>,
  until: (seen: TakenJob[]) => boolean,
): Promise<TakenJob[]> {
  const seen: TakenJob[] = [];
  const stop = new AbortController();
  const loops = queues.map((q) =>
    q.work({ concurrency: 2, signal: stop.signal, shutdownTimeoutMs: 5_000 }, async (job, signal) => {
      seen.push(job);
      try {
        return await handler(job, signal);
      } finally {
        if (until(seen)) stop.abort();
      }
    }),
  );
  await Promise.all(loops);
  return seen;
}

test('jobs go round: enqueued, taken once each by two workers, completed with the handler result', { skip }, async () => {
  const [a, b] = [queue('boss_round'), queue('boss_round')];
  const ids = await a.enqueue(Array.from({ length: 6 }, (_, i) => ({ taskId: 'task_1', queryId: `q_${i}` })));
  assert.equal(new Set(ids).size, 6);
  const seen = await workUntil(
    [a, b],
    async (job) => ({ outcome: 'ran', queryStatus: `done:${job.queryId}` }),
    (s) => s.length >= 6,
  );
  assert.deepEqual(seen.map((j) => j.queryId).sort(), ['q_0', 'q_1', 'q_2', 'q_3', 'q_4', 'q_5']);
  assert.ok(seen.every((j) => j.expireInMs === 60_000 && j.retryCount === 0));
  for (const id of ids) {
    const j = await a.job(id);
    assert.equal(j?.state, 'completed');
    assert.deepEqual(j?.output, { outcome: 'ran', queryStatus: `done:${j?.data.queryId}` });
  }
});

test('a failing handler is retried by the queue; a deferred job comes back as a new job', { skip }, async () => {
  const q = queue('boss_retry');
  const [failing] = await q.enqueue([{ taskId: 'task_1', queryId: 'q_fail_once' }]);
  let deferredId: string | undefined;
  const seen = await workUntil(
    [q],
    async (job) => {
      if (job.queryId === 'q_fail_once' && job.retryCount === 0) throw new Error('store went away');
      if (job.queryId === 'q_fail_once' && !deferredId) {
        deferredId = await q.defer({ taskId: job.taskId, queryId: 'q_deferred' }, 1_000);
        return { outcome: 'deferred', reason: 'task_busy' };
      }
      return { outcome: 'ran', queryStatus: 'done' };
    },
    (s) => s.some((j) => j.queryId === 'q_deferred'),
  );
  assert.deepEqual(
    seen.map((j) => [j.queryId, j.retryCount]),
    [
      ['q_fail_once', 0],
      ['q_fail_once', 1],
      ['q_deferred', 0],
    ],
  );
  assert.equal((await q.job(failing!))?.state, 'completed');
  assert.equal((await q.job(deferredId!))?.state, 'completed');
});

test('shutdown: a job outliving the shutdown timeout is cancelled through its signal; bad options are refused', { skip }, async () => {
  const q = queue('boss_stop');
  const [id] = await q.enqueue([{ taskId: 'task_1', queryId: 'q_long' }]);
  const stop = new AbortController();
  let reason: unknown;
  await q.work({ concurrency: 1, signal: stop.signal, shutdownTimeoutMs: 10 }, async (_job, signal) => {
    stop.abort();
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    reason = signal.reason;
    throw signal.reason;
  });
  assert.match(String((reason as Error).message), /worker shutting down/);
  await q.close();
  assert.ok(['retry', 'failed', 'created'].includes((await queue('boss_stop').job(id!))!.state), 'the cancelled job is left for a retry');
  assert.throws(
    () =>
      createPgBossQueue({
        url: 'http://x',
        expireSeconds: 0,
        retryLimit: 1,
        retryDelaySeconds: 0,
        retryBackoff: false,
        pollingIntervalSeconds: 1,
        maintenanceIntervalSeconds: 1,
        supervise: false,
      }),
    /postgres:\/\/.*expireSeconds|url: expected a postgres/,
  );
});

test('the first queue to start creates every kind of queue: a page queue created later, while the query queue polled, deadlocked', { skip }, async () => {
  const schema = 'kinds';
  const q = queue(schema);
  await q.enqueue([{ taskId: 't', queryId: 'q' }]);
  const client = new pg.Client({ connectionString: db!.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${schema}.queue ORDER BY name`);
    assert.deepEqual(
      rows.map((r) => r.name),
      [GRAPH_QUEUE, PAGE_QUEUE, QUERY_QUEUE].sort(),
    );
  } finally {
    await client.end();
  }
});
