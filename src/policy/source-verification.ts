// L6 source verification (seed 000 割り当てフロー): promotion of unknown domains that independent
// sources corroborate, blocking of low-trust domains that are contradicted or often rejected, and
// never an automatic demotion of TRUSTED or higher.
import type { ContradictionType, DomainState, TrustLevel, VerificationStatus } from '../core/index.js';
import { isNearDuplicate } from './near-duplicate.js';
import { trustRank } from './trust-levels.js';

/** Independent corroborating sources that promote UNVERIFIED → LOW. */
export const PROMOTION_MIN_INDEPENDENT_SOURCES = 2;
/** Rejection rate above which an UNVERIFIED or LOW domain is blocked (30 %). */
export const BLOCK_REJECTION_RATE = 0.3;
/**
 * Independent rejecting judgements a block needs (issue 14: a domain is never blocked on one
 * judgement). Misinformation contradictions count once per claim; a rejection rate counts rejections.
 * With fewer, the domain's contribution is marked rejected and its level stays.
 */
export const BLOCK_MIN_JUDGEMENTS = 2;
/** Rank from which a domain is never demoted automatically: TRUSTED (3) and above. */
export const NO_AUTO_DEMOTION_RANK = trustRank('TRUSTED');
/** Where a person restores a blocked domain (seed 000 §4.1 restore_via). */
export const RESTORE_VIA = 'domains.yaml user_overrides';

export interface CorroboratingSource {
  /** Registrable domain of the corroborating page. */
  domain: string;
  /** Its supporting text, to recognise copies of one source. */
  text: string;
}

export interface ContradictionRecord {
  type: ContradictionType;
  /** This domain's side of the contradiction after handleContradiction(). */
  status: VerificationStatus;
  claimId: string;
  otherDomain: string;
  otherTrustLevel: TrustLevel;
}

export interface VerificationInput {
  /** Registrable domain under verification. */
  domain: string;
  /** Its effective level now. */
  trustLevel: TrustLevel;
  /** Sources that support the same claims as this domain. */
  corroborations: readonly CorroboratingSource[];
  /** This domain's contributions accepted and rejected so far, this round included. */
  accepted: number;
  rejected: number;
  contradictions: readonly ContradictionRecord[];
}

export type VerificationAction = 'promoted' | 'blocked' | 'marked_rejected' | 'unchanged';

export interface VerificationOutcome {
  status: VerificationStatus;
  trustLevel: TrustLevel;
  action: VerificationAction;
  reason: string;
  causingClaimIds: string[];
  independentSources: number;
  rejectionRate: number;
}

/**
 * Corroborating sources that are independent of the verified domain and of each other: a different
 * registrable domain, and text that is not a near-duplicate of a source already counted.
 */
export function countIndependentSources(domain: string, sources: readonly CorroboratingSource[]): number {
  const kept: CorroboratingSource[] = [];
  for (const s of sources) {
    if (s.domain === domain || kept.some((k) => k.domain === s.domain || isNearDuplicate(k.text, s.text))) continue;
    kept.push(s);
  }
  return kept.length;
}

export function rejectionRate(accepted: number, rejected: number): number {
  const total = accepted + rejected;
  return total > 0 ? rejected / total : 0;
}

export function verifySource(input: VerificationInput): VerificationOutcome {
  const independentSources = countIndependentSources(input.domain, input.corroborations);
  const rate = rejectionRate(input.accepted, input.rejected);
  const misinformation = input.contradictions.filter((c) => c.type === 'misinformation' && c.status === 'rejected');
  const contested = input.contradictions.filter((c) => c.status === 'contested');
  const base = { independentSources, rejectionRate: rate };
  const level = input.trustLevel;
  const rank = trustRank(level);

  const rejectedBy = (): { reason: string; causingClaimIds: string[]; judgements: number } | undefined => {
    if (misinformation.length > 0) {
      const first = misinformation[0]!;
      const causingClaimIds = [...new Set(misinformation.map((c) => c.claimId))];
      return {
        reason:
          causingClaimIds.length > 1
            ? `Contradictions with ${[...new Set(misinformation.map((c) => `${c.otherDomain} (${c.otherTrustLevel})`))].join(', ')} on ${causingClaimIds.length} claims (claim_ids: ${causingClaimIds.join(', ')})`
            : `Contradiction with ${first.otherDomain} (${first.otherTrustLevel}, claim_id: ${first.claimId})`,
        causingClaimIds,
        judgements: causingClaimIds.length,
      };
    }
    if (rate > BLOCK_REJECTION_RATE) {
      return {
        reason: `Rejection rate ${(rate * 100).toFixed(0)}% (${input.rejected} of ${input.accepted + input.rejected}) exceeds ${BLOCK_REJECTION_RATE * 100}%`,
        causingClaimIds: [],
        judgements: input.rejected,
      };
    }
    return undefined;
  };

  if (level === 'BLOCKED') {
    return { ...base, status: 'rejected', trustLevel: 'BLOCKED', action: 'unchanged', reason: 'Domain is blocked', causingClaimIds: [] };
  }
  const rejection = rejectedBy();
  if (rejection) {
    const { judgements, ...why } = rejection;
    if (rank >= NO_AUTO_DEMOTION_RANK) return { ...base, status: 'rejected', trustLevel: level, action: 'marked_rejected', ...why };
    if (judgements < BLOCK_MIN_JUDGEMENTS) {
      return {
        ...base,
        status: 'rejected',
        trustLevel: level,
        action: 'marked_rejected',
        ...why,
        reason: `${why.reason}; not blocked: ${judgements} rejecting judgement(s), ${BLOCK_MIN_JUDGEMENTS} needed`,
      };
    }
    return { ...base, status: 'rejected', trustLevel: 'BLOCKED', action: 'blocked', ...why };
  }
  if (contested.length > 0) {
    return {
      ...base,
      status: 'contested',
      trustLevel: level,
      action: 'unchanged',
      reason: `Contested with ${[...new Set(contested.map((c) => c.otherDomain))].join(', ')}`,
      causingClaimIds: [...new Set(contested.map((c) => c.claimId))],
    };
  }
  if (independentSources >= PROMOTION_MIN_INDEPENDENT_SOURCES) {
    if (level === 'UNVERIFIED') {
      return {
        ...base,
        status: 'verified',
        trustLevel: 'LOW',
        action: 'promoted',
        reason: `Corroborated by ${independentSources} independent sources`,
        causingClaimIds: [],
      };
    }
    return {
      ...base,
      status: 'verified',
      trustLevel: level,
      action: 'unchanged',
      reason: `Corroborated by ${independentSources} independent sources`,
      causingClaimIds: [],
    };
  }
  return {
    ...base,
    status: 'pending',
    trustLevel: level,
    action: 'unchanged',
    reason: `${independentSources} independent corroborating source(s); ${PROMOTION_MIN_INDEPENDENT_SOURCES} needed`,
    causingClaimIds: [],
  };
}

/**
 * The stored domain state after an outcome. A block records reason, causing claims, the level before
 * any verification, the time, and how to restore it; earlier causing claims are kept.
 */
export function nextDomainState(options: {
  domain: string;
  previous?: DomainState;
  configuredLevel: TrustLevel;
  outcome: VerificationOutcome;
  accepted: number;
  rejected: number;
  now: string;
}): DomainState {
  const { previous, outcome, now } = options;
  const blocked = outcome.trustLevel === 'BLOCKED';
  return {
    domain: options.domain,
    trustLevel: outcome.trustLevel,
    origin: outcome.trustLevel === options.configuredLevel && !previous ? 'config' : 'verification',
    originalTrustLevel: previous?.originalTrustLevel ?? options.configuredLevel,
    ...(blocked
      ? { blockedAt: previous?.blockedAt ?? now, reason: previous?.trustLevel === 'BLOCKED' ? previous.reason : outcome.reason }
      : outcome.action !== 'unchanged'
        ? { reason: outcome.reason }
        : previous?.reason
          ? { reason: previous.reason }
          : {}),
    causingClaimIds: [...new Set([...(previous?.causingClaimIds ?? []), ...outcome.causingClaimIds])],
    acceptedCount: options.accepted,
    rejectedCount: options.rejected,
    canRestore: true,
    restoreVia: RESTORE_VIA,
    updatedAt: now,
  };
}
