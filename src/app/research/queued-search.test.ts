import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NonRetryableError, RetryableError, type QueryStatus, type SearchOutcome } from '../../core/index.js';
import type { QueuedJobState } from '../../queue/index.js';
import { createQueuedSearch, retryWhileTaskBusy, type QueuedSearchEngine } from './queued-search.js';

/** A task's store and queue in memory; `script` says what the query's status is at each poll. */
function fixture(script: Array<{ status: QueryStatus; job?: QueuedJobState['state'] }>) {
  const recorded: unknown[] = [];
  const enqueued: unknown[] = [];
  let polls = 0;
  const step = () => script[Math.min(polls, script.length - 1)]!;
  const engine: QueuedSearchEngine = {
    record: (taskId, targets, options) => {
      recorded.push({ taskId, targets, options });
      return [{ queryId: 'q_1', kind: 'query', value: 'x' }];
    },
    queryOutcome: (taskId, queryId) => ({ taskId, queryId, status: step().status }) as unknown as SearchOutcome,
    store: {
      getQuery: () => {
        const s = step();
        polls += 1;
        return { status: s.status } as never;
      },
    },
  };
  const queue = {
    enqueue: async (jobs: readonly unknown[]) => {
      enqueued.push(...jobs);
      return ['job_1'];
    },
    job: async (id: string) => ({ id, state: script[Math.min(polls - 1, script.length - 1)]!.job ?? 'active' }) as QueuedJobState,
  };
  return { engine, queue, recorded, enqueued, polls: () => polls };
}

test('a queued search records the query as the workflow asked, enqueues one job and returns the outcome once a worker ended it', async () => {
  const f = fixture([{ status: 'pending' }, { status: 'running' }, { status: 'done' }]);
  const search = createQueuedSearch(f.engine, f.queue, { pollMs: 1 });
  const out = await search('task_1', 'coral bleaching', { refute: true, providers: ['searxng'], maxPages: 5, origin: 'gap' });
  assert.equal(out.queryId, 'q_1');
  assert.equal(out.status, 'done');
  assert.deepEqual(f.recorded, [
    { taskId: 'task_1', targets: [{ query: 'coral bleaching', refute: true, providers: ['searxng'] }], options: { maxPages: 5, origin: 'gap' } },
  ]);
  assert.deepEqual(f.enqueued, [{ taskId: 'task_1', queryId: 'q_1' }]);
  assert.equal(f.polls(), 3);
});

test('a query cancelled while its job will be retried is waited for; cancelled with its job ended is the end', async () => {
  const retried = fixture([{ status: 'cancelled', job: 'retry' }, { status: 'pending' }, { status: 'failed' }]);
  assert.equal((await createQueuedSearch(retried.engine, retried.queue, { pollMs: 1 })('task_1', 'q')).status, 'failed');
  assert.equal(retried.polls(), 3);
  const ended = fixture([{ status: 'cancelled', job: 'failed' }]);
  assert.equal((await createQueuedSearch(ended.engine, ended.queue, { pollMs: 1 })('task_1', 'q')).status, 'cancelled');
  assert.equal(ended.polls(), 1);
});

test('a job no worker takes is reported once, and the wait ends with the signal', async () => {
  const f = fixture([{ status: 'pending' }]);
  const untaken: unknown[] = [];
  const controller = new AbortController();
  const search = createQueuedSearch(f.engine, f.queue, {
    pollMs: 1,
    untakenWarnMs: 5,
    onUntaken: (info) => {
      untaken.push(info);
      setTimeout(() => controller.abort(new Error('budget')), 20);
    },
  });
  await assert.rejects(search('task_1', 'q', { signal: controller.signal }));
  assert.equal(untaken.length, 1);
  assert.deepEqual(Object.keys(untaken[0] as object).sort(), ['jobId', 'queryId', 'taskId', 'waitedMs']);
});

test('retryWhileTaskBusy waits out task_busy within its bound and passes other errors through', async () => {
  let calls = 0;
  const flaky = async () => {
    calls += 1;
    if (calls < 3) throw new RetryableError('task t is busy in another process', { code: 'task_busy' });
    return 'ran';
  };
  assert.equal(await retryWhileTaskBusy(flaky, { pollMs: 1 }), 'ran');
  assert.equal(calls, 3);
  await assert.rejects(
    retryWhileTaskBusy(
      async () => {
        throw new RetryableError('still busy', { code: 'task_busy' });
      },
      { pollMs: 5, maxWaitMs: 20 },
    ),
    /still busy/,
  );
  let other = 0;
  await assert.rejects(
    retryWhileTaskBusy(
      async () => {
        other += 1;
        throw new NonRetryableError('no such claim', { code: 'claim_not_found' });
      },
      { pollMs: 1 },
    ),
    /no such claim/,
  );
  assert.equal(other, 1);
});
