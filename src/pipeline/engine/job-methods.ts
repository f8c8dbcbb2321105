// Queries recorded now and run later or elsewhere: `record` (pending queries), `queueSearches` (recorded
// and put in line here, not awaited), and what a worker process runs of a recorded query — the whole
// query (`runRecorded`), one planned page (`fetchPage`) or its graph step (`runGraphJob`) — each safe to
// run twice.
import {
  InvalidInputError,
  RetryableError,
  type GraphJob,
  type Page,
  type PageJob,
  type QueryOrigin,
  type QueueOptions,
  type QueuedItem,
  type SearchOutcome,
  type SearchTarget,
} from '../../core/index.js';
import { fetchPlannedPage } from '../phases/fetch.js';
import { graphStepOf, graphStepStored } from '../phases/graph.js';
import { resolveTaskProviders } from '../providers.js';
import { queryContext } from '../query-runner.js';
import { GRAPH_LEASE_KEY, claimLease, releaseLease } from '../task-lease.js';
import { queriesUpTo, waitForQuery } from '../task-queue.js';
import { recordQuery, requireTask, targetInput, taskProviders } from '../task-records.js';
import { searchOutcome } from '../views.js';
import type { EngineContext } from './context.js';
import { STOP_POLL_MS } from './task-runner.js';

/** How `record` records its targets: as `search` would run them. */
export interface RecordOptions {
  maxPages?: number;
  seekPrimary?: boolean;
  /** Who designed the queries (default `client`). */
  origin?: QueryOrigin;
  /** The caller's own id for the one target recorded (SearchOptions.clientKey). */
  clientKey?: string;
}

/** What runRecorded did: ran the query (its status now), or why nothing ran. */
export type RunRecordedOutcome = { ran: true; status: string } | { ran: false; reason: 'query_final' | 'task_stopped'; status: string };

export interface JobMethods {
  /** Records targets as pending queries without running them (`lyra task search --queue`; `resume` runs them). */
  record(taskId: string, targets: SearchTarget[], options?: RecordOptions): QueuedItem[];
  /** The outcome of a recorded query, as `search` returns it, whichever process ran it (`lyra research --queue`). */
  queryOutcome(taskId: string, queryId: string): SearchOutcome;
  /**
   * Runs recorded query `queryId` of the task here (a worker's job): first the task's earlier queries
   * still pending, interrupted (`running` with no process on it: its lease lapsed) or cancelled, then it,
   * in recorded order under the task's lease. A query already done or failed, or a stopped task, runs
   * nothing (`ran: false`), so running the same job twice stores nothing twice. Throws `task_busy`
   * (retryable) while another live process holds the task's lease.
   */
  runRecorded(taskId: string, queryId: string, options?: { signal?: AbortSignal }): Promise<RunRecordedOutcome>;
  queueSearches(taskId: string, targets: SearchTarget[], options?: QueueOptions): QueuedItem[];
  /**
   * Fetches and stores one planned page of a query here (a worker's page job), as Phase 6 would; a page
   * already final is left as it is, so a job run again stores nothing twice. No task lease: the query
   * waiting for the page holds it. Returns the page's fetch status.
   */
  fetchPage(job: PageJob, options?: { signal?: AbortSignal }): Promise<{ status: Page['fetchStatus'] }>;
  /**
   * Runs a query's graph step here (a worker's graph job), as Phase 7 would, under the task's graph lease
   * (`task_busy` while another live process runs one of the task's graph steps). A step already stored is
   * left as it is (`ran: false`), so a job run again changes nothing.
   */
  runGraphJob(job: GraphJob, options?: { signal?: AbortSignal }): Promise<{ ran: boolean }>;
}

export function jobMethods(ctx: EngineContext): JobMethods {
  const { deps, store, limits, runner } = ctx;
  /** Tasks whose graph step runs as a graph job in this process (runGraphJob). */
  const graphsRunning = new Set<string>();
  /** The query context a worker's job runs its phase in (no task line: the job is the unit of work). */
  const jobContext = (job: { taskId: string; queryId: string }, signal: AbortSignal | undefined) =>
    queryContext({ deps, limits, taskId: job.taskId, queryId: job.queryId, signal: signal ?? new AbortController().signal, emit: ctx.emit });

  function record(taskId: string, targets: SearchTarget[], options: RecordOptions = {}): QueuedItem[] {
    const task = ctx.openTask(taskId);
    const { origin, clientKey, ...extra } = options;
    if (clientKey !== undefined && targets.length !== 1)
      throw new InvalidInputError(`record: a client key names one search; got ${targets.length} targets`, { code: 'invalid_argument' });
    const inputs = targets.map((t) => targetInput(t, ctx.queryProviders(task, 'query' in t ? t.providers : undefined), { ...extra, expansion: ctx.expansion }));
    const pending = store.listQueries(taskId).filter((q) => q.status === 'pending').length;
    if (pending + inputs.length > limits.maxQueuedQueries) {
      throw new InvalidInputError(
        `task ${taskId}: ${pending} queries are pending; ${inputs.length} more would exceed pipeline.max_queued_queries (${limits.maxQueuedQueries})`,
        { code: 'queue_full' },
      );
    }
    return inputs.map((input) => {
      const q = recordQuery(store, taskId, input, { ...(origin ? { origin } : {}), ...(clientKey !== undefined ? { clientKey } : {}) });
      return { queryId: q.id, kind: input.kind, value: input.value };
    });
  }

  return {
    record,

    queryOutcome(taskId: string, queryId: string): SearchOutcome {
      const task = requireTask(store, taskId);
      const query = store.getQuery(queryId);
      if (!query || query.taskId !== taskId)
        throw new InvalidInputError(`task ${taskId} has no query ${queryId}`, { code: 'query_not_found', details: { taskId, queryId } });
      return searchOutcome({ store, trust: deps.trust, task, queryId });
    },

    async runRecorded(taskId: string, queryId: string, options: { signal?: AbortSignal } = {}): Promise<RunRecordedOutcome> {
      const task = requireTask(store, taskId);
      const query = store.getQuery(queryId);
      if (!query || query.taskId !== taskId)
        throw new InvalidInputError(`task ${taskId} has no query ${queryId}`, { code: 'query_not_found', details: { taskId, queryId } });
      if (query.status === 'done' || query.status === 'failed') {
        // A job run again because its worker died after ending the query but before marking the task: the
        // task is marked here, or it would read `running` with nothing left to run. Not while a query of it
        // is cancelled: a job whose lease ran out cancels its query until the retry makes it pending again.
        const waiting = store.listQueries(taskId).some((q) => q.status === 'cancelled');
        if (task.status === 'running' && !waiting && !runner.existingLine(taskId)?.loop) runner.completeIfFinished(taskId);
        return { ran: false, reason: 'query_final', status: query.status };
      }
      if (task.status === 'stopped') return { ran: false, reason: 'task_stopped', status: query.status };
      resolveTaskProviders(deps, taskProviders(task));
      ctx.requireModels();
      claimLease(store, taskId);
      const line = runner.lineOf(taskId);
      const active = new Set([...line.queue, ...(line.current ? [line.current] : [])]);
      // Recorded order: the graph's derived results depend on it (task-queue.ts), so earlier queries go first.
      const todo = queriesUpTo(store.listQueries(taskId), queryId).filter(
        (q) => (q.status === 'pending' || q.status === 'running' || q.status === 'cancelled') && !active.has(q.id),
      );
      for (const q of todo) {
        if (q.status !== 'pending') store.updateQuery(q.id, { status: 'pending' });
        runner.enqueue(taskId, q.id, options.signal);
      }
      await waitForQuery(line, queryId);
      return { ran: true, status: store.getQuery(queryId)?.status ?? 'unknown' };
    },

    queueSearches(taskId: string, targets: SearchTarget[], options: QueueOptions = {}): QueuedItem[] {
      ctx.requireModels();
      ctx.openTask(taskId);
      claimLease(store, taskId);
      const line = runner.lineOf(taskId);
      if (line.queue.length + targets.length > limits.maxQueuedQueries) {
        throw new InvalidInputError(`task ${taskId}: queueing ${targets.length} more would exceed pipeline.max_queued_queries (${limits.maxQueuedQueries})`, {
          code: 'queue_full',
        });
      }
      const items = record(taskId, targets, options);
      for (const item of items) runner.enqueue(taskId, item.queryId);
      return items;
    },

    async fetchPage(job: PageJob, options: { signal?: AbortSignal } = {}): Promise<{ status: Page['fetchStatus'] }> {
      requireTask(store, job.taskId);
      const query = store.getQuery(job.queryId);
      const page = store.getPage(job.pageId);
      if (!query || query.taskId !== job.taskId || !page || page.taskId !== job.taskId)
        throw new InvalidInputError(`task ${job.taskId} has no query ${job.queryId} with page ${job.pageId}`, { code: 'page_not_found', details: { ...job } });
      return { status: await fetchPlannedPage(jobContext(job, options.signal), job.pageId) };
    },

    async runGraphJob(job: GraphJob, options: { signal?: AbortSignal } = {}): Promise<{ ran: boolean }> {
      requireTask(store, job.taskId);
      const query = store.getQuery(job.queryId);
      if (!query || query.taskId !== job.taskId)
        throw new InvalidInputError(`task ${job.taskId} has no query ${job.queryId}`, { code: 'query_not_found', details: { ...job } });
      const stored = (): boolean => graphStepStored(store, job);
      if (stored()) return { ran: false };
      ctx.requireModels();
      // The lease is per process: a second graph job of the task in this process waits as another process's would.
      if (graphsRunning.has(job.taskId))
        throw new RetryableError(`task ${job.taskId}: another of its graph steps runs in this process`, { code: 'task_busy', details: { ...job } });
      claimLease(store, job.taskId, GRAPH_LEASE_KEY);
      graphsRunning.add(job.taskId);
      // Renewed while the step runs, so a second graph job of the task (a retried query's) waits for this one.
      const heartbeat = setInterval(() => {
        try {
          claimLease(store, job.taskId, GRAPH_LEASE_KEY);
        } catch {
          // A failed renewal is retried at the next tick.
        }
      }, STOP_POLL_MS);
      heartbeat.unref();
      try {
        if (stored()) return { ran: false };
        await graphStepOf(jobContext(job, options.signal));
        return { ran: true };
      } finally {
        clearInterval(heartbeat);
        graphsRunning.delete(job.taskId);
        releaseLease(store, job.taskId, GRAPH_LEASE_KEY);
      }
    },
  };
}
