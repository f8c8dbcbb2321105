// RawClaim → NormalizedClaim (seed 001 Phase 2): slots, fingerprint, claim id, and merging of
// near-duplicates that keeps every source.
import { createHash } from 'node:crypto';
import { claimId, normalizeStatement, type ClaimSlots, type DecisionRelevance } from '../../core/index.js';
import { detectLanguage, type TextLanguage } from '../language.js';
import { assessSentence, type ClaimFeature } from './checkability.js';
import { extractSlots } from './slots.js';
import { claimsOpposed } from './opposed.js';

export interface ClaimSource {
  /** URL, document id or page id the text came from. */
  source: string;
  quote: string;
  publishedAt?: string;
  /** Fragment id or locator string, when known. */
  locator?: string;
}

export interface RawClaim {
  /** The claim's statement (with an opening reference resolved, when one was). */
  text: string;
  /** The verbatim source sentence, when it differs from `text`. */
  quote?: string;
  source: string;
  publishedAt?: string;
  locator?: string;
}

export interface NormalizedClaim {
  claimId: string;
  statement: string;
  language: TextLanguage;
  slots: ClaimSlots;
  scope?: string;
  /** Who the text says made the claim ("Researchers found that"), lifted off before the slots. */
  attribution?: string;
  negated: boolean;
  features: ClaimFeature[];
  decisionRelevance: DecisionRelevance;
  /** Hash of the normalized slots: claims with equal fingerprints say the same thing. */
  fingerprint: string;
  /** Content words used for near-duplicate detection. */
  terms: string[];
  /** Numbers in the statement; claims with different numbers never merge. */
  numbers: string[];
  sources: ClaimSource[];
}

const STOP = new Set(
  'the a an of to in on for and or is are was were be been being by with as at that this these those it its from than which who whom has have had do does did can could may might will would should'.split(
    ' ',
  ),
);

/** Jaccard similarity of content terms at or above which two claims merge (with equal numbers and polarity). */
export const MERGE_JACCARD_THRESHOLD = 0.8;
/** Embedding cosine at or above which two claims merge, when a similarity function is given. */
export const MERGE_EMBEDDING_THRESHOLD = 0.92;

function termsOf(statement: string, lemmas: string[], language: TextLanguage): string[] {
  if (language === 'en' && lemmas.length > 0) return [...new Set(lemmas.filter((l) => /\p{L}|\d/u.test(l) && !STOP.has(l)))];
  // Japanese: character bigrams of the normalized text stand in for words.
  const s = normalizeStatement(statement).replace(/\s+/g, '');
  const grams = new Set<string>();
  for (let i = 0; i + 1 < s.length; i++) grams.add(s.slice(i, i + 2));
  return [...grams];
}

function numbersOf(statement: string): string[] {
  return (statement.normalize('NFKC').match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => n.replace(',', '.')).sort();
}

function relevanceOf(features: ClaimFeature[]): DecisionRelevance {
  if (features.includes('strong_assertion') || features.includes('high_stakes')) return 'high';
  if (features.includes('numeric') || features.includes('comparison') || features.includes('causal')) return 'medium';
  return 'low';
}

function fingerprintOf(slots: ClaimSlots, negated: boolean, numbers: string[]): string {
  const key = [slots.subject, slots.predicate, slots.object, slots.time].map((s) => normalizeStatement(s ?? '')).join('|');
  return createHash('sha256')
    .update(`${key}|${negated ? 'neg' : 'pos'}|${numbers.join(',')}`)
    .digest('hex')
    .slice(0, 16);
}

export function normalizeClaim(raw: RawClaim): NormalizedClaim {
  const statement = raw.text.replace(/\s+/g, ' ').trim();
  const language = detectLanguage(statement);
  const slotResult = extractSlots(statement, language);
  const { features } = assessSentence({ text: statement, language, lemmas: slotResult.lemmas });
  const numbers = numbersOf(statement);
  return {
    claimId: claimId(statement),
    statement,
    language,
    slots: slotResult.slots,
    ...(slotResult.scope ? { scope: slotResult.scope } : {}),
    ...(slotResult.attribution ? { attribution: slotResult.attribution } : {}),
    negated: slotResult.negated,
    features,
    decisionRelevance: relevanceOf(features),
    fingerprint: fingerprintOf(slotResult.slots, slotResult.negated, numbers),
    terms: termsOf(statement, slotResult.lemmas, language),
    numbers,
    sources: [
      {
        source: raw.source,
        quote: raw.quote ?? raw.text,
        ...(raw.publishedAt ? { publishedAt: raw.publishedAt } : {}),
        ...(raw.locator ? { locator: raw.locator } : {}),
      },
    ],
  };
}

function jaccard(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const sb = new Set(b);
  const inter = a.filter((x) => sb.has(x)).length;
  return inter / (a.length + b.length - inter);
}

export interface MergeOptions {
  /** Optional semantic similarity (e.g. embedding cosine) for paraphrases Jaccard misses. */
  similarity?: (a: NormalizedClaim, b: NormalizedClaim) => number;
  jaccardThreshold?: number;
  embeddingThreshold?: number;
}

/**
 * True when two claims say the same thing: the same statement; or the same fingerprint, or similar with
 * equal numbers and polarity, and no word that differs between them opposes the other (claimsOpposed:
 * "increased" against "decreased mortality" is a conflict to show, not a duplicate to merge).
 */
export function isSameClaim(a: NormalizedClaim, b: NormalizedClaim, options: MergeOptions = {}): boolean {
  if (a.claimId === b.claimId) return true;
  return similarClaims(a, b, options) && claimsOpposed(a.statement, b.statement) === undefined;
}

/** Whether the slot reading found anything: claims with no slots all share one fingerprint, which says nothing. */
const hasSlots = (c: NormalizedClaim): boolean => Boolean(c.slots.subject || c.slots.predicate || c.slots.object);

function similarClaims(a: NormalizedClaim, b: NormalizedClaim, options: MergeOptions): boolean {
  if (a.fingerprint === b.fingerprint && hasSlots(a)) return true;
  if (a.negated !== b.negated || a.numbers.join() !== b.numbers.join() || a.language !== b.language) return false;
  if (jaccard(a.terms, b.terms) >= (options.jaccardThreshold ?? MERGE_JACCARD_THRESHOLD)) return true;
  return options.similarity !== undefined && options.similarity(a, b) >= (options.embeddingThreshold ?? MERGE_EMBEDDING_THRESHOLD);
}

/** A merged claim and the claims merged into it. */
export interface ClaimGroup {
  claim: NormalizedClaim;
  /** Indices in the input of the claims in the group, its representative first. */
  members: number[];
}

/**
 * Merges near-duplicate claims. The first claim of a group is its representative (id, statement);
 * sources are united (one per source + quote); features united; relevance the highest. Each group says
 * which inputs it holds, so a caller need not find them again by comparing claims.
 */
export function mergeClaimGroups(claims: readonly NormalizedClaim[], options: MergeOptions = {}): ClaimGroup[] {
  const out: ClaimGroup[] = [];
  const rank: Record<DecisionRelevance, number> = { low: 0, medium: 1, high: 2 };
  claims.forEach((c, i) => {
    const group = out.find((g) => isSameClaim(g.claim, c, options));
    if (!group) {
      out.push({ claim: { ...c, sources: [...c.sources], features: [...c.features] }, members: [i] });
      return;
    }
    const into = group.claim;
    group.members.push(i);
    for (const s of c.sources) {
      if (!into.sources.some((x) => x.source === s.source && x.quote === s.quote)) into.sources.push(s);
    }
    into.features = [...new Set([...into.features, ...c.features])];
    if (rank[c.decisionRelevance] > rank[into.decisionRelevance]) into.decisionRelevance = c.decisionRelevance;
  });
  return out;
}

/** The merged claims of mergeClaimGroups, without their members. */
export function mergeClaims(claims: readonly NormalizedClaim[], options: MergeOptions = {}): NormalizedClaim[] {
  return mergeClaimGroups(claims, options).map((g) => g.claim);
}
