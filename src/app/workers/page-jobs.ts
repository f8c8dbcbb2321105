// A query's planned pages as page jobs (core PageJobRunner): enqueued in the team database's page
// queue, taken by any `lyra worker` (engine.fetchPage), and waited for (job-wait.ts). A page job stores
// its page's outcome itself, so the waiting query only needs to know when each job has ended; the
// queue's own retries and expiry (workers.page_job_expire_seconds) cover a worker killed mid-page.
import type { PageJob, PageJobFailure, PageJobRunner } from '../../core/index.js';
import type { PgBossQueue } from '../../queue/index.js';
import { failureOf, waitForJobs } from './job-wait.js';

/** How often the waiting query reads the state of its unfinished page jobs, in ms. */
export const PAGE_JOB_POLL_MS = 250;

export interface PageJobRunnerOptions {
  /** Default PAGE_JOB_POLL_MS. */
  pollMs?: number;
  /**
   * Whether the job's page is final in the store: its job has done its work, though its completion may
   * not have reached the queue. Asked before the job's state.
   */
  settled?: (job: PageJob) => boolean;
}

export function createPageJobRunner(queue: Pick<PgBossQueue<PageJob>, 'enqueue' | 'job'>, options: PageJobRunnerOptions = {}): PageJobRunner {
  const pollMs = options.pollMs ?? PAGE_JOB_POLL_MS;
  return {
    async run(jobs, { signal }) {
      const ids = await queue.enqueue(jobs, { signal });
      const byId = new Map(ids.map((id, i) => [id, jobs[i]!]));
      const ends = await waitForJobs(queue, byId, { ...(options.settled ? { settled: options.settled } : {}), pollMs, signal });
      const failures = new Map<string, PageJobFailure>();
      for (const [id, end] of ends) {
        const job = byId.get(id)!;
        if (end.kind === 'lost')
          failures.set(job.pageId, { category: 'retryable', code: 'page_job_lost', message: `page job ${id} for ${job.pageId} is no longer in the queue` });
        else if (end.kind === 'failed') failures.set(job.pageId, failureOf(end.output, `page job for ${job.pageId}`));
      }
      return failures;
    },
  };
}
