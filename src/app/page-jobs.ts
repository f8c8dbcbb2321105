// A query's planned pages as page jobs (core PageJobRunner): enqueued in the team database's page
// queue, taken by any `lyra worker` (engine.fetchPage), and waited for by polling each job's state.
// A page job stores its page's outcome itself, so the waiting query only needs to know when each job
// has ended; the queue's own retries and expiry (workers.page_job_expire_seconds) cover a worker killed
// mid-page. The wait is bounded by the jobs' retries and leases, and by the query's signal.
import { delay, isLyraError, type PageJob, type PageJobFailure, type PageJobRunner } from '../core/index.js';
import type { PgBossQueue } from '../queue/index.js';

/** How often the waiting query reads the state of its unfinished page jobs, in ms. */
export const PAGE_JOB_POLL_MS = 250;

export interface PageJobRunnerOptions {
  /** Default PAGE_JOB_POLL_MS. */
  pollMs?: number;
  /**
   * Whether the job's page is final in the store: its job has done its work, though its completion may
   * not have reached the queue (pg-boss settles a job after its handler, and a database away at that
   * moment leaves the job active until it expires). Asked before the job's state.
   */
  settled?: (job: PageJob) => boolean;
}

const CATEGORIES: ReadonlySet<string> = new Set(['retryable', 'non_retryable', 'invalid_input', 'blocked']);

/** A failed job's output read as the error its last attempt threw (pg-boss keeps the error's own fields), or a generic one. */
export function failureOf(output: unknown, what: string): PageJobFailure {
  const o = (output !== null && typeof output === 'object' ? output : {}) as { message?: unknown; code?: unknown; category?: unknown };
  const message = typeof o.message === 'string' ? o.message.slice(0, 500) : 'no error recorded';
  return {
    category: typeof o.category === 'string' && CATEGORIES.has(o.category) ? (o.category as PageJobFailure['category']) : 'retryable',
    code: typeof o.code === 'string' && /^[a-z_]{1,64}$/.test(o.code) ? o.code : 'page_job_failed',
    message: `${what} failed after its retries: ${message}`,
  };
}

/** A `settled` check that reads a store failure as "not yet": the job's state decides, or the next round. */
export function settledCheck<J>(settled: ((job: J) => boolean) | undefined): (job: J) => boolean {
  return (job) => {
    try {
      return settled?.(job) === true;
    } catch {
      return false; // the store is away for a moment
    }
  };
}

export function createPageJobRunner(queue: Pick<PgBossQueue<PageJob>, 'enqueue' | 'job'>, options: PageJobRunnerOptions = {}): PageJobRunner {
  const pollMs = options.pollMs ?? PAGE_JOB_POLL_MS;
  const isSettled = settledCheck(options.settled);
  return {
    async run(jobs, { signal }) {
      const ids = await queue.enqueue(jobs, { signal });
      const waiting = new Map(ids.map((id, i) => [id, jobs[i]!]));
      const failures = new Map<string, PageJobFailure>();
      while (waiting.size > 0) {
        for (const [id, job] of [...waiting]) {
          signal.throwIfAborted();
          if (isSettled(job)) {
            waiting.delete(id);
            continue;
          }
          let state;
          try {
            state = await queue.job(id);
          } catch (err) {
            // The database is away for a moment: the jobs go on in the workers; ask again next round.
            if (isLyraError(err) && err.category === 'retryable') continue;
            throw err;
          }
          if (state === undefined) {
            waiting.delete(id);
            failures.set(job.pageId, { category: 'retryable', code: 'page_job_lost', message: `page job ${id} for ${job.pageId} is no longer in the queue` });
          } else if (state.state === 'completed') waiting.delete(id);
          else if (state.state === 'failed' || state.state === 'cancelled') {
            waiting.delete(id);
            failures.set(job.pageId, failureOf(state.output, `page job for ${job.pageId}`));
          }
        }
        if (waiting.size > 0) await delay(pollMs, signal);
      }
      return failures;
    },
  };
}
