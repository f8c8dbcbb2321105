// The Engine (core/interfaces/engine.ts) over injected dependencies: tasks, one query at a time per
// task through the seven phases, queued work in the background (bounded), stop, resume and typed
// progress events. app/engine.ts wires the real adapters into it.
import {
  InvalidInputError,
  NonRetryableError,
  RetryableError,
  errorMessage,
  isLyraError,
  type CreateTaskInput,
  type Engine,
  type EngineEvent,
  type ErrorCategory,
  type IngestUrlOutcome,
  type SourceText,
  type LyraError,
  type Materials,
  type MaterialsOptions,
  type MaterialsPage,
  type MaterialsPageOptions,
  type Page,
  type GraphJob,
  type PageJob,
  type QueueOptions,
  type QueryOrigin,
  type QueuedItem,
  type SearchOptions,
  type SearchOutcome,
  type SearchTarget,
  type SourceReachability,
  type Task,
  type TaskStatusView,
  type VerifyOutcome,
} from '../core/index.js';
import { errorOfCategory } from '../sources/index.js';
import type { PipelineDeps } from './deps.js';
import { resolveLimits, type PipelineLimits } from './limits.js';
import { verifyStatement } from './graph/index.js';
import { buildMaterials, buildMaterialsPage } from './materials/index.js';
import { graphDepsOf, graphStepOf, graphStepStored } from './phases/graph.js';
import { normalizeProviders, resolveTaskProviders } from './providers.js';
import { fetchPlannedPage } from './phases/fetch.js';
import { queryContext, runQuery } from './query-runner.js';
import { taskStatusView } from './status-view.js';
import { taskCounts } from './task-counts.js';
import { GRAPH_LEASE_KEY, claimLease, releaseLease } from './task-lease.js';
import { newTaskLine, queriesUpTo, Semaphore, settleQuery, waitForQuery, type TaskLine } from './task-queue.js';
import { newTaskRecord, recordQuery, requireTask, storeTask, targetInput, taskProviders } from './task-records.js';
import { keys, loadPayload, warning, type PageOutcome, type ReachabilityRecord } from './task-state.js';
import { createSourceResolver, sourceView } from './materials/index.js';
import { checkReachability, reachabilityFromTask } from './reachability.js';
import { budgetView, pageSourceView, searchOutcome } from './views.js';

function errorOfCategoryName(category: ErrorCategory, message: string, code: string): LyraError {
  return errorOfCategory(category, message, { code });
}

/** How often a running task looks in the store for a stop made by another process (ms). */
export const STOP_POLL_MS = 1_000;

export interface PipelineEngine extends Engine {
  readonly limits: PipelineLimits;
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

export function createPipelineEngine(deps: PipelineDeps): PipelineEngine {
  const limits = resolveLimits(deps.limits);
  const { store } = deps;
  const listeners = new Set<(e: EngineEvent) => void>();
  const lines = new Map<string, TaskLine>();
  const slots = new Semaphore(limits.maxConcurrentTasks);
  let closed = false;

  const emit = (e: EngineEvent): void => {
    for (const l of listeners) {
      try {
        l(e);
      } catch {
        // A listener's failure must not break the pipeline; listeners report their own errors.
      }
    }
  };
  const now = (): string => new Date().toISOString();
  /** Tasks whose graph step runs as a graph job in this process (runGraphJob). */
  const graphsRunning = new Set<string>();

  /** Required components: the models (stance for Phase 7 and citation relevance, embeddings for similarity). */
  const requireModels = (): void => {
    deps.models.stance();
    deps.models.embedding();
  };

  const lineOf = (taskId: string): TaskLine => {
    let line = lines.get(taskId);
    if (!line || line.controller.signal.aborted) {
      line = newTaskLine(taskId);
      lines.set(taskId, line);
    }
    return line;
  };

  const setStatus = (taskId: string, status: Task['status'], extra: Partial<Task> = {}): Task => store.updateTask(taskId, { status, ...extra });

  async function drain(line: TaskLine): Promise<void> {
    const { taskId, controller } = line;
    // Another process may stop the task (lyra task stop): the stored status is looked at regularly.
    const poll = setInterval(() => {
      try {
        if (store.getTask(taskId)?.status === 'stopped') controller.abort(new Error(store.getTask(taskId)?.stopReason ?? 'stopped'));
        claimLease(store, taskId);
      } catch {
        // A failed heartbeat is retried at the next tick; the store reports its own failures to the queries.
      }
    }, STOP_POLL_MS);
    poll.unref();
    try {
      await slots.acquire(controller.signal);
    } catch {
      clearInterval(poll);
      return;
    }
    try {
      while (line.queue.length > 0 && !controller.signal.aborted) {
        const queryId = line.queue.shift()!;
        line.current = queryId;
        try {
          const budget = budgetBlock(taskId);
          if (budget) {
            store.updateQuery(queryId, { lastError: `pending: ${budget}` });
            emit({
              type: 'warning',
              taskId,
              warning: warning({
                source: 'budget',
                category: 'warning',
                code: 'budget_exhausted',
                message: `query left pending: ${budget}`,
                target: store.getQuery(queryId)?.text,
              }),
              at: now(),
            });
            continue;
          }
          if (store.getTask(taskId)?.status !== 'running') setStatus(taskId, 'running');
          const own = line.querySignals.get(queryId);
          const signal = own ? AbortSignal.any([controller.signal, own]) : controller.signal;
          await runQuery({ deps, limits, taskId, queryId, signal, emit });
        } catch (err) {
          // runQuery records a query's own failure; what escapes it (the store failing) is recorded here if it can be.
          const error = { category: isLyraError(err) ? err.category : ('retryable' as const), code: 'query_crashed', message: errorMessage(err) };
          const message = `${error.category}: ${error.message}`;
          try {
            store.updateQuery(queryId, { status: 'failed', lastError: message, error, finishedAt: now() });
          } catch {
            // The store itself is failing; the warning event below is all that can be said.
          }
          emit({
            type: 'warning',
            taskId,
            warning: warning({ source: 'engine', category: error.category, code: error.code, message, target: queryId }),
            at: now(),
          });
        } finally {
          line.current = undefined;
          settleQuery(line, queryId);
        }
      }
    } finally {
      line.current = undefined;
      clearInterval(poll);
      slots.release();
      try {
        releaseLease(store, taskId);
      } catch {
        // Stale leases are taken over after LEASE_STALE_MS.
      }
    }
    if (controller.signal.aborted || line.queue.length > 0) return;
    try {
      if (store.getTask(taskId)?.status === 'running' && isFinished(taskId)) {
        setStatus(taskId, 'completed');
        emit({ type: 'task.completed', taskId, at: now() });
      }
    } catch {
      // Reported by the next call that reads the store.
    }
  }

  /** Nothing runs and nothing runnable is pending (pending queries the budget holds back do not count). */
  function isFinished(taskId: string): boolean {
    const queries = store.listQueries(taskId);
    if (queries.some((q) => q.status === 'running')) return false;
    return !queries.some((q) => q.status === 'pending') || budgetBlock(taskId) !== undefined;
  }

  /** Why the task's budget forbids another query, or undefined. */
  function budgetBlock(taskId: string): string | undefined {
    const b = budgetView(store, store.getTask(taskId)!);
    if (b.queriesLeft <= 0) return `query budget used up (${b.maxQueries})`;
    if (b.pagesLeft <= 0) return `page budget used up (${b.maxPages})`;
    if (b.secondsLeft <= 0) return `time budget used up (${b.maxSeconds} s)`;
    return undefined;
  }

  function startLoop(line: TaskLine): void {
    line.loop = drain(line).finally(() => {
      line.loop = undefined;
      if (line.controller.signal.aborted || closed) {
        // Queries left behind by an abort are settled so no caller waits forever.
        for (const q of line.queue) settleQuery(line, q);
        line.queue.length = 0;
      } else if (line.queue.length > 0) startLoop(line); // queued while the loop was winding down
    });
  }

  function enqueue(taskId: string, queryId: string, signal?: AbortSignal): TaskLine {
    if (closed) throw new NonRetryableError('engine: closed', { code: 'engine_closed' });
    claimLease(store, taskId);
    const line = lineOf(taskId);
    if (line.queue.length >= limits.maxQueuedQueries) {
      throw new InvalidInputError(
        `task ${taskId}: ${line.queue.length} queries are already queued (pipeline.max_queued_queries = ${limits.maxQueuedQueries})`,
        { code: 'queue_full' },
      );
    }
    line.queue.push(queryId);
    if (signal) line.querySignals.set(queryId, signal);
    if (!line.loop) startLoop(line);
    return line;
  }

  function openTask(taskId: string): Task {
    const task = requireTask(store, taskId);
    if (task.status === 'stopped')
      throw new InvalidInputError(`task ${taskId} is stopped (${task.stopReason ?? 'no reason given'}); lyra resume ${taskId} reopens it`, {
        code: 'task_stopped',
      });
    return task;
  }

  function queryProviders(task: Task, names: string[] | undefined): string[] {
    return names && names.length > 0 ? normalizeProviders(deps, names) : taskProviders(task);
  }

  async function runSearch(taskId: string, query: string, options: SearchOptions, extra: { deferStance?: boolean }): Promise<SearchOutcome> {
    const task = openTask(taskId);
    requireModels();
    claimLease(store, taskId);
    const input = targetInput({ query, ...(options.refute ? { refute: true } : {}) }, queryProviders(task, options.providers), {
      ...(options.maxPages !== undefined ? { maxPages: options.maxPages } : {}),
      ...(options.seekPrimary ? { seekPrimary: true } : {}),
      expansion,
      ...extra,
    });
    const q = recordQuery(store, taskId, input, {
      ...(options.origin ? { origin: options.origin } : {}),
      ...(options.clientKey !== undefined ? { clientKey: options.clientKey } : {}),
    });
    const line = enqueue(taskId, q.id, options.signal);
    await waitForQuery(line, q.id);
    return searchOutcome({ store, trust: deps.trust, task: requireTask(store, taskId), queryId: q.id });
  }

  // Recorded with each query, so that whichever engine runs it expands it as this one would.
  const expansion = { mirror: limits.mirrorQueries, synonyms: limits.synonymQueries };

  const engine: PipelineEngine = {
    limits,

    async createTask(input: CreateTaskInput): Promise<Task> {
      const providers = resolveTaskProviders(deps, input.providers);
      requireModels();
      const warnings = deps.scholarly.disabled.map((name) =>
        warning({
          source: name,
          category: 'warning',
          code: 'source_disabled',
          message: `scholarly source ${name} is disabled (scholarly.${name}.enabled: false)`,
        }),
      );
      const task = newTaskRecord(input, { limits, providers, snapshot: { pipeline: limits, ...(deps.graphLimits ? { graph: deps.graphLimits } : {}) } });
      storeTask(store, task, warnings);
      emit({ type: 'task.created', taskId: task.id, at: now() });
      return task;
    },

    search(taskId: string, query: string, options: SearchOptions = {}): Promise<SearchOutcome> {
      return runSearch(taskId, query, options, {});
    },

    record(taskId: string, targets: SearchTarget[], options: RecordOptions = {}): QueuedItem[] {
      const task = openTask(taskId);
      const { origin, clientKey, ...extra } = options;
      if (clientKey !== undefined && targets.length !== 1)
        throw new InvalidInputError(`record: a client key names one search; got ${targets.length} targets`, { code: 'invalid_argument' });
      const inputs = targets.map((t) => targetInput(t, queryProviders(task, 'query' in t ? t.providers : undefined), { ...extra, expansion }));
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
    },

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
      if (query.status === 'done' || query.status === 'failed') return { ran: false, reason: 'query_final', status: query.status };
      if (task.status === 'stopped') return { ran: false, reason: 'task_stopped', status: query.status };
      resolveTaskProviders(deps, taskProviders(task));
      requireModels();
      claimLease(store, taskId);
      const line = lineOf(taskId);
      const active = new Set([...line.queue, ...(line.current ? [line.current] : [])]);
      // Recorded order: the graph's derived results depend on it (task-queue.ts), so earlier queries go first.
      const todo = queriesUpTo(store.listQueries(taskId), queryId).filter(
        (q) => (q.status === 'pending' || q.status === 'running' || q.status === 'cancelled') && !active.has(q.id),
      );
      for (const q of todo) {
        if (q.status !== 'pending') store.updateQuery(q.id, { status: 'pending' });
        enqueue(taskId, q.id, options.signal);
      }
      await waitForQuery(line, queryId);
      return { ran: true, status: store.getQuery(queryId)?.status ?? 'unknown' };
    },

    queueSearches(taskId: string, targets: SearchTarget[], options: QueueOptions = {}): QueuedItem[] {
      requireModels();
      openTask(taskId);
      claimLease(store, taskId);
      const line = lineOf(taskId);
      if (line.queue.length + targets.length > limits.maxQueuedQueries) {
        throw new InvalidInputError(`task ${taskId}: queueing ${targets.length} more would exceed pipeline.max_queued_queries (${limits.maxQueuedQueries})`, {
          code: 'queue_full',
        });
      }
      const items = engine.record(taskId, targets, options);
      for (const item of items) enqueue(taskId, item.queryId);
      return items;
    },

    status(taskId: string): TaskStatusView {
      return taskStatusView({ store, trust: deps.trust, task: requireTask(store, taskId) });
    },

    async stop(taskId: string, reason?: string): Promise<TaskStatusView> {
      const task = requireTask(store, taskId);
      const why = reason?.trim() || 'stopped by the client';
      const line = lines.get(taskId);
      // Stored first, so a task running in another process sees it and stops too.
      setStatus(taskId, 'stopped', { stoppedAt: now(), stopReason: why });
      if (line) {
        line.controller.abort(new Error(why));
        deps.cancelFetches?.(taskId);
        await line.loop;
      }
      for (const q of store.listQueries(taskId)) {
        if (q.status === 'pending' || (q.status === 'running' && !line)) store.updateQuery(q.id, { status: 'cancelled', lastError: `cancelled: ${why}` });
      }
      if (task.status !== 'stopped') emit({ type: 'task.stopped', taskId, at: now(), reason: why });
      return engine.status(taskId);
    },

    counts(taskId: string) {
      requireTask(store, taskId);
      return taskCounts(store, taskId);
    },

    readSource(taskId: string, pageId: string): SourceText {
      requireTask(store, taskId);
      const page = store.getPage(pageId);
      if (!page || page.taskId !== taskId)
        throw new InvalidInputError(`readSource: task ${taskId} has no page ${pageId}`, { code: 'page_not_found', details: { taskId, pageId } });
      if (page.fetchStatus !== 'fetched' && page.fetchStatus !== 'abstract_only') {
        throw new NonRetryableError(`readSource: ${page.url} has no text (${page.fetchStatus})`, {
          code: 'source_unreadable',
          details: { pageId, url: page.url, fetchStatus: page.fetchStatus },
        });
      }
      return {
        source: sourceView(page, createSourceResolver(deps.trust)(page), { bibliographic: true }),
        text: store
          .listFragments(pageId)
          .map((f) => f.text)
          .join('\n\n'),
      };
    },

    async checkSource(taskId: string, pageId: string, options: { recheck?: boolean; signal?: AbortSignal } = {}): Promise<SourceReachability> {
      openTask(taskId);
      const page = store.getPage(pageId);
      if (!page || page.taskId !== taskId)
        throw new InvalidInputError(`checkSource: task ${taskId} has no page ${pageId}`, { code: 'page_not_found', details: { taskId, pageId } });
      const source = pageSourceView(page, deps.trust);
      if (!options.recheck) {
        const checked = loadPayload<ReachabilityRecord>(store, taskId, keys.check(pageId));
        if (checked) return { source, ...checked, from: 'check' };
        const seen = reachabilityFromTask(page, loadPayload<PageOutcome>(store, taskId, keys.page(pageId)));
        if (seen) return { source, ...seen, from: 'task' };
      }
      const record = await checkReachability({ deps, page, ...(options.signal ? { signal: options.signal } : {}) });
      store.saveCheckpoint(taskId, keys.check(pageId), record);
      return { source, ...record, from: 'check' };
    },

    async judge(pairs, options = {}) {
      return deps.models.stance().judge(pairs, options);
    },

    stanceModelName() {
      return deps.models.stance().name;
    },

    materials(taskId: string, options?: MaterialsOptions): Materials {
      requireTask(store, taskId);
      return buildMaterials(
        { store, trust: deps.trust, ...(deps.questionRelevance ? { questionRelevance: deps.questionRelevance } : {}) },
        { taskId, ...options },
      );
    },

    materialsPage(taskId: string, options?: MaterialsPageOptions): MaterialsPage {
      requireTask(store, taskId);
      return buildMaterialsPage(
        { store, trust: deps.trust, ...(deps.questionRelevance ? { questionRelevance: deps.questionRelevance } : {}) },
        { taskId, ...options },
      );
    },

    async verifyClaim(taskId: string, statement: string, options: SearchOptions = {}): Promise<VerifyOutcome> {
      openTask(taskId);
      // The search's graph run extracts claims only: verifyStatement judges the statement's own candidates.
      const outcome = await runSearch(taskId, statement, options, { deferStance: true });
      if (outcome.status !== 'done') {
        const q = store.getQuery(outcome.queryId);
        throw errorOfCategory(
          q?.error?.category ?? 'retryable',
          `verify: the search for ${JSON.stringify(statement)} ended ${outcome.status}: ${q?.lastError ?? outcome.status}`,
          {
            code: 'verify_search_failed',
            ...(q?.error ? { details: { cause: q.error } } : {}),
          },
        );
      }
      const graph = loadPayload<{ pageIds: string[] }>(store, taskId, keys.phase(outcome.queryId, 'graph'));
      const result = await verifyStatement(graphDepsOf({ deps, emit }), {
        taskId,
        statement,
        pageIds: graph?.pageIds ?? [],
        queries: outcome.sentQueries,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { ...result, queryId: outcome.queryId, warnings: [...outcome.warnings, ...result.warnings] };
    },

    async fetchPage(job: PageJob, options: { signal?: AbortSignal } = {}): Promise<{ status: Page['fetchStatus'] }> {
      requireTask(store, job.taskId);
      const query = store.getQuery(job.queryId);
      const page = store.getPage(job.pageId);
      if (!query || query.taskId !== job.taskId || !page || page.taskId !== job.taskId)
        throw new InvalidInputError(`task ${job.taskId} has no query ${job.queryId} with page ${job.pageId}`, { code: 'page_not_found', details: { ...job } });
      const ctx = queryContext({ deps, limits, taskId: job.taskId, queryId: job.queryId, signal: options.signal ?? new AbortController().signal, emit });
      return { status: await fetchPlannedPage(ctx, job.pageId) };
    },

    async runGraphJob(job: GraphJob, options: { signal?: AbortSignal } = {}): Promise<{ ran: boolean }> {
      requireTask(store, job.taskId);
      const query = store.getQuery(job.queryId);
      if (!query || query.taskId !== job.taskId)
        throw new InvalidInputError(`task ${job.taskId} has no query ${job.queryId}`, { code: 'query_not_found', details: { ...job } });
      const stored = (): boolean => graphStepStored(store, job);
      if (stored()) return { ran: false };
      requireModels();
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
        const ctx = queryContext({ deps, limits, taskId: job.taskId, queryId: job.queryId, signal: options.signal ?? new AbortController().signal, emit });
        await graphStepOf(ctx);
        return { ran: true };
      } finally {
        clearInterval(heartbeat);
        graphsRunning.delete(job.taskId);
        releaseLease(store, job.taskId, GRAPH_LEASE_KEY);
      }
    },

    async ingestUrl(taskId: string, url: string, options: { signal?: AbortSignal } = {}): Promise<IngestUrlOutcome> {
      const task = openTask(taskId);
      requireModels();
      claimLease(store, taskId);
      const input = targetInput({ url }, taskProviders(task));
      const q = recordQuery(store, taskId, input);
      await waitForQuery(enqueue(taskId, q.id, options.signal), q.id);
      const outcome = searchOutcome({ store, trust: deps.trust, task: requireTask(store, taskId), queryId: q.id });
      const page = store.findPageByUrl(taskId, input.value);
      if (!page) throw errorOfCategoryName('non_retryable', `ingest ${url}: the query ended ${outcome.status} without a page`, 'ingest_failed');
      const failed = loadPayload<PageOutcome>(store, taskId, keys.page(page.id));
      // A page of a BLOCKED domain is skipped with its reason (phases/fetch.ts): the ingest fails with it.
      if (failed?.status === 'failed' || failed?.status === 'blocked' || failed?.status === 'skipped')
        throw errorOfCategoryName(
          failed.error?.category ?? 'retryable',
          `ingest ${url}: ${failed.error?.message ?? failed.status}`,
          failed.error?.code ?? 'fetch_failed',
        );
      if (outcome.status !== 'done')
        throw errorOfCategoryName('retryable', `ingest ${url}: query ${outcome.status}: ${store.getQuery(q.id)?.lastError ?? ''}`, 'ingest_failed');
      return {
        page: pageSourceView(store.getPage(page.id)!, deps.trust),
        fragments: store.listFragments(page.id).length,
        claims: outcome.claims,
        warnings: outcome.warnings,
      };
    },

    async resume(taskId: string, options: { signal?: AbortSignal } = {}): Promise<TaskStatusView> {
      const task = requireTask(store, taskId);
      resolveTaskProviders(deps, taskProviders(task));
      requireModels();
      claimLease(store, taskId);
      const line = lineOf(taskId);
      const active = new Set([...line.queue, ...(line.current ? [line.current] : [])]);
      const todo = store.listQueries(taskId).filter((q) => (q.status === 'pending' || q.status === 'running' || q.status === 'cancelled') && !active.has(q.id));
      if (task.status === 'stopped' || todo.length > 0) {
        setStatus(taskId, 'running', { stoppedAt: undefined, stopReason: undefined });
        emit({ type: 'task.resumed', taskId, at: now() });
      }
      for (const q of todo) {
        if (q.status !== 'pending') store.updateQuery(q.id, { status: 'pending' });
        enqueue(taskId, q.id, options.signal);
      }
      if (todo.length === 0 && !lines.get(taskId)?.loop) releaseLease(store, taskId);
      await engine.idle(taskId, options);
      const after = requireTask(store, taskId);
      if (after.status === 'running' && !lines.get(taskId)?.loop && isFinished(taskId)) {
        setStatus(taskId, 'completed');
        emit({ type: 'task.completed', taskId, at: now() });
      }
      return engine.status(taskId);
    },

    async idle(taskId: string, options: { signal?: AbortSignal } = {}): Promise<void> {
      requireTask(store, taskId);
      for (;;) {
        const loop = lines.get(taskId)?.loop;
        if (!loop) return;
        if (!options.signal) {
          await loop;
          continue;
        }
        if (options.signal.aborted) throw options.signal.reason;
        await new Promise<void>((resolve, reject) => {
          const onAbort = (): void => reject(options.signal!.reason);
          options.signal!.addEventListener('abort', onAbort, { once: true });
          void loop.then(() => {
            options.signal!.removeEventListener('abort', onAbort);
            resolve();
          });
        });
      }
    },

    on(listener: (event: EngineEvent) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async close(): Promise<void> {
      closed = true;
      const loops: Array<Promise<void>> = [];
      for (const line of lines.values()) {
        line.controller.abort(new Error('engine closed'));
        if (line.loop) loops.push(line.loop);
      }
      await Promise.allSettled(loops);
      listeners.clear();
    },
  };
  return engine;
}
