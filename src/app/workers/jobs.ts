// Query jobs in the team database: the queue is opened from the `workers` section for one call and
// closed after it (an enqueuing command), or kept by `lyra worker` and `lyra serve`. Expiry and retries travel with each
// job, from the enqueuing process's configuration.
import { errorMessage, type GraphJob, type LyraEvent, type PageJob, type QueryJob } from '../../core/index.js';
import { GRAPH_JOBS, PAGE_JOBS, QUERY_JOBS, createPgBossQueue, type JobKind, type PgBossQueue } from '../../queue/index.js';
import type { LyraConfig } from '../config/index.js';
import { workerSettings, type WorkerSettings } from './worker-settings.js';

export interface OpenJobQueueOptions {
  /** Run pg-boss's maintenance here (expiry → retry, archiving): `lyra worker` does, enqueuing commands do not. */
  supervise?: boolean;
  /** Connections of the queue's pool (a worker needs one per concurrent job plus maintenance). */
  maxConnections?: number;
  /** Background failures of the queue (a lost connection while polling). */
  onEvent?: (e: Omit<LyraEvent, 'at'>) => void;
}

/** A queue of one job kind in the configuration's team database, its jobs leased for `expireSeconds`. */
function openQueue<J extends object>(
  config: LyraConfig,
  options: OpenJobQueueOptions,
  queue: { kind: JobKind<J>; name: string; expireSeconds: (s: WorkerSettings) => number },
): PgBossQueue<J> {
  const s = workerSettings(config, queue.name);
  return createPgBossQueue(
    {
      url: s.databaseUrl,
      expireSeconds: queue.expireSeconds(s),
      retryLimit: s.retryLimit,
      retryDelaySeconds: s.retryDelaySeconds,
      retryBackoff: s.retryBackoff,
      pollingIntervalSeconds: s.pollingIntervalSeconds,
      maintenanceIntervalSeconds: s.maintenanceIntervalSeconds,
      supervise: options.supervise === true,
      ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
    },
    { onError: (err) => options.onEvent?.({ type: 'jobs.queue_error', level: 'warn', message: `${queue.name}: ${errorMessage(err)}` }) },
    queue.kind,
  );
}

/** The query job queue of the configuration's team database; throws team_database_missing without one. */
export function openJobQueue(config: LyraConfig, options: OpenJobQueueOptions = {}): PgBossQueue {
  return openQueue(config, options, { kind: QUERY_JOBS, name: 'job queue', expireSeconds: (s) => s.jobExpireSeconds });
}

/** The page job queue of the configuration's team database (workers.page_job_expire_seconds is the page's lease); throws team_database_missing without one. */
export function openPageJobQueue(config: LyraConfig, options: OpenJobQueueOptions = {}): PgBossQueue<PageJob> {
  return openQueue(config, options, { kind: PAGE_JOBS, name: 'page job queue', expireSeconds: (s) => s.pageJobExpireSeconds });
}

/** The graph job queue of the configuration's team database (workers.graph_job_expire_seconds is the step's lease); throws team_database_missing without one. */
export function openGraphJobQueue(config: LyraConfig, options: OpenJobQueueOptions = {}): PgBossQueue<GraphJob> {
  return openQueue(config, options, { kind: GRAPH_JOBS, name: 'graph job queue', expireSeconds: (s) => s.graphJobExpireSeconds });
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
