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
// query waits under the task's lease. With workers.graph_jobs (off by default) its graph step becomes a
// graph job in the same way (engine.runGraphJob, under the task's graph lease: workers.graph_concurrency).
// Events go to `onEvent`, one per job end.
import {
  delay,
  errorMessage,
  isLyraError,
  RetryableError,
  type GraphJob,
  type JobResult,
  type LyraEvent,
  type PageJob,
  type Store,
  type TakenJob,
} from '../../core/index.js';
import type { PgBossQueue } from '../../queue/index.js';
import type { LyraConfig } from '../config/index.js';
import { SETTLED_FETCH_STATUSES, graphStepStored, queriesUpTo } from '../../pipeline/index.js';
import { createEngine, type AppEngine, type EngineOverrides } from '../engine.js';
import { createGraphJobRunner } from './graph-jobs.js';
import { openGraphJobQueue, openJobQueue, openPageJobQueue } from './jobs.js';
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
  /** Graph jobs run (workers.graph_jobs), counted apart too. */
  graphJobs: number;
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

/**
 * Runs one graph job: the step runs here under the task's graph lease, or is already stored (skipped).
 * While another process runs one of the task's graph steps (task_busy) the job waits, `busyDelayMs`
 * between tries, rather than being deferred as a new job: the query waiting for it watches this job's
 * id. Its lease (workers.graph_job_expire_seconds) bounds the wait; a thrown error fails it and the queue retries it.
 */
export async function runGraphJob(
  deps: { engine: Pick<AppEngine, 'runGraphJob'>; busyDelayMs: number },
  job: TakenJob<GraphJob>,
  signal: AbortSignal,
): Promise<JobResult> {
  for (;;) {
    try {
      const r = await deps.engine.runGraphJob(job, { signal });
      return r.ran ? { outcome: 'ran' } : { outcome: 'skipped', reason: 'graph_stored' };
    } catch (err) {
      if (isLyraError(err) && err.code === 'task_busy') {
        await delay(deps.busyDelayMs, signal);
        continue;
      }
      if (isLyraError(err) && err.category === 'invalid_input') return { outcome: 'rejected', reason: err.code };
      throw err;
    }
  }
}

/**
 * Works a queue of side jobs (page or graph jobs) beside the query jobs, each end an event
 * (`<kind>_job.<outcome>`, `<kind>_job.failed`). Resolves when `signal` aborts and the running ones ended.
 */
function workSideJobs<J extends { taskId: string; queryId: string }>(
  queue: PgBossQueue<J>,
  options: {
    kind: 'page' | 'graph';
    concurrency: number;
    signal: AbortSignal;
    shutdownTimeoutMs: number;
    emit: (e: Omit<LyraEvent, 'at'>) => void;
    count: () => void;
    describe: (job: TakenJob<J>) => string;
    run: (job: TakenJob<J>, signal: AbortSignal) => Promise<JobResult>;
  },
): Promise<void> {
  const { kind, emit } = options;
  return queue.work({ concurrency: options.concurrency, signal: options.signal, shutdownTimeoutMs: options.shutdownTimeoutMs }, async (job, signal) => {
    options.count();
    const data = { jobId: job.id, queryId: job.queryId, retryCount: job.retryCount, ...('pageId' in job ? { pageId: job.pageId } : {}) };
    try {
      const result = await options.run(job, signal);
      emit({
        type: `${kind}_job.${result.outcome}`,
        level: result.outcome === 'rejected' ? 'warn' : 'info',
        message: `${kind} job ${job.id}: ${options.describe(job)} ${result.pageStatus ?? result.reason ?? result.outcome}`,
        taskId: job.taskId,
        data: { ...data, ...result },
      });
      return result;
    } catch (err) {
      emit({
        type: `${kind}_job.failed`,
        level: 'warn',
        message: `${kind} job ${job.id}: ${options.describe(job)} failed (retried by the queue within workers.retry_limit): ${errorMessage(err)}`,
        taskId: job.taskId,
        data: { ...data, code: isLyraError(err) ? err.code : 'unexpected' },
      });
      throw err;
    }
  });
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
  // Page and graph jobs: enqueued by this worker's queries and taken by every worker (pg-boss's maintenance, run by the query queue, covers every queue).
  const pageQueue = settings.pageJobs ? openPageJobQueue(options.config, { maxConnections: settings.pageConcurrency + 2, onEvent: emit }) : undefined;
  const graphQueue = settings.graphJobs ? openGraphJobQueue(options.config, { maxConnections: settings.graphConcurrency + 2, onEvent: emit }) : undefined;
  // The engine drains up to `concurrency` tasks at once, one per job this worker runs. A page job has
  // ended once its page is final in the store, a graph job once its step is stored, whatever their state in the queue says yet.
  const ref: { store?: Store } = {};
  const settled = (job: PageJob): boolean => SETTLED_FETCH_STATUSES.has(ref.store?.getPage(job.pageId)?.fetchStatus ?? 'pending');
  const graphSettled = (job: GraphJob): boolean => ref.store !== undefined && graphStepStored(ref.store, job);
  const engine = createEngine(options.config, {
    ...options.overrides,
    limits: { ...options.overrides?.limits, maxConcurrentTasks: concurrency },
    ...(pageQueue ? { pageJobs: createPageJobRunner(pageQueue, { settled }) } : {}),
    ...(graphQueue ? { graphJobs: createGraphJobRunner(graphQueue, { settled: graphSettled }) } : {}),
  });
  ref.store = engine.store;
  const queue = openJobQueue(options.config, { supervise: true, maxConnections: concurrency + 2, onEvent: emit });
  const summary: WorkerSummary = { jobs: 0, pageJobs: 0, graphJobs: 0, ran: 0, skipped: 0, deferred: 0, rejected: 0, failed: 0 };
  const shutdownTimeoutMs = settings.shutdownTimeoutSeconds * 1000;
  // Every queue stops on the caller's signal; if a side queue cannot be worked, the worker stops too
  // (its queries would wait for jobs that no slot of it takes).
  const stop = new AbortController();
  const onStop = (): void => stop.abort(options.signal.reason);
  if (options.signal.aborted) onStop();
  else options.signal.addEventListener('abort', onStop, { once: true });
  let sideError: unknown;
  const onSideError = (err: unknown): void => {
    sideError ??= err;
    stop.abort(err);
  };
  const side = { signal: stop.signal, shutdownTimeoutMs, emit };
  const pages = pageQueue
    ? workSideJobs(pageQueue, {
        ...side,
        kind: 'page',
        concurrency: settings.pageConcurrency,
        count: () => void (summary.pageJobs += 1),
        describe: (job) => `page ${job.pageId}`,
        run: (job, signal) => runPageJob(engine, job, signal),
      }).catch(onSideError)
    : undefined;
  const graphs = graphQueue
    ? workSideJobs(graphQueue, {
        ...side,
        kind: 'graph',
        concurrency: settings.graphConcurrency,
        count: () => void (summary.graphJobs += 1),
        describe: (job) => `graph step of query ${job.queryId}`,
        run: (job, signal) => runGraphJob({ engine, busyDelayMs: settings.busyDelaySeconds * 1000 }, job, signal),
      }).catch(onSideError)
    : undefined;
  try {
    emit({
      type: 'worker.started',
      level: 'info',
      message: `worker ${process.pid}: taking jobs, ${concurrency} at once${pageQueue ? `, page jobs, ${settings.pageConcurrency} at once` : ''}${graphQueue ? `, graph jobs, ${settings.graphConcurrency} at once` : ''}`,
      data: {
        pid: process.pid,
        concurrency,
        ...(pageQueue ? { pageConcurrency: settings.pageConcurrency } : {}),
        ...(graphQueue ? { graphConcurrency: settings.graphConcurrency } : {}),
      },
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
    if (sideError !== undefined) throw sideError;
  } finally {
    // The query jobs have ended (work() returns after them), so no query waits on a page or graph slot any more.
    stop.abort();
    options.signal.removeEventListener('abort', onStop);
    await pages;
    await graphs;
    await engine.close();
    await queue.close();
    await pageQueue?.close();
    await graphQueue?.close();
    emit({ type: 'worker.stopped', level: 'info', message: `worker ${process.pid}: stopped after ${summary.jobs} job(s)`, data: { ...summary } });
  }
  return summary;
}
