// Graph jobs on a real PostgreSQL: a query's graph step enqueued in the graph queue and taken by one of
// two workers' graph slots; the runner resolves once the job has ended, throws the job's own error
// (category and code) once its retries are used up, ends early when the step is stored (its completion
// not yet in the queue), and stops waiting when the query is cancelled.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { isLyraError, NonRetryableError, type GraphJob, type TakenJob } from '../../core/index.js';
import { GRAPH_JOBS, createPgBossQueue, type PgBossQueue } from '../../queue/index.js';
import { createTestDatabase, skipUnlessPostgres } from '../../test-support/postgres.js';
import { fastQueueOptions } from '../../test-support/queue-options.js';
import { createGraphJobRunner } from './graph-jobs.js';

const skip = skipUnlessPostgres();
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const opened: PgBossQueue<GraphJob>[] = [];

before(async () => {
  if (!skip) db = await createTestDatabase();
});
after(async () => {
  for (const q of opened) await q.close();
  await db?.drop();
});

/** A graph queue: one retry at once, a fast poll. */
function graphQueue(): PgBossQueue<GraphJob> {
  const q = createPgBossQueue(fastQueueOptions(db!.url), {}, GRAPH_JOBS);
  opened.push(q);
  return q;
}

test('a query waits for its graph job: taken once by one of two workers; a failure after the retries is thrown with its own code', { skip }, async () => {
  const enqueuing = graphQueue();
  const workers = [graphQueue(), graphQueue()];
  const seen: Array<TakenJob<GraphJob>> = [];
  const stop = new AbortController();
  const loops = workers.map((w) =>
    w.work({ concurrency: 1, signal: stop.signal, shutdownTimeoutMs: 5_000 }, async (job) => {
      seen.push(job);
      if (job.queryId === 'q_bad') throw new NonRetryableError('stance model missing', { code: 'model_weights_missing' });
      return { outcome: 'ran' };
    }),
  );
  const runner = createGraphJobRunner(enqueuing, { pollMs: 50 });
  try {
    await runner.run({ taskId: 't1', queryId: 'q1' }, { signal: AbortSignal.timeout(60_000) });
    assert.deepEqual(
      seen.map((j) => j.queryId),
      ['q1'],
    );
    await assert.rejects(
      runner.run({ taskId: 't1', queryId: 'q_bad' }, { signal: AbortSignal.timeout(60_000) }),
      (e: unknown) => isLyraError(e) && e.category === 'non_retryable' && e.code === 'model_weights_missing' && /graph job for query q_bad/.test(e.message),
    );
    // Tried once and retried once (retryLimit 1), each time by one worker.
    assert.equal(seen.filter((j) => j.queryId === 'q_bad').length, 2);
  } finally {
    stop.abort();
    await Promise.all(loops);
  }
});

test('the wait ends when the step is stored, or when the query is cancelled, though no worker takes the job', { skip }, async () => {
  const runner = createGraphJobRunner(graphQueue(), { pollMs: 50, settled: (job) => job.queryId === 'q_stored' });
  await runner.run({ taskId: 't2', queryId: 'q_stored' }, { signal: AbortSignal.timeout(10_000) });
  const cancel = new AbortController();
  const waiting = runner.run({ taskId: 't2', queryId: 'q_waits' }, { signal: cancel.signal });
  setTimeout(() => cancel.abort(new Error('query cancelled')), 300);
  await assert.rejects(waiting, /query cancelled/);
});
