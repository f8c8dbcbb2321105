// Crossref REST API: works by DOI and bibliographic query (seed 000 §2.2: DOI resolution). Abstracts,
// when a publisher deposited one, are JATS XML and are reduced to plain text.
import { z } from 'zod';
import {
  InvalidInputError,
  NonRetryableError,
  type Paper,
  type ScholarlyRequestOptions,
  type ScholarlySearchOptions,
  type ScholarlySource,
} from '../../core/index.js';
import { createApiClient, encodePathId } from './http.js';
import { parseScholarlyId } from './identifiers.js';
import { checkLimit, fetcherSchema, makePaper } from './paper.js';
import { parseJsonBody, xmlFragmentText } from './parse.js';
import { createRateLimiter } from './rate-limiter.js';

export const CROSSREF_NAME = 'crossref';
const API = CROSSREF_NAME;

/** Rows per request (the API allows up to 1000; smaller pages answer faster). */
export const CROSSREF_PAGE_MAX = 100;

export const crossrefOptionsSchema = z.strictObject({
  fetcher: fetcherSchema,
  /** API base (config `scholarly.crossref.base_url`). */
  baseUrl: z.url().default('https://api.crossref.org'),
  /** Sent as `mailto` so requests join the polite pool (config `scholarly.crossref.mailto`). */
  mailto: z.email().optional(),
  /** Crossref's public pool allows 5 requests/second. */
  requestsPerSecond: z.number().min(0).default(5),
  /** Pages read at most per search. */
  maxPages: z.number().int().min(1).max(100).default(10),
});
export type CrossrefOptions = z.input<typeof crossrefOptionsSchema>;

// `references-count` is the select name of the reference count; records carry it as `reference-count`.
const SELECT = 'DOI,title,author,abstract,container-title,issued,published,is-referenced-by-count,references-count,URL,type';

const dateSchema = z.looseObject({ 'date-parts': z.array(z.array(z.number().int().nullable())) }).nullish();
const workSchema = z.looseObject({
  DOI: z.string(),
  title: z.array(z.string()).nullish(),
  author: z.array(z.looseObject({ given: z.string().nullish(), family: z.string().nullish(), name: z.string().nullish() })).nullish(),
  abstract: z.string().nullish(),
  'container-title': z.array(z.string()).nullish(),
  issued: dateSchema,
  published: dateSchema,
  'is-referenced-by-count': z.number().nullish(),
  'reference-count': z.number().nullish(),
  'references-count': z.number().nullish(),
  URL: z.string().nullish(),
});
type Work = z.output<typeof workSchema>;
const workResponseSchema = z.looseObject({ status: z.literal('ok'), 'message-type': z.literal('work'), message: workSchema });
const listResponseSchema = z.looseObject({
  status: z.literal('ok'),
  'message-type': z.literal('work-list'),
  message: z.looseObject({ 'total-results': z.number().int(), items: z.array(workSchema) }),
});

function dateOf(work: Work): { year?: number; publishedAt?: string } {
  const parts = (work.published ?? work.issued)?.['date-parts']?.[0] ?? [];
  const [y, m, d] = parts;
  if (typeof y !== 'number') return {};
  const pad = (n: number): string => String(n).padStart(2, '0');
  const publishedAt = typeof m === 'number' ? (typeof d === 'number' ? `${y}-${pad(m)}-${pad(d)}` : `${y}-${pad(m)}`) : String(y);
  return { year: y, publishedAt };
}

/** Plain text of a JATS abstract, without the leading "Abstract" heading publishers put in. */
export function jatsAbstractText(jats: string): string {
  return xmlFragmentText(jats.replace(/^\s*<jats:title>\s*abstract\s*<\/jats:title>/i, ''));
}

export function crossrefToPaper(work: Work): Paper | undefined {
  const title = work.title?.find((t) => t.trim().length > 0);
  if (!title) return undefined;
  const { year, publishedAt } = dateOf(work);
  return makePaper({
    id: work.DOI.toLowerCase(),
    source: API,
    title: xmlFragmentText(title),
    abstract: work.abstract ? jatsAbstractText(work.abstract) : undefined,
    year,
    publishedAt,
    authors: (work.author ?? []).map((a) => a.name ?? [a.given, a.family].filter(Boolean).join(' ')),
    venue: work['container-title']?.[0],
    url: work.URL,
    citationCount: work['is-referenced-by-count'],
    referenceCount: work['reference-count'] ?? work['references-count'],
    identifiers: { doi: work.DOI },
  });
}

export function createCrossrefSource(options: CrossrefOptions): ScholarlySource {
  const opts = crossrefOptionsSchema.parse(options);
  const client = createApiClient({
    api: API,
    fetcher: opts.fetcher,
    baseUrl: opts.baseUrl,
    limiter: createRateLimiter({ name: API, requestsPerSecond: opts.requestsPerSecond }),
    params: { mailto: opts.mailto },
  });
  const accept = 'application/json';

  return {
    name: API,
    lookupKinds: ['doi'],

    async search(query: string, options: ScholarlySearchOptions): Promise<Paper[]> {
      if (!query.trim()) throw new InvalidInputError(`${API}: empty query`, { code: 'query_empty' });
      const limit = checkLimit(API, options.limit);
      const out: Paper[] = [];
      const rows = Math.min(CROSSREF_PAGE_MAX, limit);
      for (let page = 0; page < opts.maxPages && out.length < limit; page++) {
        const res = await client.send({ path: '/works', params: { query, rows, offset: page * rows, select: SELECT }, accept, signal: options.signal });
        const body = parseJsonBody(listResponseSchema, res.text, { api: API, url: res.url, what: 'works list' });
        for (const item of body.message.items) {
          const paper = crossrefToPaper(item);
          if (!paper) options.onWarning?.(`${API}: work ${item.DOI} has no title; skipped`);
          else if (out.length < limit) out.push(paper);
        }
        if (body.message.items.length < rows) break;
      }
      return out;
    },

    async getPaper(id: string, options: ScholarlyRequestOptions = {}): Promise<Paper | undefined> {
      const parsed = parseScholarlyId(id);
      if (parsed.kind !== 'doi') {
        throw new InvalidInputError(`${API}: works are looked up by DOI only, got ${parsed.kind} identifier ${id}`, {
          code: 'identifier_unsupported',
          details: { api: API, id },
        });
      }
      const res = await client.send({ path: `/works/${encodePathId(parsed.value)}`, accept, signal: options.signal, notFoundIsUndefined: true });
      if (!res) return undefined;
      const body = parseJsonBody(workResponseSchema, res.text, { api: API, url: res.url, what: 'work' });
      const paper = crossrefToPaper(body.message);
      if (!paper) {
        throw new NonRetryableError(`${API}: work ${parsed.value} from ${res.url} has no field title`, {
          code: 'response_schema',
          details: { api: API, url: res.url },
        });
      }
      return paper;
    },
  };
}
