// Query jobs in the team database: the queue is opened from the `workers` section for one call and
// closed after it (an enqueuing command), or kept by `lyra worker` and `lyra serve`. Expiry and retries travel with each
// job, from the enqueuing process's configuration.
import { errorMessage, type LyraEvent, type PageJob, type QueryJob } from '../core/index.js';
import { PAGE_JOBS, createPgBossQueue, type PgBossQueue } from '../queue/index.js';
import type { LyraConfig } from './config/index.js';
import { workerSettings } from './worker-settings.js';

export interface OpenJobQueueOptions {
  /** Run pg-boss's maintenance here (expiry → retry, archiving): `lyra worker` does, enqueuing commands do not. */
  supervise?: boolean;
  /** Connections of the queue's pool (a worker needs one per concurrent job plus maintenance). */
  maxConnections?: number;
  /** Background failures of the queue (a lost connection while polling). */
  onEvent?: (e: Omit<LyraEvent, 'at'>) => void;
}

/** The query job queue of the configuration's team database; throws team_database_missing without one. */
export function openJobQueue(config: LyraConfig, options: OpenJobQueueOptions = {}): PgBossQueue {
  const s = workerSettings(config, 'job queue');
  return createPgBossQueue(
    {
      url: s.databaseUrl,
      expireSeconds: s.jobExpireSeconds,
      retryLimit: s.retryLimit,
      retryDelaySeconds: s.retryDelaySeconds,
      retryBackoff: s.retryBackoff,
      pollingIntervalSeconds: s.pollingIntervalSeconds,
      maintenanceIntervalSeconds: s.maintenanceIntervalSeconds,
      supervise: options.supervise === true,
      ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
    },
    { onError: (err) => options.onEvent?.({ type: 'jobs.queue_error', level: 'warn', message: `job queue: ${errorMessage(err)}` }) },
  );
}

/** The page job queue of the configuration's team database (workers.page_job_expire_seconds is the page's lease); throws team_database_missing without one. */
export function openPageJobQueue(config: LyraConfig, options: OpenJobQueueOptions = {}): PgBossQueue<PageJob> {
  const s = workerSettings(config, 'page job queue');
  return createPgBossQueue(
    {
      url: s.databaseUrl,
      expireSeconds: s.pageJobExpireSeconds,
      retryLimit: s.retryLimit,
      retryDelaySeconds: s.retryDelaySeconds,
      retryBackoff: s.retryBackoff,
      pollingIntervalSeconds: s.pollingIntervalSeconds,
      maintenanceIntervalSeconds: s.maintenanceIntervalSeconds,
      supervise: options.supervise === true,
      ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
    },
    { onError: (err) => options.onEvent?.({ type: 'jobs.queue_error', level: 'warn', message: `page job queue: ${errorMessage(err)}` }) },
    PAGE_JOBS,
  );
}

/** Enqueues one job per recorded query (`lyra task search --queue` with a team database); returns the job ids. */
export async function enqueueQueryJobs(config: LyraConfig, jobs: readonly QueryJob[], options: { signal?: AbortSignal } = {}): Promise<string[]> {
  const queue = openJobQueue(config);
  try {
    return await queue.enqueue(jobs, options);
  } finally {
    await queue.close();
  }
}
