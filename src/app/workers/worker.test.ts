// What a worker makes of each way a job's run can end (runQueryJob), over an engine double: the engine's
// own behaviour (order, lease, checkpoints) is tested through the real CLI in worker.e2e.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidInputError, RetryableError, type GraphJob, type TakenJob } from '../../core/index.js';
import type { RunRecordedOutcome } from '../../pipeline/index.js';
import { requeueCancelled, runGraphJob, runQueryJob } from './worker.js';

const job: TakenJob = { id: 'job-1', taskId: 'task_1', queryId: 'q_1', expireInMs: 60_000, retryCount: 0 };

function run(outcome: () => Promise<RunRecordedOutcome>, signal = new AbortController().signal) {
  const deferred: TakenJob[] = [];
  const result = runQueryJob({ engine: { runRecorded: outcome }, defer: async (j) => void deferred.push(j) }, job, signal);
  return { result, deferred };
}

test('a query run to done or failed completes the job as ran; a final query or a stopped task as skipped', async () => {
  assert.deepEqual(await run(async () => ({ ran: true, status: 'done' })).result, { outcome: 'ran', queryStatus: 'done' });
  assert.deepEqual(await run(async () => ({ ran: true, status: 'failed' })).result, { outcome: 'ran', queryStatus: 'failed' });
  assert.deepEqual(await run(async () => ({ ran: false, reason: 'query_final', status: 'done' })).result, {
    outcome: 'skipped',
    reason: 'query_final',
    queryStatus: 'done',
  });
  assert.deepEqual(await run(async () => ({ ran: true, status: 'cancelled' })).result, {
    outcome: 'skipped',
    reason: 'task_stopped',
    queryStatus: 'cancelled',
  });
});

test('a task busy in another worker defers the job; an unknown task or query rejects it; other failures fail it for a retry', async () => {
  const busy = run(async () => {
    throw new RetryableError('task task_1 is being run by process 42', { code: 'task_busy' });
  });
  assert.deepEqual(await busy.result, { outcome: 'deferred', reason: 'task_busy' });
  assert.deepEqual(busy.deferred, [job]);
  const unknown = run(async () => {
    throw new InvalidInputError('no task "task_1"', { code: 'task_not_found' });
  });
  assert.deepEqual(await unknown.result, { outcome: 'rejected', reason: 'task_not_found' });
  await assert.rejects(
    run(async () => {
      throw new RetryableError('store: cannot connect', { code: 'store_unreachable' });
    }).result,
    /cannot connect/,
  );
});

test('a run that ends unfinished, or is cancelled by the worker stopping, fails the job so the queue retries it', async () => {
  await assert.rejects(run(async () => ({ ran: true, status: 'running' })).result, (err: unknown) => (err as RetryableError).code === 'query_unfinished');
  const stop = new AbortController();
  stop.abort(new RetryableError('worker shutting down', { code: 'worker_shutdown' }));
  await assert.rejects(run(async () => ({ ran: true, status: 'cancelled' }), stop.signal).result, /worker shutting down/);
  // Before the job fails, the worker is told, so what the attempt left cancelled can be queued again.
  const retried: TakenJob[] = [];
  const p = runQueryJob(
    { engine: { runRecorded: async () => ({ ran: true, status: 'cancelled' }) }, defer: async () => undefined, onRetry: (j) => void retried.push(j) },
    job,
    stop.signal,
  );
  await assert.rejects(p, /worker shutting down/);
  assert.deepEqual(retried, [job]);
});

test('a cancelled attempt that the queue will retry puts its cancelled queries back to pending (task wait must not read them as ended); the last attempt leaves them cancelled', () => {
  type Q = { id: string; status: string; lastError?: string };
  const store = (qs: Q[]) => ({
    qs,
    listQueries: () => qs as never,
    updateQuery: (id: string, patch: Partial<Q>) => {
      Object.assign(qs.find((q) => q.id === id)!, patch);
      return qs.find((q) => q.id === id) as never;
    },
  });
  const s = store([
    { id: 'q_0', status: 'done' },
    { id: 'q_1', status: 'cancelled', lastError: 'cancelled: job job-1: ran past its expiry (6 s)' },
    { id: 'q_2', status: 'cancelled', lastError: 'cancelled: stopped' },
  ]);
  // The job is q_1's: q_2 (a later query, another job's) is left alone.
  assert.equal(requeueCancelled(s, { ...job, queryId: 'q_1', retryCount: 0 }, 3), 1);
  assert.deepEqual(
    s.qs.map((q) => q.status),
    ['done', 'pending', 'cancelled'],
  );
  assert.match(s.qs[1]!.lastError!, /ran past its expiry .*; queued again: job job-1 is retried \(attempt 2 of at most 4\)/);
  const last = store([{ id: 'q_1', status: 'cancelled' }]);
  assert.equal(requeueCancelled(last, { ...job, queryId: 'q_1', retryCount: 3 }, 3), 0, 'no retry left: it stays cancelled');
  assert.equal(last.qs[0]!.status, 'cancelled');
});

test('a graph job waits while another process runs one of its task graph steps, then runs or finds the step stored; an unknown query rejects it', async () => {
  const job = { id: 'g1', taskId: 't1', queryId: 'q1', expireInMs: 60_000, retryCount: 0 } as TakenJob<GraphJob>;
  const answers: Array<{ ran: boolean } | Error> = [
    new RetryableError('busy', { code: 'task_busy' }),
    new RetryableError('busy', { code: 'task_busy' }),
    { ran: true },
  ];
  let calls = 0;
  const engine = {
    runGraphJob: async () => {
      const a = answers[calls++]!;
      if (a instanceof Error) throw a;
      return a;
    },
  };
  assert.deepEqual(await runGraphJob({ engine, busyDelayMs: 1 }, job, new AbortController().signal), { outcome: 'ran' });
  assert.equal(calls, 3);
  assert.deepEqual(await runGraphJob({ engine: { runGraphJob: async () => ({ ran: false }) }, busyDelayMs: 1 }, job, new AbortController().signal), {
    outcome: 'skipped',
    reason: 'graph_stored',
  });
  const missing = {
    runGraphJob: async () => {
      throw new InvalidInputError('no such query', { code: 'query_not_found' });
    },
  };
  assert.deepEqual(await runGraphJob({ engine: missing, busyDelayMs: 1 }, job, new AbortController().signal), {
    outcome: 'rejected',
    reason: 'query_not_found',
  });
  // Busy until the job's lease runs out: the abort fails it, and the queue retries it.
  const alwaysBusy = {
    runGraphJob: async () => {
      throw new RetryableError('busy', { code: 'task_busy' });
    },
  };
  await assert.rejects(runGraphJob({ engine: alwaysBusy, busyDelayMs: 5 }, job, AbortSignal.timeout(30)));
});
