// Contradiction classes (seed 000 §提案1, 決定3): present conflicts flatly; Lyra does not judge
// science. Only a low-trust source contradicting a much higher-trust one is misinformation.
import type { ContradictionType, TrustLevel, VerificationStatus } from '../core/index.js';
import { HIGH_TRUST_THRESHOLD, trustRank } from './trust-levels.js';

/** Trust-level gap (in TRUST_ORDER ranks) from which a contradiction is misinformation (seed 000 §1.1). */
export const MISINFORMATION_TRUST_GAP = 2;

/**
 * Both sides ACADEMIC or higher → contested; otherwise a gap of two or more levels → misinformation;
 * otherwise contested. Publication dates are metadata, never a tie-breaker.
 */
export function classifyContradiction(trust1: TrustLevel, trust2: TrustLevel): ContradictionType {
  const idx1 = trustRank(trust1);
  const idx2 = trustRank(trust2);
  if (idx1 >= HIGH_TRUST_THRESHOLD && idx2 >= HIGH_TRUST_THRESHOLD) return 'contested';
  if (Math.abs(idx1 - idx2) >= MISINFORMATION_TRUST_GAP) return 'misinformation';
  return 'contested';
}

/**
 * Verification status of each side (seed 000 §1.2): misinformation rejects the lower-trust side and
 * keeps the other verified; contested keeps both as contested.
 */
export function handleContradiction(type: ContradictionType, trust1: TrustLevel, trust2: TrustLevel): [VerificationStatus, VerificationStatus] {
  if (type === 'contested') return ['contested', 'contested'];
  return trustRank(trust1) < trustRank(trust2) ? ['rejected', 'verified'] : ['verified', 'rejected'];
}
