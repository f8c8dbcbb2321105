// The canonical paper index (seed 000 Phase 2-4): papers from every source merged into one record
// per work. Match order: DOI, then PMID, then arXiv id, then normalized title + year. A match on a
// weaker key is refused when a stronger identifier disagrees (two different DOIs are two works),
// except that arXiv's own DOI never conflicts with a publisher DOI (preprint and version of record).
import type { Identifiers, Paper } from '../../core/index.js';
import { isArxivDoi } from '../../extract/index.js';
import { formatScholarlyId, parseScholarlyId, type ScholarlyId } from '../scholarly/index.js';
import { mergeFields, type MergeableFields } from './merge-fields.js';

/** Normalized titles shorter than this never match by title ("Editorial", "Introduction"). */
export const TITLE_MATCH_MIN_CHARS = 20;

export interface PaperSourceRecord {
  source: string;
  /** The source's own id for the paper. */
  id: string;
  url?: string;
}

export interface CanonicalPaper extends MergeableFields {
  /** Strongest identifier as `kind:value` (`doi:…`, `pmid:…`, `arxiv:…`, else `title:…|year` or `source:id`). */
  key: string;
  /** Distinct source names, in the order they contributed. */
  sources: string[];
  /** Every record merged in, one per source and id. */
  records: PaperSourceRecord[];
}

export interface PaperIndex {
  /** Merges a paper in and returns its canonical record as it is now. */
  add(paper: Paper): CanonicalPaper;
  addAll(papers: Paper[]): void;
  /** The canonical record holding an identifier (`doi:…`, a ScholarlyId) or matching a paper's keys. */
  find(target: string | ScholarlyId | Paper): CanonicalPaper | undefined;
  /** Canonical papers in order of first arrival. */
  papers(): CanonicalPaper[];
  readonly size: number;
}

const STRONG_KINDS = ['doi', 'pmid', 'arxiv'] as const;
const MATCH_KINDS = ['doi', 'pmid', 'arxiv', 's2', 'openalex'] as const;
type MatchKind = (typeof MATCH_KINDS)[number] | 'title';

/** NFKC, accents dropped, lower case, punctuation folded to spaces. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function titleKey(title: string, year: number | undefined): string | undefined {
  if (year === undefined) return undefined;
  const t = normalizeTitle(title);
  return t.length >= TITLE_MATCH_MIN_CHARS ? `${t}|${year}` : undefined;
}

function keysOf(fields: { identifiers: Identifiers; title: string; year?: number }): Array<[MatchKind, string]> {
  const out: Array<[MatchKind, string]> = [];
  for (const k of MATCH_KINDS) {
    const v = fields.identifiers[k];
    if (v) out.push([k, v]);
  }
  const t = titleKey(fields.title, fields.year);
  if (t) out.push(['title', t]);
  return out;
}

/** Whether identifiers stronger than `matchedBy` disagree between two records. */
function conflicts(a: Identifiers, b: Identifiers, matchedBy: MatchKind): boolean {
  const rank = (k: MatchKind): number =>
    k === 'title' ? 99 : (STRONG_KINDS as readonly string[]).indexOf(k) === -1 ? 50 : (STRONG_KINDS as readonly string[]).indexOf(k);
  for (const k of STRONG_KINDS) {
    if (rank(k) >= rank(matchedBy)) continue;
    const x = a[k];
    const y = b[k];
    if (!x || !y || x === y) continue;
    if (k === 'doi' && (isArxivDoi(x) || isArxivDoi(y))) continue;
    return true;
  }
  return false;
}

function keyOf(p: MergeableFields & { records: PaperSourceRecord[] }): string {
  const ids = p.identifiers;
  const doi = ids.doi && !isArxivDoi(ids.doi) ? ids.doi : undefined;
  if (doi) return `doi:${doi}`;
  if (ids.pmid) return `pmid:${ids.pmid}`;
  if (ids.arxiv) return `arxiv:${ids.arxiv}`;
  if (ids.doi) return `doi:${ids.doi}`;
  const t = titleKey(p.title, p.year);
  if (t) return `title:${t}`;
  const r = p.records[0];
  return r ? `${r.source}:${r.id}` : 'unknown';
}

function fromPaper(p: Paper): CanonicalPaper {
  const c: CanonicalPaper = {
    key: '',
    title: p.title,
    authors: [...p.authors],
    identifiers: { ...p.identifiers },
    sources: [p.source],
    records: [{ source: p.source, id: p.id, ...(p.url ? { url: p.url } : {}) }],
  };
  if (p.abstract) {
    c.abstract = p.abstract;
    c.abstractSource = p.source;
  }
  for (const k of ['year', 'publishedAt', 'venue', 'url', 'openAccessUrl', 'citationCount', 'referenceCount'] as const) {
    if (p[k] !== undefined) (c as unknown as Record<string, unknown>)[k] = p[k];
  }
  c.key = keyOf(c);
  return c;
}

interface Entry {
  paper: CanonicalPaper;
  order: number;
  mergedInto?: Entry;
}

export function createPaperIndex(): PaperIndex {
  const entries: Entry[] = [];
  const byKey = new Map<string, Entry>();
  const root = (e: Entry): Entry => {
    let r = e;
    while (r.mergedInto) r = r.mergedInto;
    return r;
  };
  const register = (e: Entry): void => {
    for (const [k, v] of keysOf(e.paper)) {
      const key = `${k}:${v}`;
      const existing = byKey.get(key);
      if (!existing || root(existing) === e) byKey.set(key, e);
    }
  };
  const absorb = (target: Entry, other: CanonicalPaper): void => {
    const merged = mergeFields(target.paper, other);
    merged.sources = [...target.paper.sources, ...other.sources.filter((s) => !target.paper.sources.includes(s))];
    const seen = new Set(target.paper.records.map((r) => `${r.source}\u0000${r.id}`));
    merged.records = [...target.paper.records, ...other.records.filter((r) => !seen.has(`${r.source}\u0000${r.id}`))];
    merged.key = keyOf(merged);
    target.paper = merged;
  };

  const matchesFor = (c: CanonicalPaper): Entry[] => {
    const found: Entry[] = [];
    for (const [kind, value] of keysOf(c)) {
      const hit = byKey.get(`${kind}:${value}`);
      if (!hit) continue;
      const e = root(hit);
      if (found.includes(e) || conflicts(e.paper.identifiers, c.identifiers, kind)) continue;
      found.push(e);
    }
    return found;
  };

  const add = (p: Paper): CanonicalPaper => {
    const incoming = fromPaper(p);
    const [target, ...others] = matchesFor(incoming);
    if (!target) {
      const e: Entry = { paper: incoming, order: entries.length };
      entries.push(e);
      register(e);
      return e.paper;
    }
    absorb(target, incoming);
    // The new record may bridge two entries (DOI matches one, PMID another): join them when they agree.
    for (const o of others) {
      if (o === target || conflicts(target.paper.identifiers, o.paper.identifiers, 'title')) continue;
      absorb(target, o.paper);
      o.mergedInto = target;
    }
    register(target);
    return target.paper;
  };

  const find = (target: string | ScholarlyId | Paper): CanonicalPaper | undefined => {
    if (typeof target === 'string' || 'kind' in target) {
      const id = typeof target === 'string' ? parseScholarlyId(target) : target;
      const hit = byKey.get(formatScholarlyId(id));
      return hit ? root(hit).paper : undefined;
    }
    const [first] = matchesFor(fromPaper(target));
    return first?.paper;
  };

  return {
    add,
    addAll: (papers) => papers.forEach(add),
    find,
    papers: () => entries.filter((e) => !e.mergedInto).map((e) => e.paper),
    get size() {
      return entries.filter((e) => !e.mergedInto).length;
    },
  };
}
