// One query through the seven phases (seed 000 改善後のフロー), each phase's output stored before the
// next starts (seed 003 §4). A phase whose output is stored is read back, not run again; the query is
// tried `query_attempts` times on retryable errors with 1 s × attempt backoff, then recorded as failed
// with its error while the task goes on (seed 003 §2.1). No fallback results, ever.
import {
  delay,
  errorMessage,
  isLyraError,
  RetryableError,
  type EngineEvent,
  type EngineWarning,
  type PipelinePhase,
  type Query,
  type QueryMetrics,
  type SearchOutcome,
} from '../core/index.js';
import { queryMetrics, type Satisfaction } from '../policy/index.js';
import { parseScholarlyId } from '../sources/index.js';
import type { PipelineDeps } from './deps.js';
import type { PipelineLimits } from './limits.js';
import { runAcademicPhase, type AcademicOutput } from './phases/academic.js';
import { runCitationsPhase, type CitationsOutput } from './phases/citations.js';
import { firstRoundIdentifiers, runEnrichPhase, type EnrichOutput } from './phases/enrich.js';
import { planFetch, runFetchPhase, type FetchOutput, type FetchPlan } from './phases/fetch.js';
import { graphStepOf, type GraphOutput } from './phases/graph.js';
import { runRegisterPhase, type RegisterOutput } from './phases/register.js';
import { runSerpPhase, type SerpOutput } from './phases/serp.js';
import { selectProviders } from './providers.js';
import { createBudgetTracker, type QueryContext } from './query-context.js';
import { addQueryWarnings, keys, loadPayload, savePhase, warning, type QueryInput } from './task-state.js';

/** Stored when a query ends: what its SearchOutcome is built from (its metrics, and claim ids for its claims). */
export interface QuerySummary
  extends Pick<
    SearchOutcome,
    | 'sentQueries'
    | 'resultsFound'
    | 'newPages'
    | 'pagesFetched'
    | 'fragments'
    | 'usefulFragments'
    | 'harvestRate'
    | 'novelty'
    | 'duplicateRate'
    | 'satisfaction'
    | 'hasPrimarySource'
  > {
  claimIds: string[];
}

/** Satisfaction stored as a number on the query row (QueryMetrics.satisfaction): 1, 0.5, 0. */
export const SATISFACTION_SCORE: Readonly<Record<Satisfaction, number>> = { satisfied: 1, partial: 0.5, unsatisfied: 0 };

export interface RunQueryOptions {
  deps: PipelineDeps;
  limits: PipelineLimits;
  taskId: string;
  queryId: string;
  signal: AbortSignal;
  emit(event: EngineEvent): void;
}

const now = (): string => new Date().toISOString();

async function runPhases(ctx: QueryContext): Promise<QuerySummary> {
  const { deps, task, query } = ctx;
  const taskId = task.id;
  const save = (key: string, payload: unknown, seconds: number, usage: { queriesSent?: number } = {}): void =>
    savePhase(deps.store, taskId, key, payload, { ...usage, secondsUsed: seconds });

  async function step<T>(
    phase: PipelinePhase,
    key: string,
    run: () => Promise<T> | T,
    options: { onLoaded?: (o: T) => void; usage?: (o: T) => { queriesSent?: number }; count?: (o: T) => number } = {},
  ): Promise<T> {
    const saved = loadPayload<T & { complete?: boolean }>(deps.store, taskId, key);
    if (saved !== undefined && saved !== null && saved.complete !== false) {
      options.onLoaded?.(saved);
      return saved;
    }
    ctx.emit({ type: 'phase.start', taskId, queryId: query.id, phase, at: now() });
    ctx.budget.phaseStarted();
    const t0 = Date.now();
    const out = await run();
    save(key, out, (Date.now() - t0) / 1000, options.usage?.(out) ?? {});
    for (const w of (out as { warnings?: EngineWarning[] }).warnings ?? []) ctx.emit({ type: 'warning', taskId, warning: w, at: w.at });
    ctx.emit({ type: 'phase.end', taskId, queryId: query.id, phase, at: now(), ...(options.count ? { count: options.count(out) } : {}) });
    return out;
  }

  const serp: SerpOutput = await step('serp', keys.phase(query.id, 'serp'), () => runSerpPhase(ctx), {
    usage: (o) => ({ queriesSent: ctx.input.kind === 'query' ? o.sentQueries.length : 1 }),
    count: (o) => o.hits.length,
  });
  const academic: AcademicOutput = await step('academic', keys.phase(query.id, 'academic'), () => runAcademicPhase(ctx), { count: (o) => o.papers.length });

  const registers: RegisterOutput[] = [];
  const citations: CitationsOutput[] = [];
  const fetches: FetchOutput[] = [];
  let ids = firstRoundIdentifiers(ctx, serp, academic);
  for (let round = 0; round <= ctx.limits.identifierRounds; round++) {
    if (round > 0 && ids.length === 0) break;
    if (ctx.budget.secondsLeft() <= 0 && loadPayload(deps.store, taskId, keys.phase(query.id, 'fetch', round)) === undefined) {
      addQueryWarnings(deps.store, taskId, query.id, [ctx.budget.exhaustedWarning(`round ${round} of phases 3–6 skipped (time)`)]);
      break;
    }
    const input = ids;
    const enrich: EnrichOutput = await step('enrich', keys.phase(query.id, 'enrich', round), () => runEnrichPhase(ctx, input), {
      count: (o) => o.papers.length,
    });
    const register: RegisterOutput = await step(
      'register',
      keys.phase(query.id, 'register', round),
      () => runRegisterPhase(ctx, { hits: round === 0 ? serp.hits : [], papers: round === 0 ? [...academic.papers, ...enrich.papers] : enrich.papers }),
      { onLoaded: (o) => ctx.budget.usePages(o.newPageIds.length), count: (o) => o.newPageIds.length + o.candidates.length },
    );
    registers.push(register);
    const citationsKey = keys.phase(query.id, 'citations', round);
    const previous = loadPayload<CitationsOutput>(deps.store, taskId, citationsKey);
    if (previous && !previous.complete) ctx.budget.usePages(previous.newPageIds.length);
    citations.push(
      await step(
        'citations',
        citationsKey,
        () =>
          runCitationsPhase(ctx, {
            papers: register.papers,
            ...(previous ? { previous } : {}),
            save: (p) => deps.store.saveCheckpoint(taskId, citationsKey, p),
          }),
        {
          onLoaded: (o) => ctx.budget.usePages(o.newPageIds.length),
          count: (o) => o.edges,
        },
      ),
    );
    const plan: FetchPlan = await step('fetch', keys.phase(query.id, 'fetch-plan', round), () => planFetch(ctx, register.candidates), {
      onLoaded: (o) => ctx.budget.usePages(o.items.length),
      count: (o) => o.items.length,
    });
    const fetched: FetchOutput = await step('fetch', keys.phase(query.id, 'fetch', round), () => runFetchPhase(ctx, plan), { count: (o) => o.fetched.length });
    fetches.push(fetched);
    ids = fetched.identifiers.map(parseScholarlyId);
  }

  const graph = await graphOf(ctx);

  const sum = <T>(list: T[], f: (x: T) => number): number => list.reduce((n, x) => n + f(x), 0);
  const fetchedPages = sum(fetches, (f) => f.fetched.length);
  const newPages = sum(registers, (r) => r.newPageIds.length) + sum(citations, (c) => c.newPageIds.length) + fetchedPages;
  const counts = {
    resultsFound: serp.resultsFound + academic.resultsFound,
    duplicates: serp.duplicates + sum(registers, (r) => r.duplicates),
    newPages,
    pagesProcessed: newPages + sum(fetches, (f) => f.failed.length),
    usefulFragments: graph.result.usefulFragments,
    fragments: graph.result.fragments,
    independentSources: graph.result.independentSources,
    hasPrimarySource: graph.result.hasPrimarySource,
  };
  const m = queryMetrics(counts);
  return {
    sentQueries: serp.sentQueries,
    resultsFound: counts.resultsFound,
    newPages,
    pagesFetched: fetchedPages,
    fragments: counts.fragments,
    usefulFragments: counts.usefulFragments,
    ...m,
    hasPrimarySource: counts.hasPrimarySource,
    claimIds: graph.result.claimIds,
  };
}

/**
 * The query's graph step: run here, or (with deps.graphJobs: a `lyra worker` with workers.graph_jobs)
 * handed to a graph job that any worker takes, and read back from the store once the job has ended.
 */
async function graphOf(ctx: QueryContext): Promise<GraphOutput> {
  const { deps, task, query } = ctx;
  const key = keys.phase(query.id, 'graph');
  if (!deps.graphJobs || loadPayload<GraphOutput>(deps.store, task.id, key)) return graphStepOf(ctx);
  await deps.graphJobs.run({ taskId: task.id, queryId: query.id }, { signal: ctx.signal });
  const graph = loadPayload<GraphOutput>(deps.store, task.id, key);
  if (!graph)
    throw new RetryableError(`query ${query.id} of task ${task.id}: its graph job ended without storing the graph step`, {
      code: 'graph_job_unfinished',
      details: { taskId: task.id, queryId: query.id },
    });
  return graph;
}

/** The context a query's phases see, from the stored task, query and input (a page job builds one for its page). */
export function queryContext(o: RunQueryOptions): QueryContext {
  const { deps } = o;
  const task = deps.store.getTask(o.taskId)!;
  const query = deps.store.getQuery(o.queryId)!;
  const input = loadPayload<QueryInput>(deps.store, o.taskId, keys.input(o.queryId))!;
  return {
    deps,
    limits: o.limits,
    task,
    query,
    input,
    selection: selectProviders(deps, input.providers),
    signal: o.signal,
    emit: o.emit,
    budget: createBudgetTracker({ deps, task, input }),
  };
}

function metricsOf(s: QuerySummary): QueryMetrics {
  return {
    harvestRate: s.harvestRate,
    novelty: s.novelty,
    duplicateRate: s.duplicateRate,
    satisfaction: SATISFACTION_SCORE[s.satisfaction],
    pagesFound: s.resultsFound,
    pagesFetched: s.pagesFetched,
    usefulFragments: s.usefulFragments,
  };
}

/** Runs (or finishes) one stored query; never throws for the query's own failure, only records it. */
export async function runQuery(o: RunQueryOptions): Promise<Query> {
  const { store } = o.deps;
  const ctx = queryContext(o);
  const end = (q: Query): Query => {
    o.emit({ type: 'query.end', taskId: o.taskId, queryId: q.id, query: q.text, at: now(), status: q.status });
    return q;
  };
  for (let attempt = 1; ; attempt++) {
    const current = store.updateQuery(o.queryId, { status: 'running', attempts: (store.getQuery(o.queryId)?.attempts ?? 0) + 1 });
    ctx.query = current;
    o.emit({ type: 'query.start', taskId: o.taskId, queryId: o.queryId, query: current.text, at: now() });
    const t0 = Date.now();
    try {
      const summary = await runPhases(ctx);
      const done = store.transaction(() => {
        store.saveCheckpoint(o.taskId, keys.phase(o.queryId, 'metrics'), summary);
        return store.updateQuery(o.queryId, { status: 'done', metrics: metricsOf(summary), finishedAt: now(), error: undefined });
      });
      return end(done);
    } catch (err) {
      if (o.signal.aborted) {
        const reason = o.signal.reason instanceof Error ? o.signal.reason.message : String(o.signal.reason ?? 'stopped');
        return end(store.updateQuery(o.queryId, { status: 'cancelled', lastError: `cancelled: ${reason}` }));
      }
      const category = isLyraError(err) ? err.category : 'retryable';
      const code = isLyraError(err) ? err.code : 'unexpected';
      const error = { category, code, message: errorMessage(err) };
      const lastError = `${category}: ${error.message}`;
      if (category === 'retryable' && attempt < o.limits.queryAttempts) {
        const wait = o.limits.queryBackoffMs * attempt;
        addQueryWarnings(store, o.taskId, o.queryId, [
          warning({
            source: 'query',
            category,
            code,
            message: `attempt ${attempt} of ${o.limits.queryAttempts} failed after ${Math.round(Date.now() - t0)} ms: ${errorMessage(err)}; retrying in ${wait} ms`,
            target: current.text,
          }),
        ]);
        store.updateQuery(o.queryId, { lastError, error });
        try {
          await delay(wait, o.signal);
        } catch {
          return end(store.updateQuery(o.queryId, { status: 'cancelled', lastError: `cancelled while waiting to retry: ${lastError}` }));
        }
        continue;
      }
      return end(store.updateQuery(o.queryId, { status: 'failed', lastError, error, finishedAt: now() }));
    }
  }
}
