// The Materials view (engine.ts): a task's claims with their evidence, contradictions, citations, the
// counterevidence log and the sources, paged over claims. Read-only: it never changes the graph.
import {
  InvalidInputError,
  MAX_CLOSEST_CLAIMS,
  type Claim,
  type ClaimMaterial,
  type CitationView,
  type ContestedPair,
  type CounterevidenceEntry,
  type Materials,
  type MaterialsOptions,
  type Page,
  type QuestionRelevance,
  type Store,
} from '../../core/index.js';
import { claimConfidence } from '../../policy/index.js';
import { MAX_CLOSEST_LIMIT, MAX_CLOSEST_PASSAGES, byWeight, claimEvidence, closestNeutral, evidenceItems, evidenceView } from './evidence.js';
import { createSourceResolver, sourceView, type SourceInfo, type TrustResolver } from './sources.js';
import { loadTaskGraph, originPages, type TaskGraph } from './task-graph.js';
import { askedStatementTest, splitAskedClaims } from '../asked-claims.js';

/** Checkpoint holding the counterevidence log (seed 001) written by the graph's recompute. */
export const COUNTEREVIDENCE_KEY = 'graph:counterevidence';
/** Claims per page of materials unless `limit` says otherwise, and the most one page may hold. */
export const DEFAULT_MATERIALS_LIMIT = 100;
export const MAX_MATERIALS_LIMIT = 1_000;
// The materials contract's bound (core MaterialsOptions), re-exported for this layer's readers.
export { MAX_CLOSEST_CLAIMS };

const RELEVANCE_ORDER: Record<Claim['decisionRelevance'], number> = { high: 0, medium: 1, low: 2 };

/** High decision relevance first, then confidence (highest first), then id. */
export function claimOrder(a: Claim, b: Claim): number {
  return (
    RELEVANCE_ORDER[a.decisionRelevance] - RELEVANCE_ORDER[b.decisionRelevance] ||
    (b.confidence ?? 0) - (a.confidence ?? 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Relevance to the question in steps of RELEVANCE_STEP: claims that answer it equally well keep claimOrder among them. */
const RELEVANCE_STEP = 0.05;

/**
 * The task's claims in reading order: the claim the task asks about first (a verify task's question is
 * its statement; the verified claim was 12th of 155, after unrelated sentences of the fetched pages),
 * then by relevance to the task's question when a scorer is given (the research run's measure; the
 * sentences that answer the question before the rest of the pages read), then by decision relevance
 * and confidence (claimOrder). Each statement is normalized and scored once, not at every comparison.
 */
export function claimsInOrder(graph: Pick<TaskGraph, 'task' | 'claims'>, relevance?: QuestionRelevance): Claim[] {
  const isAsked = askedStatementTest(graph.task.question);
  const score = relevance?.scorer(
    graph.task.question,
    graph.claims.map((c) => c.statement),
  );
  const rank = new Map(graph.claims.map((c) => [c.id, score ? Math.round(score(c.statement) / RELEVANCE_STEP) : 0]));
  const sorted = [...graph.claims].sort((a, b) => rank.get(b.id)! - rank.get(a.id)! || claimOrder(a, b));
  const first = sorted.filter((c) => isAsked(c.statement));
  return first.length === 0 ? sorted : [...first, ...sorted.filter((c) => !first.includes(c))];
}

function paging(options: MaterialsOptions): { offset: number; limit: number } {
  const offset = options.offset ?? 0;
  const limit = options.limit ?? DEFAULT_MATERIALS_LIMIT;
  if (!Number.isInteger(offset) || offset < 0)
    throw new InvalidInputError(`materials: offset must be a non-negative integer, got ${offset}`, { code: 'invalid_argument' });
  const max = options.uncapped ? Number.MAX_SAFE_INTEGER : MAX_MATERIALS_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new InvalidInputError(`materials: limit must be an integer within 1..${max}, got ${limit}`, { code: 'invalid_argument' });
  }
  return { offset, limit };
}

function claimMaterial(graph: TaskGraph, claim: Claim, sourceOf: (page: Page) => SourceInfo, closestLimit: number | undefined, side: boolean): ClaimMaterial {
  const records = claimEvidence(graph, claim.id, sourceOf);
  const c = claimConfidence(evidenceItems(records));
  const sorted = [...records].sort(byWeight);
  return {
    id: claim.id,
    statement: claim.statement,
    slots: claim.slots,
    ...(claim.scope !== undefined ? { scope: claim.scope } : {}),
    decisionRelevance: claim.decisionRelevance,
    ...(claim.status !== undefined ? { status: claim.status } : {}),
    confidence: claim.confidence ?? c.confidence,
    uncertainty: c.uncertainty,
    controversy: c.controversy,
    ...(claim.rationale !== undefined ? { rationale: claim.rationale } : {}),
    ...(claim.axes !== undefined ? { axes: claim.axes } : {}),
    conditions: claim.conditions,
    ...(claim.relaxationReason !== undefined ? { relaxationReason: claim.relaxationReason } : {}),
    counts: {
      supports: records.filter((r) => r.edge.kind === 'supports').length,
      refutes: records.filter((r) => r.edge.kind === 'refutes').length,
      neutral: records.filter((r) => r.edge.kind === 'neutral').length,
    },
    supporting: sorted.filter((r) => r.edge.kind === 'supports').map(evidenceView),
    refuting: sorted.filter((r) => r.edge.kind === 'refutes').map(evidenceView),
    origins: originPages(graph, claim.id).map((p) => sourceView(p, sourceOf(p))),
    ...(closestLimit !== undefined
      ? {
          closest: closestNeutral(records, closestLimit).map(evidenceView),
        }
      : {}),
    ...(side ? { sideClaim: true as const } : {}),
  };
}

export function counterevidenceLog(store: Store, taskId: string): CounterevidenceEntry[] {
  const payload = store.loadCheckpoint(taskId, COUNTEREVIDENCE_KEY)?.payload;
  if (payload === undefined) return [];
  if (!Array.isArray(payload))
    throw new InvalidInputError(`materials: checkpoint ${COUNTEREVIDENCE_KEY} of task ${taskId} is not a list`, { code: 'checkpoint_invalid' });
  return payload as CounterevidenceEntry[];
}

export function buildMaterials(
  deps: { store: Store; trust: TrustResolver; questionRelevance?: QuestionRelevance },
  input: { taskId: string } & MaterialsOptions,
): Materials {
  const { offset, limit } = paging(input);
  const graph = loadTaskGraph(deps.store, input.taskId);
  const sourceOf = createSourceResolver(deps.trust);
  const ordered = claimsInOrder(graph, deps.questionRelevance);
  const closestFor = new Set(input.closestFor ?? []);
  if (closestFor.size > MAX_CLOSEST_CLAIMS)
    throw new InvalidInputError(`materials: closestFor names ${closestFor.size} claims, more than ${MAX_CLOSEST_CLAIMS}`, { code: 'invalid_argument' });
  const side = new Set(splitAskedClaims(graph.task, graph.claims).side.map((c) => c.id));
  const closestLimit = input.closestLimit ?? MAX_CLOSEST_PASSAGES;
  if (!Number.isInteger(closestLimit) || closestLimit < 1 || closestLimit > MAX_CLOSEST_LIMIT)
    throw new InvalidInputError(`materials: closestLimit ${closestLimit} is not a whole number from 1 to ${MAX_CLOSEST_LIMIT}`, { code: 'invalid_argument' });
  const claims = ordered
    .slice(offset, offset + limit)
    .map((c) => claimMaterial(graph, c, sourceOf, closestFor.has(c.id) ? closestLimit : undefined, side.has(c.id)));
  const contested: ContestedPair[] = graph.contradictions.map((e) => ({
    claimId: e.claimId,
    otherClaimId: e.otherClaimId,
    type: e.contradictionType,
    trustLevel: e.trustLevel,
    otherTrustLevel: e.otherTrustLevel,
  }));
  const citations: CitationView[] = graph.cites.flatMap((e) => {
    const from = graph.pageById.get(e.fromPageId);
    const to = graph.pageById.get(e.toPageId);
    return from && to ? [{ from: sourceView(from, sourceOf(from)), to: sourceView(to, sourceOf(to)), influential: e.influential, relevance: e.relevance }] : [];
  });
  return {
    task: graph.task,
    claims,
    contested,
    citations,
    counterevidenceLog: counterevidenceLog(deps.store, input.taskId),
    pages: graph.pages.map((p) => sourceView(p, sourceOf(p), { bibliographic: true })),
    ...(input.includeGraph ? { graph: { pages: graph.pages, claims: graph.claims, edges: deps.store.listEdges(input.taskId).map((e) => ({ ...e })) } } : {}),
    paging: { offset, limit, totalClaims: graph.claims.length, sideClaims: side.size },
  };
}
