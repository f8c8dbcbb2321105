// Step 2 for a set of claims: rank candidate fragments, judge the top K pairs not judged yet. A statement
// the task was asked to verify (a research run's proposition) whose subject has other names
// (claim-readings.ts) is also ranked by each reading, and a passage that uses one of those names is judged
// against that reading. Only asked statements: the sentences of the pages read are hundreds, and their
// subjects ("researchers", "the planet") meet WordNet's everyday synonyms far more often than a thing's
// other name.
import type { Claim, EngineWarning, StanceEdge } from '../../core/index.js';
import { originPages, pairKey, type TaskGraph } from '../materials/index.js';
import { buildCandidateIndex, selectCandidates, type Candidate } from './candidates.js';
import { claimReadings, readingFor, type ClaimReading } from './claim-readings.js';
import type { GraphDeps } from './deps.js';
import type { GraphLimits } from './limits.js';
import { selectRationale } from './rationale.js';
import { judgePairs, type StancePairInput } from './stance-step.js';
import { graphWarning } from './warnings.js';

/** A reading's request key: the claim id and the reading's number (ids never hold a NUL). */
const readingKey = (claimId: string, i: number): string => `${claimId}\u0000${i}`;

/** The claim's own candidates, then those only a reading found, each fragment once, at most k. */
function mergedCandidates(own: readonly Candidate[], byReadings: ReadonlyArray<readonly Candidate[]>, k: number): Candidate[] {
  const seen = new Set(own.map((c) => c.fragmentId));
  const extra: Candidate[] = [];
  for (const c of byReadings.flat()) {
    if (seen.has(c.fragmentId)) continue;
    seen.add(c.fragmentId);
    extra.push(c);
  }
  extra.sort((a, b) => b.relevance - a.relevance || (a.fragmentId < b.fragmentId ? -1 : 1));
  // A reading's finds take the places the claim's own weakest candidates would: the claim keeps its best.
  const keep = Math.max(Math.ceil(k / 2), k - extra.length);
  return [...own.slice(0, keep), ...extra].slice(0, k);
}

export async function judgeClaims(
  deps: Pick<GraphDeps, 'store' | 'stance' | 'embedding' | 'thesaurus'>,
  input: {
    graph: TaskGraph;
    claims: readonly Claim[];
    k: number;
    limits: GraphLimits;
    /** The claims read in their subject's other names too (with deps.thesaurus): the statements asked. */
    asked?: ReadonlySet<string>;
    signal?: AbortSignal;
  },
): Promise<{ edges: StanceEdge[]; warnings: EngineWarning[] }> {
  const { graph, limits, signal } = input;
  const warnings: EngineWarning[] = [];
  const claims = [...input.claims].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (claims.length === 0) return { edges: [], warnings };
  const index = buildCandidateIndex(graph);
  const readings = new Map<string, ClaimReading[]>();
  if (deps.thesaurus) for (const c of claims) if (input.asked?.has(c.id)) readings.set(c.id, claimReadings(c, deps.thesaurus));
  const requests = claims.flatMap((c) => {
    const excludePages = new Set(originPages(graph, c.id).map((p) => p.id));
    return [
      { claimId: c.id, statement: c.statement, excludePages, k: input.k },
      ...(readings.get(c.id) ?? []).map((r, i) => ({ claimId: readingKey(c.id, i), statement: r.statement, excludePages, k: input.k })),
    ];
  });
  const found = await selectCandidates({
    index,
    requests,
    minRelevance: limits.minCandidateRelevance,
    ...(deps.embedding ? { embedding: deps.embedding } : {}),
    ...(signal ? { signal } : {}),
  });
  const candidates = new Map(
    claims.map((c) => {
      const own = found.get(c.id) ?? [];
      const byReadings = (readings.get(c.id) ?? []).map((_, i) => found.get(readingKey(c.id, i)) ?? []);
      return [c.id, byReadings.length > 0 ? mergedCandidates(own, byReadings, input.k) : own];
    }),
  );
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
      // The claim as the passage names its subject, when it uses another name for it.
      const statement = readingFor(readings.get(claim.id) ?? [], fragment.text)?.statement;
      pairs.push({
        claim,
        fragment,
        passage: selectRationale(statement ?? claim.statement, fragment.text, limits.rationaleSentences),
        ...(statement ? { statement } : {}),
      });
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
