// Text → checkable claim candidates (seed 001 Phase 1 EXTRACT RawClaim).
import { detectLanguage } from '../language.js';
import { splitSentences } from '../sentences.js';
import { assessSentence, withinClaimLength, type Checkability } from './checkability.js';
import { analyzeEnglish } from './english-nlp.js';
import { mergeClaims, normalizeClaim, type MergeOptions, type NormalizedClaim, type RawClaim } from './normalize.js';

/** Most candidates taken from one text, so a huge page cannot flood the graph. */
export const MAX_CLAIMS_PER_TEXT = 200;

export interface ClaimCandidate extends RawClaim {
  checkability: Checkability;
  /** Sentence index in the text. */
  sentenceIndex: number;
}

export interface ExtractClaimsOptions {
  text: string;
  source: string;
  publishedAt?: string;
  maxClaims?: number;
  /** Keep rejected sentences too (with `checkability.rejectedBecause`), for debugging. */
  includeRejected?: boolean;
}

export function extractClaimCandidates(options: ExtractClaimsOptions): ClaimCandidate[] {
  const out: ClaimCandidate[] = [];
  const max = options.maxClaims ?? MAX_CLAIMS_PER_TEXT;
  const sentences = splitSentences(options.text);
  for (const [i, s] of sentences.entries()) {
    if (out.length >= max) break;
    const language = detectLanguage(s.text);
    // Too long to be a claim: refused by assessSentence without tagging it first.
    const lemmas = language === 'en' && withinClaimLength(s.text, language) ? analyzeEnglish(s.text).tokens.map((t) => t.lemma) : [];
    const checkability = assessSentence({ text: s.text, language, lemmas });
    if (!checkability.checkable && !options.includeRejected) continue;
    out.push({
      text: s.text,
      source: options.source,
      ...(options.publishedAt ? { publishedAt: options.publishedAt } : {}),
      locator: `sentence:${i}`,
      sentenceIndex: i,
      checkability,
    });
  }
  return out;
}

/**
 * A document's claims, normalized and merged (seed 001 Phase 1 EXTRACT + Phase 2 NORMALIZE):
 * checkable sentences → NormalizedClaim (slots, fingerprint, id) → near-duplicates merged with their sources.
 */
export function extractNormalizedClaims(options: ExtractClaimsOptions & { merge?: MergeOptions }): NormalizedClaim[] {
  const { merge, ...extract } = options;
  const candidates = extractClaimCandidates({ ...extract, includeRejected: false });
  return mergeClaims(candidates.map((c) => normalizeClaim(c)), merge ?? {});
}
