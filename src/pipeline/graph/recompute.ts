// Steps 3–5 of phase 7 over the whole task, in one transaction: contradictions, L6 verification and
// claim status. Recomputed at the end of every query from the stored graph alone, so their results
// never depend on where a previous run stopped; running it twice in a row changes nothing.
import {
  CLAIM_STATUSES,
  type Claim,
  type ClaimStatus,
  type CounterevidenceEntry,
  type EngineEvent,
  type Page,
  type StanceEdge,
  type StatusAxes,
  type Store,
  isOriginModel,
} from '../../core/index.js';
import {
  COUNTEREVIDENCE_KEY,
  claimEvidence,
  createGraphSession,
  createSourceResolver,
  type GraphSession,
  type SourceInfo,
  type TaskGraph,
} from '../materials/index.js';
import { findContradictions, type Side } from './contradictions.js';
import type { GraphDeps } from './deps.js';
import { resolveGraphLimits } from './limits.js';
import { assessClaim } from './status.js';
import { contentTerms } from '../materials/index.js';
import { verifyDomains } from './verification.js';

/** Prefix of the checkpoints recording a verified statement's queries. */
export const VERIFY_KEY_PREFIX = 'verify:';

export interface RecomputeResult {
  claimCounts: Record<ClaimStatus | 'PENDING', number>;
  /** Domains blocked by this recompute. */
  blocked: string[];
  /** Domains promoted by this recompute. */
  promoted: string[];
}

/** The level a contradiction is classified with: a domain blocked by verification is judged at the level it had before. */
function classificationSide(store: Store, sourceOf: (page: Page) => SourceInfo): (page: Page) => Side {
  return (page) => {
    const source = sourceOf(page);
    let level = source.trustLevel;
    if (level === 'BLOCKED' && !source.corpus && source.origin !== 'override') {
      const state = store.getDomainState(source.domain);
      if (state && state.origin === 'verification') level = state.originalTrustLevel;
    }
    return { page, source, level };
  };
}

function writeOrigin(store: Store, edge: StanceEdge): void {
  if (store.insertEdge(edge)) return;
  const stored = store.getEdge(edge.id);
  if (stored && stored.kind !== 'cites' && stored.kind !== 'contradicts' && !isOriginModel(stored)) store.replaceEdge(edge);
}

const sameAxes = (a: StatusAxes | undefined, b: StatusAxes): boolean => a !== undefined && (Object.keys(b) as (keyof StatusAxes)[]).every((k) => a[k] === b[k]);

function sameClaimState(a: Claim, b: Pick<Claim, 'status' | 'confidence' | 'rationale' | 'conditions'> & { axes: StatusAxes }): boolean {
  return (
    a.status === b.status &&
    a.confidence === b.confidence &&
    a.rationale === b.rationale &&
    a.conditions.join('\n') === b.conditions.join('\n') &&
    a.relaxationReason === undefined &&
    sameAxes(a.axes, b.axes)
  );
}

/** Ids of the statements the task was asked to verify (Engine.verifyClaim: a research run's proposition among them). */
export function askedClaimIds(store: Pick<Store, 'listCheckpoints'>, taskId: string): Set<string> {
  return new Set(verifyQueries(store, taskId).keys());
}

/** The queries of each statement the task was asked to verify, by its claim id. */
function verifyQueries(store: Pick<Store, 'listCheckpoints'>, taskId: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of store.listCheckpoints(taskId)) {
    if (!c.stepKey.startsWith(VERIFY_KEY_PREFIX)) continue;
    const payload = c.payload as { queries?: unknown };
    out.set(
      c.stepKey.slice(VERIFY_KEY_PREFIX.length),
      Array.isArray(payload?.queries) ? payload.queries.filter((q): q is string => typeof q === 'string') : [],
    );
  }
  return out;
}

function statusStep(options: { store: Store; graph: TaskGraph; sourceOf: (page: Page) => SourceInfo; recencyYears: number }): {
  counts: RecomputeResult['claimCounts'];
  log: CounterevidenceEntry[];
} {
  const { store, graph, sourceOf } = options;
  const taskId = graph.task.id;
  const counts = Object.fromEntries([...CLAIM_STATUSES, 'PENDING'].map((s) => [s, 0])) as RecomputeResult['claimCounts'];
  const terms = new Map<string, ReadonlySet<string>>();
  const termsOf = (id: string, text: string): ReadonlySet<string> => {
    let t = terms.get(id);
    if (!t) terms.set(id, (t = new Set(contentTerms(text))));
    return t;
  };
  const verified = verifyQueries(store, taskId);
  const refuteQueries = store
    .listQueries(taskId)
    .filter((q) => q.mode === 'refute')
    .map((q) => q.text);
  const scope = `task ${taskId}: ${graph.pages.length} pages, ${graph.fragmentById.size} fragments`;
  const log: CounterevidenceEntry[] = [];
  for (const claim of graph.claims) {
    const records = claimEvidence(graph, claim.id, sourceOf);
    const a = assessClaim({ graph, claim, records, recencyYears: options.recencyYears, termsOf });
    const next = {
      status: a.decision.status,
      confidence: a.confidence.confidence,
      rationale: a.decision.rationale,
      conditions: a.decision.conditions,
      axes: a.axes,
    };
    if (!sameClaimState(claim, next)) store.updateClaim(taskId, claim.id, { ...next, relaxationReason: a.decision.relaxationReason });
    counts[a.decision.status]++;
    const queries = verified.get(claim.id);
    if (queries || (claim.decisionRelevance === 'high' && refuteQueries.length > 0)) {
      const without = a.withoutRefutation?.status;
      log.push({
        claim_id: claim.id,
        search_queries: [...new Set([...(queries ?? []), ...refuteQueries])],
        search_scope: scope,
        found_counterevidence: a.axes.refutation > 0 || a.axes.contestedByHighTrust,
        impact_on_status: without !== undefined && without !== a.decision.status ? `${without}→${a.decision.status}` : null,
      });
    }
  }
  return { counts, log };
}

export function recomputeTaskGraph(
  deps: Pick<GraphDeps, 'store' | 'trust' | 'emit' | 'limits'>,
  input: { taskId: string; session?: GraphSession },
): RecomputeResult {
  const { trust } = deps;
  // The query's view of the graph when the graph phase just ran (no reload), else one read here.
  const session = input.session ?? createGraphSession(deps.store, input.taskId);
  const store = session.store;
  const limits = resolveGraphLimits(deps.limits);
  const now = new Date().toISOString();
  const events: EngineEvent[] = [];
  const result = store.transaction((): RecomputeResult => {
    // Step 3: contradictions, classified with the levels sources had before this task's verification.
    const before = session.graph();
    const step3 = findContradictions({ graph: before, sideOf: classificationSide(store, createSourceResolver(trust)), now });
    for (const c of step3.newClaims) store.upsertClaim(c);
    for (const e of step3.newOrigins) writeOrigin(store, e);
    const stored = new Map(before.contradictions.map((e) => [e.id, e]));
    for (const e of step3.edges) {
      const old = stored.get(e.id);
      if (!old) store.insertEdge(e);
      else if (
        old.claimId !== e.claimId ||
        old.contradictionType !== e.contradictionType ||
        old.trustLevel !== e.trustLevel ||
        old.otherTrustLevel !== e.otherTrustLevel
      ) {
        store.replaceEdge({ ...e, createdAt: old.createdAt });
      }
    }
    // Step 4: L6 verification of every web domain of the task.
    const graph = session.graph();
    const step4 = verifyDomains({ store, trust, graph, sourceOf: createSourceResolver(trust), findings: step3.findings, now });
    events.push(...step4.events);
    // Step 5: confidence and status of every claim, with the levels just decided.
    const { counts, log } = statusStep({ store, graph, sourceOf: createSourceResolver(trust, step4.levels), recencyYears: limits.recencyYears });
    store.saveCheckpoint(input.taskId, COUNTEREVIDENCE_KEY, log);
    return { claimCounts: counts, blocked: step4.blocked, promoted: step4.promoted };
  });
  for (const e of events) deps.emit(e);
  return result;
}
