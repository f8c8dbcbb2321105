// De-duplication of candidates (seed 003 §3.3), in order of discovery so the first finder wins:
// the same normalized URL (core normalizeUrl; corpus documents by corpus and id), the same normalized
// title (NFKC, lower case, whitespace folded), or — beyond the seed — near-identical excerpts of some
// length (policy textResemblance ≥ NEAR_DUPLICATE_JACCARD: a preprint and its journal version, a
// syndicated copy). What the duplicates add is kept: the queries and sections that found them, and
// a date, authors or excerpt the first one lacked.
import { normalizeUrl } from '../../core/index.js';
import { NEAR_DUPLICATE_JACCARD, textResemblance } from '../../policy/index.js';
import type { Candidate } from './candidates.js';
import { terms } from './relevance.js';

/** Excerpts shorter than this are never compared for resemblance (snippets of different pages look alike). */
export const RESEMBLANCE_MIN_EXCERPT_CHARS = 150;
/**
 * Term-set Jaccard (words, CJK bigrams) below which two excerpts are not compared by textResemblance:
 * texts sharing 80 % of their word triples share far more than half their terms. A cheap screen that
 * keeps de-duplication of hundreds of abstracts fast.
 */
export const RESEMBLANCE_SCREEN_JACCARD = 0.5;

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let inter = 0;
  for (const x of small) if (large.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

export interface UniqueSource {
  candidate: Candidate;
  /** Normalized URL (or corpus:<corpus>/<id>), the key verification results are kept under. */
  key: string;
  /** Queries that found it, in order. */
  queries: string[];
  /** Outline sections whose queries found it. */
  sections: string[];
}

export function sourceKey(c: Pick<Candidate, 'url' | 'corpusRef'>): string {
  if (c.corpusRef) return `corpus:${c.corpusRef.corpus}/${c.corpusRef.id}`;
  if (/^https?:/i.test(c.url)) {
    try {
      return normalizeUrl(c.url);
    } catch {
      return c.url;
    }
  }
  return c.url;
}

export function normalizeTitle(title: string): string {
  return title.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** `screen: false` compares every pair of long excerpts with textResemblance (the benchmark's baseline). */
export function deduplicate(candidates: readonly Candidate[], options: { screen?: boolean } = {}): { unique: UniqueSource[]; duplicatesRemoved: number } {
  const screened = options.screen !== false;
  const unique: UniqueSource[] = [];
  // Term sets of the long excerpts kept so far, for the resemblance screen.
  const screens = new Map<UniqueSource, Set<string>>();
  const byUrl = new Map<string, UniqueSource>();
  const byTitle = new Map<string, UniqueSource>();
  let duplicatesRemoved = 0;
  for (const c of candidates) {
    const key = sourceKey(c);
    const title = normalizeTitle(c.title);
    const long = c.excerpt.length >= RESEMBLANCE_MIN_EXCERPT_CHARS;
    const screen = long ? terms(c.excerpt) : undefined;
    let same = byUrl.get(key) ?? byTitle.get(title);
    if (!same && screen) {
      for (const [u, other] of screens) {
        if ((!screened || jaccard(screen, other) >= RESEMBLANCE_SCREEN_JACCARD) && textResemblance(u.candidate.excerpt, c.excerpt) >= NEAR_DUPLICATE_JACCARD) {
          same = u;
          break;
        }
      }
    }
    if (same) {
      duplicatesRemoved++;
      merge(same, c);
      continue;
    }
    const u: UniqueSource = { candidate: { ...c }, key, queries: [c.query], sections: c.section !== undefined ? [c.section] : [] };
    unique.push(u);
    if (screen) screens.set(u, screen);
    byUrl.set(key, u);
    byTitle.set(title, u);
  }
  return { unique, duplicatesRemoved };
}

function merge(into: UniqueSource, c: Candidate): void {
  if (!into.queries.includes(c.query)) into.queries.push(c.query);
  if (c.section !== undefined && !into.sections.includes(c.section)) into.sections.push(c.section);
  const k = into.candidate;
  if (!k.excerpt && c.excerpt) k.excerpt = c.excerpt;
  if (!k.publishedAt && c.publishedAt) k.publishedAt = c.publishedAt;
  if (!k.authorOrganization && c.authorOrganization) k.authorOrganization = c.authorOrganization;
  if (c.hasScholarlyId) k.hasScholarlyId = true;
}
