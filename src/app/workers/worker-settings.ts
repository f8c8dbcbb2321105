// The `workers` section resolved: the team database and the limits of jobs and workers, each with its
// documented default (lyra config show lists them). Expiry and retries are properties of a job, fixed
// when it is enqueued, so they come from the enqueuing process's configuration; concurrency, polling,
// maintenance and shutdown are the worker's own.
import { InvalidInputError } from '../../core/index.js';
import { DEFAULT_HOLD_MS } from '../../net/index.js';
import type { LyraConfig } from '../config/index.js';

/** The environment variable naming the team database (also the PostgreSQL store's). */
export const DATABASE_URL_ENV = 'LYRA_DATABASE_URL';

export const WORKER_DEFAULTS = {
  concurrency: 2,
  /** Longer than one query normally takes on a loaded machine; a longer query is cancelled and its retry resumes it from its checkpoints. */
  jobExpireSeconds: 900,
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  busyDelaySeconds: 5,
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 30,
  hostHoldMs: DEFAULT_HOLD_MS,
  shutdownTimeoutSeconds: 60,
  /** Off by default: on one 2-core machine page jobs cost throughput (bench:workers, docs/team.md). */
  pageJobs: false,
  pageConcurrency: 4,
  /** A page's fetch (its retries, a render) ends well within this; a worker killed mid-page leaves it to another after it. */
  pageJobExpireSeconds: 300,
  /** Off by default: a graph step as a job adds a queue round trip and frees nothing on one machine (docs/team.md). */
  graphJobs: false,
  /** Graph steps are CPU-bound (the stance model): one at a time per worker. */
  graphConcurrency: 1,
  /** As long as a query job's lease: the graph step is most of a query's CPU time. */
  graphJobExpireSeconds: 900,
} as const;

export interface WorkerSettings {
  databaseUrl: string;
  concurrency: number;
  jobExpireSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  busyDelaySeconds: number;
  pollingIntervalSeconds: number;
  maintenanceIntervalSeconds: number;
  hostHoldMs: number;
  shutdownTimeoutSeconds: number;
  pageJobs: boolean;
  pageConcurrency: number;
  pageJobExpireSeconds: number;
  graphJobs: boolean;
  graphConcurrency: number;
  graphJobExpireSeconds: number;
}

/** Whether this configuration has a team database (jobs and shared politeness are on). */
export function hasTeamDatabase(config: LyraConfig): boolean {
  return config.teamDatabaseUrl !== undefined;
}

/** The worker settings of a configuration; without a team database, an error that says how to name one. */
export function workerSettings(config: LyraConfig, what = 'lyra worker'): WorkerSettings {
  if (!config.teamDatabaseUrl)
    throw new InvalidInputError(
      `${what}: no team database: set $${DATABASE_URL_ENV} or store.url (the PostgreSQL store), or workers.database_url (a postgres:// URL)`,
      {
        code: 'team_database_missing',
      },
    );
  const w = config.raw.workers ?? {};
  const d = WORKER_DEFAULTS;
  return {
    databaseUrl: config.teamDatabaseUrl,
    concurrency: w.concurrency ?? d.concurrency,
    jobExpireSeconds: w.job_expire_seconds ?? d.jobExpireSeconds,
    retryLimit: w.retry_limit ?? d.retryLimit,
    retryDelaySeconds: w.retry_delay_seconds ?? d.retryDelaySeconds,
    retryBackoff: w.retry_backoff ?? d.retryBackoff,
    busyDelaySeconds: w.busy_delay_seconds ?? d.busyDelaySeconds,
    pollingIntervalSeconds: w.polling_interval_seconds ?? d.pollingIntervalSeconds,
    maintenanceIntervalSeconds: w.maintenance_interval_seconds ?? d.maintenanceIntervalSeconds,
    hostHoldMs: w.host_hold_ms ?? d.hostHoldMs,
    shutdownTimeoutSeconds: w.shutdown_timeout_seconds ?? d.shutdownTimeoutSeconds,
    pageJobs: w.page_jobs ?? d.pageJobs,
    pageConcurrency: w.page_concurrency ?? d.pageConcurrency,
    pageJobExpireSeconds: w.page_job_expire_seconds ?? d.pageJobExpireSeconds,
    graphJobs: w.graph_jobs ?? d.graphJobs,
    graphConcurrency: w.graph_concurrency ?? d.graphConcurrency,
    graphJobExpireSeconds: w.graph_job_expire_seconds ?? d.graphJobExpireSeconds,
  };
}
