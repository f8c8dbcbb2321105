// Phase 3 COLLECT Evidence (seed 001 信頼性スコア計算: freshness × authority × bias). One score per
// piece of evidence, 0..1, documented in docs/guide.md ("lyra research"):
//   authority = trust score of the source's level (policy/trust-levels: PRIMARY 1.0 … LOW 0.4, UNVERIFIED 0.3)
//   freshness = 0.5 ^ (age in years ÷ FRESHNESS_HALF_LIFE_YEARS), never below FRESHNESS_FLOOR;
//               UNDATED_FRESHNESS when the source carries no date (age measured at the run's start)
//   bias      = product of the penalties of the flags raised on the quote (BIAS_PENALTIES)
import type { EvidenceView, TrustLevel } from '../../core/index.js';
import { trustScore } from '../../policy/index.js';

export const FRESHNESS_HALF_LIFE_YEARS = 10;
export const FRESHNESS_FLOOR = 0.5;
export const UNDATED_FRESHNESS = 0.8;

export const BIAS_FLAGS = ['self_source', 'opinion_language', 'promotional_language'] as const;
export type BiasFlag = (typeof BIAS_FLAGS)[number];

/**
 * - self_source: the sentence the claim was extracted from — it states the claim, it does not corroborate it;
 * - opinion_language: the quote argues rather than reports (should, must, we believe, べき, 思う…);
 * - promotional_language: marketing words (revolutionary, world-leading, 画期的…).
 */
export const BIAS_PENALTIES: Readonly<Record<BiasFlag, number>> = { self_source: 0.7, opinion_language: 0.85, promotional_language: 0.8 };

const OPINION_RE = /\b(should|ought to|must|we believe|i believe|i think|in my (?:view|opinion)|arguably|clearly)\b|べき|と思う|と考える|に違いない/i;
const PROMO_RE =
  /\b(revolutionary|world[- ]leading|world[- ]class|cutting[- ]edge|game[- ]changing|unparalleled|breakthrough)\b|画期的|革命的|世界最高|業界初/i;

export function freshness(publishedAt: string | undefined, reference: Date): number {
  const t = publishedAt ? Date.parse(publishedAt) : Number.NaN;
  if (!Number.isFinite(t)) return UNDATED_FRESHNESS;
  const years = Math.max(0, (reference.getTime() - t) / (365.25 * 24 * 3600 * 1000));
  return Math.max(FRESHNESS_FLOOR, 0.5 ** (years / FRESHNESS_HALF_LIFE_YEARS));
}

export function biasFlags(options: { quote: string; selfSource: boolean }): BiasFlag[] {
  const flags: BiasFlag[] = [];
  if (options.selfSource) flags.push('self_source');
  if (OPINION_RE.test(options.quote)) flags.push('opinion_language');
  if (PROMO_RE.test(options.quote)) flags.push('promotional_language');
  return flags;
}

export interface EvidenceScore {
  freshness: number;
  authority: number;
  bias: number;
  flags: BiasFlag[];
  quality: number;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

export function scoreEvidence(options: { trustLevel: TrustLevel; publishedAt?: string; quote: string; selfSource: boolean; reference: Date }): EvidenceScore {
  const f = freshness(options.publishedAt, options.reference);
  const a = trustScore(options.trustLevel);
  const flags = biasFlags(options);
  const b = flags.reduce((p, flag) => p * BIAS_PENALTIES[flag], 1);
  return { freshness: r3(f), authority: r3(a), bias: r3(b), flags, quality: r3(f * a * b) };
}

export function scoreView(e: EvidenceView, quote: string, reference: Date, selfSource: boolean): EvidenceScore {
  return scoreEvidence({
    trustLevel: e.source.trustLevel,
    ...(e.source.publishedAt ? { publishedAt: e.source.publishedAt } : {}),
    quote,
    selfSource,
    reference,
  });
}
