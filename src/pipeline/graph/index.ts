// pipeline/graph/: phase 7 of the pipeline (docs/PIPELINE.md "Phase 7: the evidence graph") — claims
// from fragments, candidate evidence, stance edges, contradictions, L6 verification, claim confidence
// and status — and verifyStatement, the graph half of Engine.verifyClaim.
export type { GraphDeps } from './deps.js';
export type { TrustResolver } from '../materials/index.js';
export { buildMaterials } from '../materials/index.js';
export { DEFAULT_GRAPH_LIMITS, resolveGraphLimits, type GraphLimits } from './limits.js';
export { runGraphPhase, type GraphPhaseInput, type GraphPhaseResult } from './run-graph-phase.js';
export { VERIFY_KEY_PREFIX, recomputeTaskGraph, type RecomputeResult } from './recompute.js';
export { MAX_STATEMENT_CHARS, verifyStatement } from './verify-statement.js';
export { MAX_CORROBORATIONS_PER_DOMAIN } from './verification.js';
export { SHORTLIST_FACTOR, indexFragments, selectCandidates, type Candidate, type CandidateIndex, type CandidateRequest } from './candidates.js';
export { pageClaimsKey } from './claims-step.js';
export { contentTerms, overlapCoefficient, stemWord } from '../materials/index.js';
