// `lyra worker`: takes query jobs from the team database's queue and runs each through this process's
// engine (engine.runRecorded), so any number of workers on any number of machines share the recorded
// queries of every task. Who may run a task is decided twice, on purpose: pg-boss leases each job (an
// expiry after which a job whose worker died is handed to another), and the engine's task lease
// (pipeline/task-lease.ts) keeps a task's queries in one process at a time and in recorded order, which
// the graph's derived results depend on. A job whose task another live worker holds is deferred, not
// failed; a job whose query is already final is a no-op, so a job run again after a kill stores nothing
// twice (each phase's checkpoint is kept in the store). Events go to `onEvent`, one per job end.
import { errorMessage, isLyraError, RetryableError, type JobResult, type LyraEvent, type Store, type TakenJob } from '../core/index.js';
import type { LyraConfig } from './config/index.js';
import { createEngine, type AppEngine, type EngineOverrides } from './engine.js';
import { openJobQueue } from './jobs.js';
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
  const queries = store.listQueries(job.taskId);
  const upTo = queries.findIndex((q) => q.id === job.queryId);
  let n = 0;
  for (const q of queries.slice(0, upTo + 1)) {
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

export async function runWorker(options: RunWorkerOptions): Promise<WorkerSummary> {
  const settings = workerSettings(options.config);
  const concurrency = options.concurrency ?? settings.concurrency;
  const emit = (e: Omit<LyraEvent, 'at'>): void => options.onEvent?.({ ...e, at: new Date().toISOString() });
  // The engine drains up to `concurrency` tasks at once, one per job this worker runs.
  const engine = createEngine(options.config, { ...options.overrides, limits: { ...options.overrides?.limits, maxConcurrentTasks: concurrency } });
  const queue = openJobQueue(options.config, { supervise: true, maxConnections: concurrency + 2, onEvent: emit });
  const summary: WorkerSummary = { jobs: 0, ran: 0, skipped: 0, deferred: 0, rejected: 0, failed: 0 };
  try {
    emit({
      type: 'worker.started',
      level: 'info',
      message: `worker ${process.pid}: taking jobs, ${concurrency} at once`,
      data: { pid: process.pid, concurrency },
    });
    await queue.work({ concurrency, signal: options.signal, shutdownTimeoutMs: settings.shutdownTimeoutSeconds * 1000 }, async (job, signal) => {
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
  } finally {
    await engine.close();
    await queue.close();
    emit({ type: 'worker.stopped', level: 'info', message: `worker ${process.pid}: stopped after ${summary.jobs} job(s)`, data: { ...summary } });
  }
  return summary;
}
