// Field-by-field merge of two records of one paper, preferring the richer value (seed 000 Phase 2-4:
// CanonicalPaperIndex). Rules, in one place:
// - title: the longer one, except that a mixed-case title beats an ALL-CAPS one;
// - abstract, venue, publishedAt: the longer one (publishedAt: the more precise date);
// - authors: the longer list; year, url, openAccessUrl: the first known;
// - citationCount, referenceCount: the larger (sources lag behind each other, none over-counts);
// - identifiers: united, first value per kind, except that a publisher DOI beats arXiv's DataCite DOI.
import type { Identifiers } from '../../core/index.js';
import { isArxivDoi } from '../../extract/index.js';

export interface MergeableFields {
  title: string;
  abstract?: string;
  abstractSource?: string;
  year?: number;
  publishedAt?: string;
  authors: string[];
  venue?: string;
  url?: string;
  openAccessUrl?: string;
  citationCount?: number;
  referenceCount?: number;
  identifiers: Identifiers;
}

function isAllCaps(s: string): boolean {
  return /\p{Lu}/u.test(s) && s === s.toUpperCase();
}

export function richerTitle(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  if (isAllCaps(a) !== isAllCaps(b)) return isAllCaps(a) ? b : a;
  return b.length > a.length ? b : a;
}

function longer(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b.length > a.length ? b : a;
}

function larger(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

export function mergeIdentifiers(a: Identifiers, b: Identifiers): Identifiers {
  const out: Identifiers = { ...b, ...a };
  if (a.doi && b.doi && isArxivDoi(a.doi) && !isArxivDoi(b.doi)) out.doi = b.doi;
  for (const k of Object.keys(out) as Array<keyof Identifiers>) if (out[k] === undefined) delete out[k];
  return out;
}

/** `base` with `other` merged in; `otherSource` names where `other`'s abstract came from. */
export function mergeFields<T extends MergeableFields>(base: T, other: MergeableFields, otherSource?: string): T {
  const out: T = { ...base };
  out.title = richerTitle(base.title, other.title);
  const abstract = longer(base.abstract, other.abstract);
  if (abstract !== undefined && abstract !== base.abstract) {
    out.abstract = abstract;
    const src = other.abstractSource ?? otherSource;
    if (src) out.abstractSource = src;
    else delete out.abstractSource;
  }
  const set = <K extends keyof MergeableFields>(key: K, value: MergeableFields[K] | undefined): void => {
    if (value === undefined) delete out[key];
    else out[key] = value as T[K];
  };
  set('year', base.year ?? other.year);
  set('publishedAt', longer(base.publishedAt, other.publishedAt));
  out.authors = other.authors.length > base.authors.length ? [...other.authors] : base.authors;
  set('venue', longer(base.venue, other.venue));
  set('url', base.url ?? other.url);
  set('openAccessUrl', base.openAccessUrl ?? other.openAccessUrl);
  set('citationCount', larger(base.citationCount, other.citationCount));
  set('referenceCount', larger(base.referenceCount, other.referenceCount));
  out.identifiers = mergeIdentifiers(base.identifiers, other.identifiers);
  return out;
}
