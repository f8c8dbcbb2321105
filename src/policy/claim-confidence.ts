// Claim confidence from the evidence (seed 000 Phase 7 claim_confidence): a Beta(1,1) prior updated
// with trust-weighted support and refutation, each independent source counted once.
import type { Stance, TrustLevel } from '../core/index.js';
import { trustScore } from './trust-levels.js';

/** Beta prior pseudo-counts: uniform, "no idea yet" (Beta(1,1)). */
export const PRIOR_ALPHA = 1;
export const PRIOR_BETA = 1;

export interface EvidenceItem {
  stance: Stance;
  /** Model confidence of the stance, 0..1. */
  confidence: number;
  trustLevel: TrustLevel;
  /** Registrable domain of the source: the unit of independence. */
  source: string;
}

export interface ClaimConfidence {
  /** Posterior mean α / (α + β). */
  confidence: number;
  /** Posterior standard deviation. */
  uncertainty: number;
  /** 1 when support and refutation weigh the same, 0 when one side is absent. */
  controversy: number;
  alpha: number;
  beta: number;
  /** Trust-weighted support S and refutation R that entered the update. */
  support: number;
  refutation: number;
  supportingSources: number;
  refutingSources: number;
}

/** Weight of one piece of evidence: the source's trust score times the stance confidence. */
export function evidenceWeight(e: Pick<EvidenceItem, 'confidence' | 'trustLevel'>): number {
  return trustScore(e.trustLevel) * Math.min(1, Math.max(0, e.confidence));
}

/** A sum that does not depend on the order of its terms (ascending): a resumed run reads evidence in another order. */
export function orderFreeSum(values: Iterable<number>): number {
  return [...values].sort((a, b) => a - b).reduce((a, b) => a + b, 0);
}

/** Per side, each source contributes its strongest piece of evidence once (BLOCKED sources weigh 0). */
function sideWeights(evidence: readonly EvidenceItem[], stance: Stance): Map<string, number> {
  const best = new Map<string, number>();
  for (const e of evidence) {
    if (e.stance !== stance) continue;
    const w = evidenceWeight(e);
    if (w > (best.get(e.source) ?? -1)) best.set(e.source, w);
  }
  return best;
}

export function claimConfidence(evidence: readonly EvidenceItem[]): ClaimConfidence {
  const sup = sideWeights(evidence, 'supports');
  const ref = sideWeights(evidence, 'refutes');
  // Order-free sums: a resumed run reads the evidence in another order and must reach the same values.
  const S = orderFreeSum(sup.values());
  const R = orderFreeSum(ref.values());
  const alpha = PRIOR_ALPHA + S;
  const beta = PRIOR_BETA + R;
  const n = alpha + beta;
  return {
    confidence: alpha / n,
    uncertainty: Math.sqrt((alpha * beta) / (n * n * (n + 1))),
    controversy: S + R > 0 ? (2 * Math.min(S, R)) / (S + R) : 0,
    alpha,
    beta,
    support: S,
    refutation: R,
    supportingSources: [...sup.values()].filter((w) => w > 0).length,
    refutingSources: [...ref.values()].filter((w) => w > 0).length,
  };
}
