// Phase 7 from the pipeline's side: every page with content that no finished graph phase has seen yet
// (in URL order) goes to the graph step (pipeline/graph), then the task's contradictions, L6
// verification and claim statuses are recomputed as a whole. Handing over "pages not yet graphed"
// rather than "pages this run added" keeps the input identical after a kill anywhere in the query.
import type { GraphDeps, GraphPhaseResult, GraphRecomputeResult } from '../deps.js';
import type { QueryContext } from '../query-context.js';
import { keys, loadPayload, savePhase } from '../task-state.js';
import { recomputeTaskGraph, runGraphPhase } from '../graph/index.js';
import { createGraphSession } from '../materials/index.js';

export interface GraphOutput {
  pageIds: string[];
  result: GraphPhaseResult;
  recompute: GraphRecomputeResult;
}

export function graphDepsOf(ctx: Pick<QueryContext, 'deps' | 'emit'>): GraphDeps {
  const { deps } = ctx;
  const claimScreen = deps.models.claimScreen?.();
  return {
    store: deps.store,
    stance: deps.models.stance(),
    embedding: deps.models.embedding(),
    ...(claimScreen ? { claimScreen } : {}),
    ...(deps.models.mergeJudge ? { mergeJudge: () => deps.models.mergeJudge?.() } : {}),
    ...(deps.models.mergeJudge && deps.models.sentenceEncoder
      ? { corroboration: { encoder: () => deps.models.sentenceEncoder?.(), judge: () => deps.models.mergeJudge?.() } }
      : {}),
    ...(deps.thesaurus ? { thesaurus: deps.thesaurus } : {}),
    trust: deps.trust,
    emit: ctx.emit,
    ...(deps.graphLimits ? { limits: deps.graphLimits } : {}),
  };
}

/** Pages with content not yet given to a finished graph phase, in URL order. */
export function pagesToGraph(ctx: QueryContext): string[] {
  const graphed = new Set(loadPayload<string[]>(ctx.deps.store, ctx.task.id, keys.graphed) ?? []);
  return ctx.deps.store
    .listPages(ctx.task.id)
    .filter((p) => (p.fetchStatus === 'fetched' || p.fetchStatus === 'abstract_only') && !graphed.has(p.id))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
    .map((p) => p.id);
}

export async function runGraphStep(ctx: QueryContext): Promise<GraphOutput> {
  const pageIds = pagesToGraph(ctx);
  const gd = graphDepsOf(ctx);
  // One view of the task graph for the whole step: read once, kept current from the step's writes.
  const session = createGraphSession(ctx.deps.store, ctx.task.id);
  const result = await runGraphPhase(gd, {
    taskId: ctx.task.id,
    queryId: ctx.query.id,
    pageIds,
    ...(ctx.input.deferStance ? { deferStance: true } : {}),
    session,
    signal: ctx.signal,
  });
  // recomputeTaskGraph emits domain.blocked / domain.promoted itself through the graph deps.
  const recompute = recomputeTaskGraph(gd, { taskId: ctx.task.id, session });
  return { pageIds, result, recompute };
}

/** Saves the graph output and marks its pages as graphed, in one transaction. */
export function saveGraphOutput(
  ctx: QueryContext,
  key: string,
  out: GraphOutput,
  secondsUsed: number,
  save: (key: string, payload: unknown, seconds: number) => void,
): void {
  ctx.deps.store.transaction(() => {
    const graphed = loadPayload<string[]>(ctx.deps.store, ctx.task.id, keys.graphed) ?? [];
    ctx.deps.store.saveCheckpoint(ctx.task.id, keys.graphed, [...graphed, ...out.pageIds]);
    save(key, out, secondsUsed);
  });
}

/**
 * The query's graph step with its checkpoint: the stored output when there is one (a resumed query, or a
 * graph job that ran it), else the step run here and saved with the seconds it used.
 */
export async function graphStepOf(ctx: QueryContext): Promise<GraphOutput> {
  const taskId = ctx.task.id;
  const key = keys.phase(ctx.query.id, 'graph');
  const stored = loadPayload<GraphOutput>(ctx.deps.store, taskId, key);
  if (stored) return stored;
  ctx.emit({ type: 'phase.start', taskId, queryId: ctx.query.id, phase: 'graph', at: new Date().toISOString() });
  const t0 = Date.now();
  const graph = await runGraphStep(ctx);
  saveGraphOutput(ctx, key, graph, (Date.now() - t0) / 1000, (k, payload, seconds) => savePhase(ctx.deps.store, taskId, k, payload, { secondsUsed: seconds }));
  ctx.emit({ type: 'phase.end', taskId, queryId: ctx.query.id, phase: 'graph', at: new Date().toISOString(), count: graph.result.claimIds.length });
  return graph;
}

/** Whether the graph step of query `queryId` is stored (a graph job has done its work). */
export function graphStepStored(store: QueryContext['deps']['store'], job: { taskId: string; queryId: string }): boolean {
  return loadPayload(store, job.taskId, keys.phase(job.queryId, 'graph')) !== undefined;
}
