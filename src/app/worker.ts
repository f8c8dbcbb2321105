// `lyra worker`: takes query jobs from the team database's queue and runs each through this process's
// engine (engine.runRecorded), so any number of workers on any number of machines share the recorded
// queries of every task. Who may run a task is decided twice, on purpose: pg-boss leases each job (an
// expiry after which a job whose worker died is handed to another), and the engine's task lease
// (pipeline/task-lease.ts) keeps a task's queries in one process at a time and in recorded order, which
// the graph's derived results depend on. A job whose task another live worker holds is deferred, not
// failed; a job whose query is already final is a no-op, so a job run again after a kill stores nothing
// twice (each phase's checkpoint is kept in the store). With workers.page_jobs (off by default) a query's
// planned pages become page jobs that every worker takes beside its query jobs (engine.fetchPage, in
// slots of their own: workers.page_concurrency), so a task's fetches spread over the team while its
// query waits under the task's lease. Events go to `onEvent`, one per job end.
import { errorMessage, isLyraError, RetryableError, type JobResult, type LyraEvent, type PageJob, type Store, type TakenJob } from '../core/index.js';
import type { LyraConfig } from './config/index.js';
import { SETTLED_FETCH_STATUSES, queriesUpTo } from '../pipeline/index.js';
import { createEngine, type AppEngine, type EngineOverrides } from './engine.js';
import { openJobQueue, openPageJobQueue } from './jobs.js';
import { createPageJobRunner } from './page-jobs.js';
import { workerSettings } from './worker-settings.js';

export interface RunWorkerOptions {
  config: LyraConfig;
  /** Jobs at once; default workers.concurrency. */
  concurrency?: number;
  /** Stops taking jobs when it aborts (SIGINT/SIGTERM); running jobs get workers.shutdown_timeout_seconds to finish. */
  signal: AbortSignal;
  /** Adapters over the configured ones (tests). */
  overrides?: EngineOverrides;
  /** One event per job end, queue failure and start/stop. */
  onEvent?: (event: LyraEvent) => void;
}

export interface WorkerSummary {
  jobs: number;
  /** Page jobs run (workers.page_jobs), counted apart from the query jobs above. */
  pageJobs: number;
  ran: number;
  skipped: number;
  deferred: number;
  rejected: number;
  failed: number;
}

/**
 * Puts back to pending the queries up to the job's own that its cancelled attempt left `cancelled`,
 * when the queue will run the job again: the retry runs exactly those again (runRecorded), and until
 * it does the task is not idle. Left cancelled, `lyra task wait` read such a task as finished while
 * its retry was still to come (CI: the kill test's graph was read with a query cancelled by a 6 s
 * lease that ran out, before the retry ran it to done). Earlier queries than the job's have ended by
 * the time its own has (the task's line runs them in order), so nothing overwrites this.
 */
export function requeueCancelled(store: Pick<Store, 'listQueries' | 'updateQuery'>, job: TakenJob, retryLimit: number): number {
  if (job.retryCount >= retryLimit) return 0;
  let n = 0;
  for (const q of queriesUpTo(store.listQueries(job.taskId), job.queryId)) {
    if (q.status !== 'cancelled') continue;
    store.updateQuery(q.id, {
      status: 'pending',
      lastError: `${q.lastError ?? 'cancelled'}; queued again: job ${job.id} is retried (attempt ${job.retryCount + 2} of at most ${retryLimit + 1})`,
    });
    n += 1;
  }
  return n;
}

/** Runs one job: the outcome completes it; a thrown error fails it and pg-boss retries it. */
export async function runQueryJob(
  deps: {
    engine: Pick<AppEngine, 'runRecorded'>;
    defer: (job: TakenJob) => Promise<unknown>;
    /** Called before a cancelled attempt fails its job (the queue retries it): requeueCancelled. */
    onRetry?: (job: TakenJob) => void;
  },
  job: TakenJob,
  signal: AbortSignal,
): Promise<JobResult> {
  try {
    const r = await deps.engine.runRecorded(job.taskId, job.queryId, { signal });
    if (!r.ran) return { outcome: 'skipped', reason: r.reason, queryStatus: r.status };
    if (r.status === 'cancelled') {
      // Cancelled by this worker's shutdown or the job's expiry: fail, so the retry runs it again.
      if (signal.aborted) {
        deps.onRetry?.(job);
        throw signal.reason instanceof Error ? signal.reason : new RetryableError(String(signal.reason), { code: 'job_cancelled' });
      }
      // Cancelled by `lyra task stop` while it ran: nothing more to do until the task is resumed.
      return { outcome: 'skipped', reason: 'task_stopped', queryStatus: r.status };
    }
    if (r.status !== 'done' && r.status !== 'failed') {
      // The run ended without a final status (the store refused the last write, e.g. SQLite busy under
      // several writers): fail the job, so the retry runs the interrupted query again from its checkpoints.
      throw new RetryableError(`query ${job.queryId} of task ${job.taskId} ended its run still ${r.status}; the job is retried`, {
        code: 'query_unfinished',
        details: { taskId: job.taskId, queryId: job.queryId, status: r.status },
      });
    }
    return { outcome: 'ran', queryStatus: r.status };
  } catch (err) {
    if (isLyraError(err) && err.code === 'task_busy') {
      await deps.defer(job);
      return { outcome: 'deferred', reason: 'task_busy' };
    }
    // No such task or query: no retry can mend it, so the job is completed with the reason.
    if (isLyraError(err) && err.category === 'invalid_input') return { outcome: 'rejected', reason: err.code };
    throw err;
  }
}

/** Runs one page job: the page's status completes it; a thrown error (an abort) fails it and the queue retries it. */
export async function runPageJob(engine: Pick<AppEngine, 'fetchPage'>, job: TakenJob<PageJob>, signal: AbortSignal): Promise<JobResult> {
  try {
    const r = await engine.fetchPage(job, { signal });
    return { outcome: 'ran', pageStatus: r.status };
  } catch (err) {
    // No such task, query or page: no retry can mend it.
    if (isLyraError(err) && err.category === 'invalid_input') return { outcome: 'rejected', reason: err.code };
    throw err;
  }
}

export async function runWorker(options: RunWorkerOptions): Promise<WorkerSummary> {
  const settings = workerSettings(options.config);
  const concurrency = options.concurrency ?? settings.concurrency;
  const emit = (e: Omit<LyraEvent, 'at'>): void => options.onEvent?.({ ...e, at: new Date().toISOString() });
  // Page jobs: enqueued by this worker's queries and taken by every worker (pg-boss's maintenance, run by the query queue, covers both queues).
  const pageQueue = settings.pageJobs ? openPageJobQueue(options.config, { maxConnections: settings.pageConcurrency + 2, onEvent: emit }) : undefined;
  // The engine drains up to `concurrency` tasks at once, one per job this worker runs. A page job has
  // ended once its page is final in the store, whatever its state in the queue says yet.
  const ref: { store?: Store } = {};
  const settled = (job: PageJob): boolean => SETTLED_FETCH_STATUSES.has(ref.store?.getPage(job.pageId)?.fetchStatus ?? 'pending');
  const engine = createEngine(options.config, {
    ...options.overrides,
    limits: { ...options.overrides?.limits, maxConcurrentTasks: concurrency },
    ...(pageQueue ? { pageJobs: createPageJobRunner(pageQueue, { settled }) } : {}),
  });
  ref.store = engine.store;
  const queue = openJobQueue(options.config, { supervise: true, maxConnections: concurrency + 2, onEvent: emit });
  const summary: WorkerSummary = { jobs: 0, pageJobs: 0, ran: 0, skipped: 0, deferred: 0, rejected: 0, failed: 0 };
  const shutdownTimeoutMs = settings.shutdownTimeoutSeconds * 1000;
  // Both queues stop on the caller's signal; if the page queue cannot be worked, the worker stops too
  // (its queries would wait for page jobs that no slot of it takes).
  const stop = new AbortController();
  const onStop = (): void => stop.abort(options.signal.reason);
  if (options.signal.aborted) onStop();
  else options.signal.addEventListener('abort', onStop, { once: true });
  let pageError: unknown;
  const pages = pageQueue
    ?.work({ concurrency: settings.pageConcurrency, signal: stop.signal, shutdownTimeoutMs }, async (job, signal) => {
      summary.pageJobs += 1;
      const data = { jobId: job.id, queryId: job.queryId, pageId: job.pageId, retryCount: job.retryCount };
      try {
        const result = await runPageJob(engine, job, signal);
        emit({
          type: `page_job.${result.outcome}`,
          level: result.outcome === 'rejected' ? 'warn' : 'info',
          message: `page job ${job.id}: page ${job.pageId} ${result.pageStatus ?? result.reason ?? result.outcome}`,
          taskId: job.taskId,
          data: { ...data, ...result },
        });
        return result;
      } catch (err) {
        emit({
          type: 'page_job.failed',
          level: 'warn',
          message: `page job ${job.id}: page ${job.pageId} failed (retried by the queue within workers.retry_limit): ${errorMessage(err)}`,
          taskId: job.taskId,
          data: { ...data, code: isLyraError(err) ? err.code : 'unexpected' },
        });
        throw err;
      }
    })
    .catch((err: unknown) => {
      pageError = err;
      stop.abort(err);
    });
  try {
    emit({
      type: 'worker.started',
      level: 'info',
      message: `worker ${process.pid}: taking jobs, ${concurrency} at once${pageQueue ? `, and page jobs, ${settings.pageConcurrency} at once` : ''}`,
      data: { pid: process.pid, concurrency, ...(pageQueue ? { pageConcurrency: settings.pageConcurrency } : {}) },
    });
    await queue.work({ concurrency, signal: stop.signal, shutdownTimeoutMs }, async (job, signal) => {
      summary.jobs += 1;
      const data = { jobId: job.id, queryId: job.queryId, retryCount: job.retryCount };
      // Which worker holds which job, for an operator reading the logs (and the kill test choosing whom to kill).
      emit({ type: 'job.started', level: 'info', message: `job ${job.id}: query ${job.queryId} taken`, taskId: job.taskId, data });
      try {
        const result = await runQueryJob(
          {
            engine,
            defer: (j) => queue.defer(j, settings.busyDelaySeconds * 1000),
            onRetry: (j) => void requeueCancelled(engine.store, j, settings.retryLimit),
          },
          job,
          signal,
        );
        summary[result.outcome] += 1;
        emit({
          type: `job.${result.outcome}`,
          level: result.outcome === 'rejected' ? 'warn' : 'info',
          message: `job ${job.id}: query ${job.queryId} ${result.outcome}${result.reason ? ` (${result.reason})` : ''}${result.queryStatus ? `, query ${result.queryStatus}` : ''}`,
          taskId: job.taskId,
          data: { ...data, ...result },
        });
        return result;
      } catch (err) {
        summary.failed += 1;
        emit({
          type: 'job.failed',
          level: 'warn',
          message: `job ${job.id}: query ${job.queryId} failed (retried by the queue within workers.retry_limit): ${errorMessage(err)}`,
          taskId: job.taskId,
          data: { ...data, code: isLyraError(err) ? err.code : 'unexpected' },
        });
        throw err;
      }
    });
    if (pageError !== undefined) throw pageError;
  } finally {
    // The query jobs have ended (work() returns after them), so no query waits on a page slot any more.
    stop.abort();
    options.signal.removeEventListener('abort', onStop);
    await pages;
    await engine.close();
    await queue.close();
    await pageQueue?.close();
    emit({ type: 'worker.stopped', level: 'info', message: `worker ${process.pid}: stopped after ${summary.jobs} job(s)`, data: { ...summary } });
  }
  return summary;
}
