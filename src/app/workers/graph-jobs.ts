// A query's graph step as a graph job (core GraphJobRunner): enqueued in the team database's graph
// queue, taken by any `lyra worker` (engine.runGraphJob, under the task's graph lease), and waited for
// (job-wait.ts). The job stores the step's output with its checkpoint, so the waiting query reads it
// back from the store; the queue's retries and expiry (workers.graph_job_expire_seconds) cover a worker
// killed mid-step, which the next attempt resumes from the step's own checkpoints.
import { errorOfCategory, RetryableError, type GraphJob, type GraphJobRunner } from '../../core/index.js';
import type { PgBossQueue } from '../../queue/index.js';
import { failureOf, settledCheck, waitForJobs } from './job-wait.js';

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
      const end = (await waitForJobs(queue, new Map([[id!, job]]), { settled: isSettled, pollMs, signal })).get(id!)!;
      // A job gone from the queue after storing its step (archived) has done its work.
      if (end.kind === 'lost' && !isSettled(job))
        throw new RetryableError(`graph job ${id} for query ${job.queryId} is no longer in the queue`, { code: 'graph_job_lost', details: { ...job } });
      if (end.kind === 'failed') {
        const f = failureOf(end.output, `graph job for query ${job.queryId}`);
        throw errorOfCategory(f.category, f.message, { code: f.code, details: { ...job } });
      }
    },
  };
}
