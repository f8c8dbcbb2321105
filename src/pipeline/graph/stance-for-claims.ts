// Step 2 for a set of claims: rank candidate fragments, judge the top K pairs not judged yet.
import type { Claim, EngineWarning, StanceEdge } from '../../core/index.js';
import { originPages, pairKey, type TaskGraph } from '../materials/index.js';
import { buildCandidateIndex, selectCandidates } from './candidates.js';
import type { GraphDeps } from './deps.js';
import type { GraphLimits } from './limits.js';
import { selectRationale } from './rationale.js';
import { judgePairs, type StancePairInput } from './stance-step.js';
import { graphWarning } from './warnings.js';

export async function judgeClaims(
  deps: Pick<GraphDeps, 'store' | 'stance' | 'embedding'>,
  input: { graph: TaskGraph; claims: readonly Claim[]; k: number; limits: GraphLimits; signal?: AbortSignal },
): Promise<{ edges: StanceEdge[]; warnings: EngineWarning[] }> {
  const { graph, limits, signal } = input;
  const warnings: EngineWarning[] = [];
  const claims = [...input.claims].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (claims.length === 0) return { edges: [], warnings };
  const index = buildCandidateIndex(graph);
  const candidates = await selectCandidates({
    index,
    requests: claims.map((c) => ({ claimId: c.id, statement: c.statement, excludePages: new Set(originPages(graph, c.id).map((p) => p.id)), k: input.k })),
    minRelevance: limits.minCandidateRelevance,
    ...(deps.embedding ? { embedding: deps.embedding } : {}),
    ...(signal ? { signal } : {}),
  });
  const judged = new Set(graph.stance.map((e) => pairKey(e.fragmentId, e.claimId)));
  const pairs: StancePairInput[] = [];
  // The cap counts judged pairs too, so a resumed run stops at the very pair an uninterrupted one stops at.
  let seen = 0;
  let skipped = 0;
  for (const claim of claims) {
    for (const c of candidates.get(claim.id) ?? []) {
      if (++seen > limits.maxStancePairs) {
        skipped++;
        continue;
      }
      if (judged.has(pairKey(c.fragmentId, claim.id))) continue;
      const fragment = graph.fragmentById.get(c.fragmentId)!;
      pairs.push({ claim, fragment, passage: selectRationale(claim.statement, fragment.text, limits.rationaleSentences) });
    }
  }
  if (skipped > 0)
    warnings.push(graphWarning('stance_pairs_limit', `graph: ${skipped} candidate pairs beyond maxStancePairs=${limits.maxStancePairs} were not judged`));
  const edges = await judgePairs(
    { store: deps.store, stance: deps.stance },
    { taskId: graph.task.id, pairs, batchSize: limits.stanceBatchSize, ...(signal ? { signal } : {}) },
  );
  return { edges, warnings };
}
