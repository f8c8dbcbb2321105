// Claim status from the E/C/A/R/T axes (seed 001 ステータス判定軸 + 緩和ルール). The seed names the
// axes but omits its threshold table; this file is that table. Every number is a named constant.
import type { ClaimStatus, DecisionRelevance, StatusAxes } from '../core/index.js';
import { evidenceWeight, orderFreeSum, type EvidenceItem } from './claim-confidence.js';

/**
 * The axes, each 0..1:
 * - E evidence: strength of the support, a noisy-OR over independent supporting sources of
 *   trust score × stance confidence (one ACADEMIC source at 0.9 → 0.81; two → 0.96);
 * - C coverage: share of the claim's scope (its slots and conditions) the supporting evidence covers;
 * - A agreement: trust-weighted support ÷ (support + refutation); 0.5 with no evidence;
 * - R recency: 1 when the evidence is current or the claim is not time-dependent;
 * - T traceability: share of supporting evidence quoted with a locator.
 */
/** The axes of the threshold table: defined with the claim in core/ (they are stored with it). */
export type { StatusAxes } from '../core/index.js';

// REFUTED: strong refutation that support does not balance.
export const REFUTED_MIN_REFUTATION = 0.6;
export const REFUTED_MAX_AGREEMENT = 0.25;
// CONTESTED: both sides substantial (or a high-trust contested contradiction).
export const CONTESTED_MIN_EACH_SIDE = 0.5;
// VERIFIED: strong, agreed, covered, current, traceable and independently corroborated.
export const VERIFIED_MIN_EVIDENCE = 0.8;
export const VERIFIED_MIN_AGREEMENT = 0.8;
export const VERIFIED_MIN_COVERAGE = 0.7;
export const VERIFIED_MIN_RECENCY = 0.5;
export const VERIFIED_MIN_TRACEABILITY = 0.8;
export const VERIFIED_MIN_INDEPENDENT_SOURCES = 2;
// CONDITIONED: supported, but only under conditions (what VERIFIED lacks is listed).
export const CONDITIONED_MIN_EVIDENCE = 0.5;
export const CONDITIONED_MIN_AGREEMENT = 0.6;
export const CONDITIONED_MIN_TRACEABILITY = 0.5;

export type StatusRow = 'refuted' | 'contested' | 'verified' | 'conditioned' | 'unsupported';

export interface RelaxationContext {
  riskLevel: 'low' | 'medium' | 'high';
  /** `overview` for a general survey; anything used to make a decision is `decision`. */
  purpose: 'overview' | 'decision';
  decisionRelevance: DecisionRelevance;
}

export interface StatusDecision {
  status: ClaimStatus;
  /** The status the table gave before any relaxation. */
  tableStatus: ClaimStatus;
  row: StatusRow;
  rationale: string;
  /** For CONDITIONED: the VERIFIED requirements that were not met. */
  conditions: string[];
  relaxationReason?: string;
}

/** Noisy-OR of per-source weights: 1 − Π(1 − w). */
export function noisyOr(weights: Iterable<number>): number {
  let miss = 1;
  // In ascending order: the result does not depend on the order the evidence was read in (a resumed run reads it in another).
  for (const w of [...weights].sort((a, b) => a - b)) miss *= 1 - Math.min(1, Math.max(0, w));
  return 1 - miss;
}

/** E, A, refutation and independent support from evidence; C, R and T come from the caller. */
export function statusAxesFromEvidence(
  evidence: readonly EvidenceItem[],
  rest: { coverage: number; recency: number; traceability: number; contestedByHighTrust: boolean },
): StatusAxes {
  const best = (stance: 'supports' | 'refutes'): number[] => {
    const m = new Map<string, number>();
    for (const e of evidence) if (e.stance === stance) m.set(e.source, Math.max(m.get(e.source) ?? 0, evidenceWeight(e)));
    // Sorted, so the axes do not depend on the order the edges were read in (a resumed run reads them
    // in another order; floating-point products and sums would differ in the last digit).
    return [...m.values()].filter((w) => w > 0).sort((a, b) => a - b);
  };
  const sup = best('supports');
  const ref = best('refutes');
  const S = orderFreeSum(sup);
  const R = orderFreeSum(ref);
  return {
    evidence: noisyOr(sup),
    refutation: noisyOr(ref),
    agreement: S + R > 0 ? S / (S + R) : 0.5,
    independentSupport: sup.length,
    ...rest,
  };
}

const f2 = (x: number): string => x.toFixed(2);

function unmetForVerified(a: StatusAxes): string[] {
  const out: string[] = [];
  if (a.evidence < VERIFIED_MIN_EVIDENCE) out.push(`evidence strength ${f2(a.evidence)} < ${VERIFIED_MIN_EVIDENCE}`);
  if (a.agreement < VERIFIED_MIN_AGREEMENT) out.push(`agreement ${f2(a.agreement)} < ${VERIFIED_MIN_AGREEMENT}`);
  if (a.coverage < VERIFIED_MIN_COVERAGE) out.push(`scope coverage ${f2(a.coverage)} < ${VERIFIED_MIN_COVERAGE}`);
  if (a.recency < VERIFIED_MIN_RECENCY) out.push(`recency ${f2(a.recency)} < ${VERIFIED_MIN_RECENCY}`);
  if (a.traceability < VERIFIED_MIN_TRACEABILITY) out.push(`traceability ${f2(a.traceability)} < ${VERIFIED_MIN_TRACEABILITY}`);
  if (a.independentSupport < VERIFIED_MIN_INDEPENDENT_SOURCES)
    out.push(`${a.independentSupport} independent supporting source(s) < ${VERIFIED_MIN_INDEPENDENT_SOURCES}`);
  return out;
}

/** The threshold table, first matching row wins: REFUTED, CONTESTED, VERIFIED, CONDITIONED, UNSUPPORTED. */
export function statusRow(a: StatusAxes): { row: StatusRow; status: ClaimStatus; conditions: string[] } {
  if (a.refutation >= REFUTED_MIN_REFUTATION && a.agreement <= REFUTED_MAX_AGREEMENT) return { row: 'refuted', status: 'REFUTED', conditions: [] };
  if (a.contestedByHighTrust || (a.evidence >= CONTESTED_MIN_EACH_SIDE && a.refutation >= CONTESTED_MIN_EACH_SIDE))
    return { row: 'contested', status: 'CONTESTED', conditions: [] };
  const unmet = unmetForVerified(a);
  if (unmet.length === 0) return { row: 'verified', status: 'VERIFIED', conditions: [] };
  if (a.evidence >= CONDITIONED_MIN_EVIDENCE && a.agreement >= CONDITIONED_MIN_AGREEMENT && a.traceability >= CONDITIONED_MIN_TRACEABILITY) {
    return { row: 'conditioned', status: 'CONDITIONED', conditions: unmet };
  }
  return { row: 'unsupported', status: 'UNSUPPORTED', conditions: [] };
}

/** Relaxation applies only to low-risk overview use of claims of medium or low decision relevance. */
export function relaxationApplies(ctx: RelaxationContext | undefined): boolean {
  return ctx !== undefined && ctx.riskLevel === 'low' && ctx.purpose === 'overview' && ctx.decisionRelevance !== 'high';
}

/** One step up the ladder UNSUPPORTED → CONDITIONED → VERIFIED; CONTESTED and REFUTED never move. */
const RELAX_ONE_STEP: Partial<Record<ClaimStatus, ClaimStatus>> = { UNSUPPORTED: 'CONDITIONED', CONDITIONED: 'VERIFIED' };

export function determineClaimStatus(axes: StatusAxes, relaxation?: RelaxationContext): StatusDecision {
  const { row, status, conditions } = statusRow(axes);
  const summary = `E=${f2(axes.evidence)} C=${f2(axes.coverage)} A=${f2(axes.agreement)} R=${f2(axes.recency)} T=${f2(axes.traceability)} refutation=${f2(axes.refutation)} independent=${axes.independentSupport}`;
  const why: Record<StatusRow, string> = {
    refuted: `refutation ${f2(axes.refutation)} ≥ ${REFUTED_MIN_REFUTATION} with agreement ${f2(axes.agreement)} ≤ ${REFUTED_MAX_AGREEMENT}`,
    contested: axes.contestedByHighTrust
      ? 'high-trust sources contradict each other'
      : `support ${f2(axes.evidence)} and refutation ${f2(axes.refutation)} both ≥ ${CONTESTED_MIN_EACH_SIDE}`,
    verified: 'every VERIFIED threshold met',
    conditioned: `supported, but ${conditions.join('; ')}`,
    unsupported: 'support below the CONDITIONED thresholds',
  };
  const decision: StatusDecision = { status, tableStatus: status, row, rationale: `${status}: ${why[row]} (${summary})`, conditions };
  const lifted = RELAX_ONE_STEP[status];
  // Relaxation needs some support to stand on: a claim without any supporting source stays UNSUPPORTED.
  if (lifted && relaxationApplies(relaxation) && axes.independentSupport > 0) {
    decision.status = lifted;
    decision.relaxationReason = `relaxed ${status}→${lifted}: risk_level=low, overview use, decision_relevance=${relaxation!.decisionRelevance}`;
    decision.rationale += `; ${decision.relaxationReason}`;
  }
  return decision;
}
