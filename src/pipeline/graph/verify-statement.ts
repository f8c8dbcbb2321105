// verifyClaim's graph half: one statement (a user's claim) against the task's evidence. The engine has
// run the search and registered the pages; here the statement becomes a task claim, its top
// candidates (limits.verifyCandidates) are judged, the task graph is recomputed and the claim's
// status, confidence, rationale and evidence are returned.
import { InvalidInputError, NonRetryableError, throwIfAborted, type EngineWarning, type VerifyOutcome } from '../../core/index.js';
import { normalizeClaim } from '../../extract/index.js';
import { claimConfidence } from '../../policy/index.js';
import {
  MAX_CLOSEST_LIMIT,
  MAX_CLOSEST_PASSAGES,
  byWeight,
  claimEvidence,
  closestNeutral,
  createGraphSession,
  createSourceResolver,
  evidenceItems,
  evidenceView,
} from '../materials/index.js';
import { closestByMeaning } from './closest-by-meaning.js';
import { claimFromNormalized } from './claims-step.js';
import { corroborateClaims, corroborateFromSentences } from './corroborate.js';
import type { GraphDeps } from './deps.js';
import { resolveGraphLimits } from './limits.js';
import { VERIFY_KEY_PREFIX, recomputeTaskGraph } from './recompute.js';
import { missingEmbeddingWarning } from './run-graph-phase.js';
import { judgeClaims } from './stance-for-claims.js';
import { graphWarning } from './warnings.js';

/** Longest statement accepted for verification, in characters. */
export const MAX_STATEMENT_CHARS = 2_000;

export async function verifyStatement(
  deps: GraphDeps,
  input: { taskId: string; statement: string; pageIds: string[]; queries: string[]; signal?: AbortSignal },
): Promise<Omit<VerifyOutcome, 'queryId'>> {
  const { taskId, signal } = input;
  const limits = resolveGraphLimits(deps.limits);
  const text = input.statement.replace(/\s+/g, ' ').trim();
  if (text === '') throw new InvalidInputError('verify: empty statement', { code: 'statement_empty' });
  if (text.length > MAX_STATEMENT_CHARS) {
    throw new InvalidInputError(`verify: statement of ${text.length} characters exceeds ${MAX_STATEMENT_CHARS}`, {
      code: 'statement_too_long',
      details: { length: text.length },
    });
  }
  throwIfAborted(signal);
  const warnings: EngineWarning[] = deps.embedding ? [] : [missingEmbeddingWarning()];
  if (input.pageIds.length === 0)
    warnings.push(graphWarning('no_pages', 'verify: the search registered no pages for this statement; evidence comes from pages the task already had', text));

  const n = normalizeClaim({ text, source: 'statement' });
  const key = `${VERIFY_KEY_PREFIX}${n.claimId}`;
  // One read of the task graph, kept current from the writes below (materials/graph-session.ts): the
  // judging, the claim links and the recompute each read it, and a large task's read takes a while.
  const session = createGraphSession(deps.store, taskId);
  const store = session.store;
  const d: GraphDeps = { ...deps, store };
  store.transaction(() => {
    if (!store.getTask(taskId)) throw new InvalidInputError(`verify: no task ${taskId}`, { code: 'task_not_found', details: { taskId } });
    store.upsertClaim(claimFromNormalized(n, taskId, new Date().toISOString()));
    const previous = (store.loadCheckpoint(taskId, key)?.payload as { queries?: string[] } | undefined)?.queries ?? [];
    store.saveCheckpoint(taskId, key, { statement: n.statement, queries: [...new Set([...previous, ...input.queries])] });
  });

  const graph = session.graph();
  const claim = graph.claimById.get(n.claimId)!;
  const step2 = await judgeClaims(d, {
    graph,
    claims: [claim],
    k: limits.verifyCandidates,
    limits,
    asked: new Set([claim.id]),
    ...(signal ? { signal } : {}),
  });
  warnings.push(...step2.warnings);
  // Claims of the task's pages that state the statement's finding support it (corroborate.ts).
  // So do the sentences of its candidates that the default judge left neutral.
  if (deps.corroboration) {
    const links = { store, ...deps.corroboration };
    const options = { batchSize: limits.stanceBatchSize, ...(signal ? { signal } : {}) };
    await corroborateClaims(links, { graph: session.graph(), newClaimIds: new Set([claim.id]), ...options });
    await corroborateFromSentences(links, { graph: session.graph(), claimId: claim.id, ...options });
  }
  recomputeTaskGraph(d, { taskId, session });

  const after = session.graph();
  const stored = after.claimById.get(n.claimId)!;
  if (!stored.status)
    throw new NonRetryableError(`verify: claim ${n.claimId} has no status after the graph was recomputed`, {
      code: 'status_missing',
      details: { taskId, claimId: n.claimId },
    });
  const records = claimEvidence(after, n.claimId, createSourceResolver(deps.trust));
  if (records.length === 0) warnings.push(graphWarning('no_candidates', 'verify: no fragment of the task was relevant enough to judge', text));
  const confidence = claimConfidence(evidenceItems(records));
  const sorted = [...records].sort(byWeight);
  // The neutral passages the judge leaned most to, nearest the statement in meaning first (closest-by-meaning.ts).
  const closest = await closestByMeaning(deps.corroboration?.encoder(), stored.statement, closestNeutral(records, MAX_CLOSEST_LIMIT).map(evidenceView), {
    limit: MAX_CLOSEST_PASSAGES,
    ...(signal ? { signal } : {}),
  });
  return {
    claim: { id: stored.id, statement: stored.statement },
    status: stored.status,
    confidence: confidence.confidence,
    uncertainty: confidence.uncertainty,
    controversy: confidence.controversy,
    rationale: stored.rationale ?? '',
    ...(stored.axes ? { axes: stored.axes } : {}),
    conditions: stored.conditions,
    supporting: sorted.filter((r) => r.edge.kind === 'supports').map(evidenceView),
    refuting: sorted.filter((r) => r.edge.kind === 'refutes').map(evidenceView),
    neutralCount: records.filter((r) => r.edge.kind === 'neutral').length,
    // As the materials' `closest`: the passages a reader should open first when nothing passed the bar.
    closest,
    queries: (store.loadCheckpoint(taskId, key)?.payload as { queries: string[] }).queries,
    warnings,
  };
}
