// Waiting for jobs a query handed to the team's workers (page jobs, graph jobs): each job's state is
// read every `pollMs` until it has ended. A job has ended when its work is in the store (`settled`,
// asked first: pg-boss records a completion after the handler, and a database away at that moment
// leaves the job active until it expires), or when the queue says completed, failed or cancelled, or
// no longer has it. A state that cannot be read (the database away a moment) is asked again next round.
// The wait is bounded by the jobs' retries and leases, and by the query's signal.
import { delay, isLyraError, type PageJobFailure } from '../../core/index.js';
import type { PgBossQueue } from '../../queue/index.js';

/** How a job ended. */
export type JobEnd = { kind: 'settled' } | { kind: 'completed' } | { kind: 'failed'; output: unknown } | { kind: 'lost' };

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

/** Waits until every job (by queue id) has ended; returns how each ended. */
export async function waitForJobs<J extends object>(
  queue: Pick<PgBossQueue<J>, 'job'>,
  jobs: ReadonlyMap<string, J>,
  options: { settled?: (job: J) => boolean; pollMs: number; signal: AbortSignal },
): Promise<Map<string, JobEnd>> {
  const isSettled = settledCheck(options.settled);
  const waiting = new Map(jobs);
  const ends = new Map<string, JobEnd>();
  const end = (id: string, e: JobEnd): void => {
    waiting.delete(id);
    ends.set(id, e);
  };
  while (waiting.size > 0) {
    for (const [id, job] of [...waiting]) {
      options.signal.throwIfAborted();
      if (isSettled(job)) {
        end(id, { kind: 'settled' });
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
      if (state === undefined) end(id, { kind: 'lost' });
      else if (state.state === 'completed') end(id, { kind: 'completed' });
      else if (state.state === 'failed' || state.state === 'cancelled') end(id, { kind: 'failed', output: state.output });
    }
    if (waiting.size > 0) await delay(options.pollMs, options.signal);
  }
  return ends;
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
