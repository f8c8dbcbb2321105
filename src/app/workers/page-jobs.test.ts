// Page jobs on a real PostgreSQL: a query's pages enqueued in the page queue, taken by a worker's page
// slots (two queue instances, as two workers), and the runner resolves once every job has ended, with
// the failure of each job whose retries were used up (its page is not stored) and nothing for the rest;
// a job ending while the server is down (pg-boss cannot record its completion) does not end the process.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { NonRetryableError, type PageJob, type TakenJob } from '../../core/index.js';
import { PAGE_JOBS, PAGE_QUEUE, createPgBossQueue, type PgBossQueue } from '../../queue/index.js';
import { createTestDatabase, findPostgresBin, skipUnlessPostgres, startTempPostgres } from '../../test-support/postgres.js';
import { fastQueueOptions } from '../../test-support/queue-options.js';
import { createPageJobRunner } from './page-jobs.js';

const skip = skipUnlessPostgres();
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const opened: PgBossQueue<PageJob>[] = [];

before(async () => {
  if (!skip) db = await createTestDatabase();
});
after(async () => {
  for (const q of opened) await q.close();
  await db?.drop();
});

function pageQueue(): PgBossQueue<PageJob> {
  const q = createPgBossQueue(fastQueueOptions(db!.url), {}, PAGE_JOBS);
  opened.push(q);
  return q;
}

test('a query waits for its page jobs: each taken once by two workers, failures after the retries reported by page', { skip }, async () => {
  const enqueuing = pageQueue();
  const workers = [pageQueue(), pageQueue()];
  const jobs: PageJob[] = ['p1', 'p2', 'p3', 'p4', 'p_bad'].map((pageId) => ({ taskId: 't1', queryId: 'q1', pageId }));
  const seen: Array<TakenJob<PageJob>> = [];
  const stop = new AbortController();
  const loops = workers.map((w) =>
    w.work({ concurrency: 2, signal: stop.signal, shutdownTimeoutMs: 5_000 }, async (job) => {
      seen.push(job);
      if (job.pageId === 'p_bad') throw new NonRetryableError('the extractor refused the body', { code: 'extract_failed' });
      return { outcome: 'ran', pageStatus: 'fetched' };
    }),
  );
  const runner = createPageJobRunner(enqueuing, { pollMs: 50 });
  const failures = await runner.run(jobs, { signal: AbortSignal.timeout(60_000) });
  stop.abort();
  await Promise.all(loops);

  assert.deepEqual([...failures.keys()], ['p_bad']);
  const bad = failures.get('p_bad')!;
  // The last attempt's error as it was thrown: its category and code travel with the job.
  assert.equal(bad.category, 'non_retryable');
  assert.equal(bad.code, 'extract_failed');
  assert.match(bad.message, /p_bad.*the extractor refused the body/);
  // Every good page ran once; the bad one ran its first attempt and one retry (retryLimit 1).
  const runs = (id: string): number => seen.filter((j) => j.pageId === id).length;
  for (const id of ['p1', 'p2', 'p3', 'p4']) assert.equal(runs(id), 1, id);
  assert.equal(runs('p_bad'), 2);
  assert.ok(seen.every((j) => j.taskId === 't1' && j.queryId === 'q1'));
  assert.equal(PAGE_QUEUE, 'lyra-page');
});

test('the wait ends when the query is cancelled, though no worker takes its page jobs', { skip }, async () => {
  const runner = createPageJobRunner(pageQueue(), { pollMs: 50 });
  const cancel = new AbortController();
  setTimeout(() => cancel.abort(new Error('query cancelled')), 300);
  await assert.rejects(runner.run([{ taskId: 't2', queryId: 'q2', pageId: 'p9' }], { signal: cancel.signal }), /query cancelled/);
});

test('a page job ending while PostgreSQL is down: the worker process lives on (the lost completion is reported), and the query sees its page settled', {
  skip: skip || (findPostgresBin() ? false : 'needs initdb/pg_ctl to stop and start a server of its own'),
}, async () => {
  const server = await startTempPostgres();
  const options = fastQueueOptions(server.url);
  const errors: string[] = [];
  const enqueuing = createPgBossQueue(options, {}, PAGE_JOBS);
  const worker = createPgBossQueue(options, { onError: (err) => errors.push((err as Error).message) }, PAGE_JOBS);
  const stored = new Set<string>();
  const stop = new AbortController();
  let taken!: () => void;
  const wasTaken = new Promise<void>((resolve) => (taken = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  try {
    const loop = worker.work({ concurrency: 1, signal: stop.signal, shutdownTimeoutMs: 2_000 }, async (job) => {
      taken();
      await released; // the handler ends while the server is down: pg-boss's completion of the job fails
      stored.add(job.pageId);
      return { outcome: 'ran', pageStatus: 'fetched' };
    });
    const runner = createPageJobRunner(enqueuing, { pollMs: 50, settled: (job) => stored.has(job.pageId) });
    const run = runner.run([{ taskId: 't3', queryId: 'q3', pageId: 'p_down' }], { signal: AbortSignal.timeout(30_000) });
    await wasTaken;
    server.stop();
    release();
    await new Promise((r) => setTimeout(r, 1_000));
    server.start();
    // Settled by its stored page, though the queue still holds the job active (its completion was lost).
    assert.deepEqual([...(await run).keys()], []);
    assert.ok(
      errors.some((m) => /ECONNREFUSED|terminating connection|Connection terminated/.test(m)),
      `the lost completion is reported: ${errors.join(' | ')}`,
    );
    stop.abort();
    await loop;
  } finally {
    await enqueuing.close();
    await worker.close();
    server.destroy();
  }
});
