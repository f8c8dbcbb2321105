// A query's graph step as a graph job (core GraphJobRunner): enqueued in the team database's graph
// queue, taken by any `lyra worker` (engine.runGraphJob, under the task's graph lease), and waited for by
// polling the job's state. The job stores the step's output with its checkpoint, so the waiting query
// reads it back from the store; the queue's retries and expiry (workers.graph_job_expire_seconds) cover a
// worker killed mid-step, which the next attempt resumes from the step's own checkpoints.
import { delay, errorOfCategory, isLyraError, RetryableError, type GraphJob, type GraphJobRunner } from '../core/index.js';
import type { PgBossQueue } from '../queue/index.js';
import { failureOf, settledCheck } from './page-jobs.js';

/** How often the waiting query reads the state of its graph job, in ms. */
export const GRAPH_JOB_POLL_MS = 250;

export interface GraphJobRunnerOptions {
  /** Default GRAPH_JOB_POLL_MS. */
  pollMs?: number;
  /**
   * Whether the job's graph step is stored: it has done its work, though its completion may not have
   * reached the queue yet (as for page jobs). Asked before the job's state.
   */
  settled?: (job: GraphJob) => boolean;
}

export function createGraphJobRunner(queue: Pick<PgBossQueue<GraphJob>, 'enqueue' | 'job'>, options: GraphJobRunnerOptions = {}): GraphJobRunner {
  const pollMs = options.pollMs ?? GRAPH_JOB_POLL_MS;
  const isSettled = settledCheck(options.settled);
  return {
    async run(job, { signal }) {
      const [id] = await queue.enqueue([job], { signal });
      for (;;) {
        signal.throwIfAborted();
        if (isSettled(job)) return;
        let read = true;
        let state: Awaited<ReturnType<typeof queue.job>>;
        try {
          state = await queue.job(id!);
        } catch (err) {
          // The database is away for a moment: the job goes on in a worker; ask again next round.
          if (!(isLyraError(err) && err.category === 'retryable')) throw err;
          read = false;
        }
        if (read) {
          if (state === undefined) {
            if (isSettled(job)) return;
            throw new RetryableError(`graph job ${id} for query ${job.queryId} is no longer in the queue`, { code: 'graph_job_lost', details: { ...job } });
          }
          if (state.state === 'completed') return;
          if (state.state === 'failed' || state.state === 'cancelled') {
            const f = failureOf(state.output, `graph job for query ${job.queryId}`);
            throw errorOfCategory(f.category, f.message, { code: f.code, details: { ...job } });
          }
        }
        await delay(pollMs, signal);
      }
    },
  };
}
