// Bounds and settings of phase 7 (docs/PIPELINE.md "Phase 7: the evidence graph"). Every loop of the
// graph step is bounded by one of these; the engine passes overrides from configuration.
import { InvalidInputError } from '../../core/index.js';

export interface GraphLimits {
  /** Claims kept per page (a long page cannot flood the task). */
  claimsPerPage: number;
  /** Claims per task; further claims are skipped with a `claims_limit` warning. */
  claimsPerTask: number;
  /** Candidate evidence fragments judged per claim: the top K by relevance (seed 000 Phase 7). */
  candidatesPerClaim: number;
  /** Candidate fragments judged for a statement given to verifyStatement (a user's claim deserves a wider look). */
  verifyCandidates: number;
  /** Pairs per StanceModel.judge() call. */
  stanceBatchSize: number;
  /** Stance pairs judged per graph run at most (claims × K is bounded by this). */
  maxStancePairs: number;
  /** Sentences of a candidate fragment the stance model reads (those sharing most of the claim's terms); 0 = the whole fragment. */
  rationaleSentences: number;
  /** Least relevance (0..1) for a fragment to be a candidate at all. */
  minCandidateRelevance: number;
  /** A time-bound claim whose evidence is all older than this many years (before the task's creation) has recency 0. */
  recencyYears: number;
}

/** The documented defaults. */
export const DEFAULT_GRAPH_LIMITS: Readonly<GraphLimits> = {
  claimsPerPage: 40,
  claimsPerTask: 3_000,
  candidatesPerClaim: 8,
  verifyCandidates: 16,
  stanceBatchSize: 32,
  maxStancePairs: 50_000,
  rationaleSentences: 0,
  minCandidateRelevance: 0.2,
  recencyYears: 5,
};

/** Limits with overrides applied and checked (positive integers; relevance within 0..1). */
export function resolveGraphLimits(overrides: Partial<GraphLimits> = {}): GraphLimits {
  const limits: GraphLimits = { ...DEFAULT_GRAPH_LIMITS, ...overrides };
  for (const key of [
    'claimsPerPage',
    'claimsPerTask',
    'candidatesPerClaim',
    'verifyCandidates',
    'stanceBatchSize',
    'maxStancePairs',
    'recencyYears',
  ] as const) {
    const v = limits[key];
    if (!Number.isInteger(v) || v < 1)
      throw new InvalidInputError(`graph limits: ${key} must be a positive integer, got ${String(v)}`, { code: 'invalid_limit', details: { key, value: v } });
  }
  if (!Number.isInteger(limits.rationaleSentences) || limits.rationaleSentences < 0) {
    throw new InvalidInputError(`graph limits: rationaleSentences must be a non-negative integer, got ${String(limits.rationaleSentences)}`, {
      code: 'invalid_limit',
      details: { key: 'rationaleSentences' },
    });
  }
  if (!(limits.minCandidateRelevance >= 0 && limits.minCandidateRelevance <= 1)) {
    throw new InvalidInputError(`graph limits: minCandidateRelevance must be within 0..1, got ${limits.minCandidateRelevance}`, {
      code: 'invalid_limit',
      details: { key: 'minCandidateRelevance' },
    });
  }
  return limits;
}
