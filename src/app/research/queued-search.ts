// `lyra research --queue`: the research workflow's searches run as jobs on `lyra worker` processes. Each
// search is recorded as a pending query of the task (with this engine's expansion settings, so a worker
// sends exactly what this process would have), enqueued as a job in the team database's queue, and
// waited for in the shared store; its outcome is read back from the store as `search` returns it. The
// workflow plans, judges and writes here: only the searches move. A query a worker cannot finish ends
// failed or cancelled and the workflow goes on, as it does with a local failure.
import { delay, InvalidInputError, isLyraError, throwIfAborted, type SearchOptions, type SearchOutcome, type Store } from '../../core/index.js';
import type { PipelineEngine } from '../../pipeline/index.js';
import type { PgBossQueue } from '../../queue/index.js';

/** How often the store is read for the query's end (ms). */
export const DEFAULT_QUEUED_POLL_MS = 500;
/** A job no worker has taken this long is reported once (is a `lyra worker` running?), in ms. */
export const DEFAULT_UNTAKEN_WARN_MS = 30_000;

export interface QueuedSearchOptions {
  pollMs?: number;
  untakenWarnMs?: number;
  /** A job no worker took within untakenWarnMs; the wait goes on (the run's budget or signal ends it). */
  onUntaken?: (info: { taskId: string; queryId: string; jobId: string; waitedMs: number }) => void;
}

export type QueuedSearchEngine = Pick<PipelineEngine, 'record' | 'queryOutcome'> & { readonly store: Pick<Store, 'getQuery'> };

/**
 * A `search` that records the query, enqueues it as a job and waits until a worker ends it. A query
 * cancelled while its job will still be retried (a worker died or its lease ran out) is not an end: the
 * worker puts it back to pending before the retry, and the job's state says whether one is coming.
 */
export function createQueuedSearch(
  engine: QueuedSearchEngine,
  queue: Pick<PgBossQueue, 'enqueue' | 'job'>,
  options: QueuedSearchOptions = {},
): (taskId: string, query: string, searchOptions?: SearchOptions) => Promise<SearchOutcome> {
  const pollMs = options.pollMs ?? DEFAULT_QUEUED_POLL_MS;
  const untakenWarnMs = options.untakenWarnMs ?? DEFAULT_UNTAKEN_WARN_MS;
  if (!(pollMs > 0) || !(untakenWarnMs > 0))
    throw new InvalidInputError('queued search: pollMs and untakenWarnMs must be positive', { code: 'invalid_argument' });
  return async (taskId, query, so = {}) => {
    const signal = so.signal;
    throwIfAborted(signal);
    const [item] = engine.record(taskId, [{ query, ...(so.refute ? { refute: true } : {}), ...(so.providers ? { providers: so.providers } : {}) }], {
      ...(so.maxPages !== undefined ? { maxPages: so.maxPages } : {}),
      ...(so.seekPrimary ? { seekPrimary: true } : {}),
      ...(so.origin ? { origin: so.origin } : {}),
      ...(so.clientKey !== undefined ? { clientKey: so.clientKey } : {}),
    });
    const queryId = item!.queryId;
    const [jobId] = await queue.enqueue([{ taskId, queryId }], signal ? { signal } : {});
    const started = Date.now();
    let warned = false;
    for (;;) {
      const status = engine.store.getQuery(queryId)?.status;
      if (status === 'done' || status === 'failed') break;
      if (status === 'cancelled') {
        const job = await queue.job(jobId!);
        if (!job || job.state === 'completed' || job.state === 'failed' || job.state === 'cancelled') break;
      }
      if (!warned && status === 'pending' && Date.now() - started >= untakenWarnMs) {
        warned = true;
        options.onUntaken?.({ taskId, queryId, jobId: jobId!, waitedMs: Date.now() - started });
      }
      await delay(pollMs, signal);
    }
    return engine.queryOutcome(taskId, queryId);
  };
}

/** How long a call waits for a worker to let go of the task (its lease) before task_busy stands, in ms. */
export const DEFAULT_BUSY_WAIT_MS = 60_000;

/**
 * Runs `fn`, and again while it fails with task_busy: with --queue the research process still runs
 * VERIFY's checks itself, and a worker that has just ended a job may hold the task's lease a moment
 * longer (it lets go when its line drains). Bounded by `maxWaitMs` and the signal.
 */
export async function retryWhileTaskBusy<T>(fn: () => Promise<T>, options: { pollMs?: number; maxWaitMs?: number; signal?: AbortSignal } = {}): Promise<T> {
  const started = Date.now();
  const pollMs = options.pollMs ?? DEFAULT_QUEUED_POLL_MS;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_BUSY_WAIT_MS;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (!isLyraError(err) || err.code !== 'task_busy' || Date.now() - started + pollMs > maxWaitMs) throw err;
      await delay(pollMs, options.signal);
    }
  }
}
