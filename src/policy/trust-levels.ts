// Trust levels and scores (seed 000 "Trust Level 定義", 決定2).
import type { TrustLevel } from '../core/index.js';

/** Score of each trust level (seed 000 table). */
export const TRUST_SCORES: Readonly<Record<TrustLevel, number>> = {
  PRIMARY: 1.0,
  GOVERNMENT: 0.95,
  ACADEMIC: 0.9,
  TRUSTED: 0.75,
  LOW: 0.4,
  UNVERIFIED: 0.3,
  BLOCKED: 0.0,
};

/** Trust levels from lowest to highest; the index is the level's rank (seed 000 §1.1). */
export const TRUST_ORDER: readonly TrustLevel[] = ['BLOCKED', 'UNVERIFIED', 'LOW', 'TRUSTED', 'ACADEMIC', 'GOVERNMENT', 'PRIMARY'];

/** Rank from which a level counts as high trust: ACADEMIC and above (seed 000 決定2). */
export const HIGH_TRUST_THRESHOLD = 4;

/** Level given to domains that no rule names (seed 000: unknown domains are provisionally used). */
export const DEFAULT_TRUST_LEVEL: TrustLevel = 'UNVERIFIED';

export function trustScore(level: TrustLevel): number {
  return TRUST_SCORES[level];
}

export function trustRank(level: TrustLevel): number {
  return TRUST_ORDER.indexOf(level);
}

export function isHighTrust(level: TrustLevel): boolean {
  return trustRank(level) >= HIGH_TRUST_THRESHOLD;
}
