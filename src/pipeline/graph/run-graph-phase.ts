// Phase 7 for one query (docs/PIPELINE.md): step 1 (claims from the query's new pages) and step 2
// (stance of every task claim against its top-K candidate fragments not judged yet). Steps 3–5 are
// recomputeTaskGraph, which the engine runs over the whole task when the query ends.
import { throwIfAborted, type EngineWarning } from '../../core/index.js';
import { isHighTrust } from '../../policy/index.js';
import { createGraphSession, createSourceResolver, type GraphSession } from '../materials/index.js';
import { extractClaimsStep } from './claims-step.js';
import { claimsStatedOn, corroborateClaims } from './corroborate.js';
import type { GraphDeps } from './deps.js';
import { resolveGraphLimits } from './limits.js';
import { askedClaimIds } from './recompute.js';
import { judgeClaims } from './stance-for-claims.js';
import { graphWarning } from './warnings.js';

export interface GraphPhaseResult {
  /** Claims this query added or gave new evidence to, sorted by id. */
  claimIds: string[];
  /** Fragments of the query's pages. */
  fragments: number;
  /** Those that yielded a claim or carry a supporting or refuting stance edge. */
  usefulFragments: number;
  /** Distinct sources (registrable domains; corpus documents each) among pages with useful fragments. */
  independentSources: number;
  /** A page with useful fragments is ACADEMIC, GOVERNMENT or PRIMARY. */
  hasPrimarySource: boolean;
  warnings: EngineWarning[];
}

export function missingEmbeddingWarning(): EngineWarning {
  return graphWarning(
    'embedding_model_missing',
    'graph: no embedding model configured; claims merge by word overlap only and candidate evidence is ranked lexically',
  );
}

export interface GraphPhaseInput {
  taskId: string;
  queryId: string;
  pageIds: string[];
  /**
   * Step 1 only: claims are extracted, their stance is left to the next graph run (every run ranks
   * every claim of the task, so nothing is lost). For verifyClaim's search, whose interest is one
   * statement: verifyStatement judges that statement's candidates itself.
   */
  deferStance?: boolean;
  /** The query's view of the task graph, shared with the recompute that follows (default: a new one). */
  session?: GraphSession;
  signal?: AbortSignal;
}

export async function runGraphPhase(deps: GraphDeps, input: GraphPhaseInput): Promise<GraphPhaseResult> {
  const limits = resolveGraphLimits(deps.limits);
  const { signal } = input;
  const warnings: EngineWarning[] = deps.embedding ? [] : [missingEmbeddingWarning()];
  throwIfAborted(signal);

  // One read of the task graph, kept current from the steps' own writes (materials/graph-session.ts).
  const session = input.session ?? createGraphSession(deps.store, input.taskId);
  const d: GraphDeps = { ...deps, store: session.store };
  const step1 = await extractClaimsStep(d, { graph: session.graph(), pageIds: input.pageIds, limits, ...(signal ? { signal } : {}) });
  warnings.push(...step1.warnings);
  const graph = session.graph();
  const step2 = input.deferStance
    ? { edges: [], warnings: [] }
    : await judgeClaims(d, {
        graph,
        claims: graph.claims,
        k: limits.candidatesPerClaim,
        limits,
        ...(deps.thesaurus ? { asked: askedClaimIds(d.store, input.taskId) } : {}),
        ...(signal ? { signal } : {}),
      });
  warnings.push(...step2.warnings);
  // Claims of different sources that state the same finding, linked by the pretrained judge (corroborate.ts):
  // the claims stated on this phase's pages, which are the same pages after a kill (pagesToGraph), so a
  // resumed phase asks about the same pairs. Under deferStance too: no later phase sees these pages again.
  const step3 = deps.corroboration
    ? await corroborateClaims(
        { store: session.store, ...deps.corroboration },
        {
          graph: session.graph(),
          newClaimIds: claimsStatedOn(session.graph(), input.pageIds),
          batchSize: limits.stanceBatchSize,
          ...(signal ? { signal } : {}),
        },
      )
    : [];

  const after = session.graph();
  const sourceOf = createSourceResolver(deps.trust);
  const evidential = new Set(after.stance.filter((e) => e.kind !== 'neutral').map((e) => e.fragmentId));
  const queryPages = new Set(input.pageIds);
  let fragments = 0;
  let usefulFragments = 0;
  const sources = new Set<string>();
  let hasPrimarySource = false;
  for (const page of after.pages) {
    if (!queryPages.has(page.id)) continue;
    let useful = false;
    for (const f of after.fragmentsByPage.get(page.id) ?? []) {
      fragments++;
      if (evidential.has(f.id)) {
        usefulFragments++;
        useful = true;
      }
    }
    if (!useful) continue;
    const s = sourceOf(page);
    sources.add(s.key);
    hasPrimarySource ||= isHighTrust(s.trustLevel);
  }
  const gained = [...step2.edges, ...step3].filter((e) => e.kind !== 'neutral').map((e) => e.claimId);
  return {
    claimIds: [...new Set([...step1.touched, ...gained])].sort(),
    fragments,
    usefulFragments,
    independentSources: sources.size,
    hasPrimarySource,
    warnings,
  };
}
