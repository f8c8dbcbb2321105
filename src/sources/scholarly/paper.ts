// Building Paper records from API fields: identifiers normalized, empty strings dropped, titles
// whitespace-folded, so every client hands the paper index the same shapes.
import { z } from 'zod';
import { InvalidInputError, type Fetcher, type Identifiers, type Paper } from '../../core/index.js';
import { normalizeArxivId, normalizeDoi, normalizeOpenAlexId, normalizePmid, normalizeS2Id, withImpliedIds } from './identifiers.js';

export interface PaperFields {
  id: string;
  source: string;
  title: string;
  abstract?: string | null;
  year?: number | null;
  publishedAt?: string | null;
  authors?: Array<string | null | undefined> | null;
  venue?: string | null;
  url?: string | null;
  openAccessUrl?: string | null;
  citationCount?: number | null;
  referenceCount?: number | null;
  identifiers: { doi?: string | null; pmid?: string | null; arxiv?: string | null; s2?: string | null; openalex?: string | null };
}

function clean(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.replace(/\s+/g, ' ').trim();
  return v.length > 0 ? v : undefined;
}

function cleanIdentifiers(raw: PaperFields['identifiers']): Identifiers {
  const out: Identifiers = {};
  const doi = raw.doi ? normalizeDoi(raw.doi) : undefined;
  const pmid = raw.pmid ? normalizePmid(raw.pmid) : undefined;
  const arxiv = raw.arxiv ? normalizeArxivId(raw.arxiv) : undefined;
  const s2 = raw.s2 ? normalizeS2Id(raw.s2) : undefined;
  const openalex = raw.openalex ? normalizeOpenAlexId(raw.openalex) : undefined;
  if (doi) out.doi = doi;
  if (pmid) out.pmid = pmid;
  if (arxiv) out.arxiv = arxiv;
  if (s2) out.s2 = s2;
  if (openalex) out.openalex = openalex;
  return withImpliedIds(out);
}

export function makePaper(fields: PaperFields): Paper {
  const paper: Paper = {
    id: fields.id,
    source: fields.source,
    title: clean(fields.title) ?? '',
    authors: (fields.authors ?? []).map((a) => clean(a)).filter((a): a is string => a !== undefined),
    identifiers: cleanIdentifiers(fields.identifiers),
  };
  const abstract = typeof fields.abstract === 'string' ? fields.abstract.trim() : undefined;
  if (abstract) paper.abstract = abstract;
  if (typeof fields.year === 'number' && Number.isInteger(fields.year)) paper.year = fields.year;
  const publishedAt = clean(fields.publishedAt);
  if (publishedAt) paper.publishedAt = publishedAt;
  const venue = clean(fields.venue);
  if (venue) paper.venue = venue;
  const url = clean(fields.url);
  if (url) paper.url = url;
  const oa = clean(fields.openAccessUrl);
  if (oa) paper.openAccessUrl = oa;
  if (typeof fields.citationCount === 'number') paper.citationCount = fields.citationCount;
  if (typeof fields.referenceCount === 'number') paper.referenceCount = fields.referenceCount;
  return paper;
}

/** Options every client factory accepts; each client adds its own keys and defaults. */
export const fetcherSchema = z.custom<Fetcher>((v) => typeof (v as Fetcher | undefined)?.fetch === 'function', 'expected a Fetcher');

/** Results asked of a search at most, whatever the caller passes (APIs cap pages at 100–200). */
export const MAX_SEARCH_LIMIT = 1000;

export function checkLimit(api: string, limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) throw new InvalidInputError(`${api}: limit must be a positive integer, got ${limit}`, { code: 'limit_invalid' });
  return Math.min(limit, MAX_SEARCH_LIMIT);
}
