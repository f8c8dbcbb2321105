// arXiv API (Atom): search and lookup by id (seed 000 §2.2: preprint search). arXiv asks clients to
// leave three seconds between calls, which is the default pace here.
import { z } from 'zod';
import {
  InvalidInputError,
  NonRetryableError,
  type Paper,
  type ScholarlyRequestOptions,
  type ScholarlySearchOptions,
  type ScholarlySource,
} from '../../core/index.js';
import { createApiClient } from './http.js';
import { normalizeArxivId, parseScholarlyId } from './identifiers.js';
import { checkLimit, fetcherSchema, makePaper } from './paper.js';
import { parseXmlText, validate } from './parse.js';
import { createRateLimiter } from './rate-limiter.js';

export const ARXIV_NAME = 'arxiv';
const API = ARXIV_NAME;

/** Entries per request; the API serves up to 2000 but asks for modest pages. */
export const ARXIV_PAGE_MAX = 100;

export const arxivOptionsSchema = z.strictObject({
  fetcher: fetcherSchema,
  /** The query endpoint (config `scholarly.arxiv.base_url`). */
  baseUrl: z.url().default('https://export.arxiv.org/api/query'),
  /** arXiv's terms of use: no more than one request every three seconds. */
  requestsPerSecond: z
    .number()
    .min(0)
    .default(1 / 3),
  /** Pages read at most per search. */
  maxPages: z.number().int().min(1).max(50).default(5),
});
export type ArxivOptions = z.input<typeof arxivOptionsSchema>;

const linkSchema = z.looseObject({ '@_href': z.string(), '@_rel': z.string().optional(), '@_type': z.string().optional(), '@_title': z.string().optional() });
const entrySchema = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  summary: z.string().optional(),
  published: z.string().optional(),
  author: z.array(z.looseObject({ name: z.string() })).optional(),
  doi: z.string().optional(),
  journal_ref: z.string().optional(),
  link: z.array(linkSchema).optional(),
});
type Entry = z.output<typeof entrySchema>;
const feedSchema = z.looseObject({
  feed: z.looseObject({
    entry: z.array(entrySchema).optional(),
    totalResults: z.union([z.string(), z.looseObject({ '#text': z.string() })]).optional(),
  }),
});

/** The API's search syntax: an arXiv-syntax query passes through; plain words become `all:` terms joined by AND. */
export function toArxivSearchQuery(query: string): string {
  if (/(?:^|\s|\()(?:ti|au|abs|co|jr|cat|rn|id|all):/i.test(query)) return query.trim();
  const terms = query.match(/"[^"]+"|[^\s"]+/g) ?? [];
  return terms.map((t) => `all:${t}`).join(' AND ');
}

function entryToPaper(entry: Entry): Paper | undefined {
  const arxiv = normalizeArxivId(entry.id);
  if (!arxiv || !entry.title?.trim()) return undefined;
  const pdf = entry.link?.find((l) => l['@_title'] === 'pdf' || l['@_type'] === 'application/pdf')?.['@_href'];
  const abs = entry.link?.find((l) => l['@_rel'] === 'alternate')?.['@_href'] ?? `https://arxiv.org/abs/${arxiv}`;
  const year = entry.published ? Number(entry.published.slice(0, 4)) : undefined;
  return makePaper({
    id: arxiv,
    source: API,
    title: entry.title,
    abstract: entry.summary?.replace(/\s+/g, ' '),
    year: Number.isInteger(year) ? year : undefined,
    publishedAt: entry.published?.slice(0, 10),
    authors: (entry.author ?? []).map((a) => a.name),
    venue: entry.journal_ref,
    url: abs,
    openAccessUrl: pdf,
    identifiers: { arxiv, doi: entry.doi },
  });
}

export function createArxivSource(options: ArxivOptions): ScholarlySource {
  const opts = arxivOptionsSchema.parse(options);
  const client = createApiClient({
    api: API,
    fetcher: opts.fetcher,
    baseUrl: opts.baseUrl,
    limiter: createRateLimiter({ name: API, requestsPerSecond: opts.requestsPerSecond }),
  });

  async function query(params: Record<string, string | number>, options: ScholarlyRequestOptions): Promise<Entry[]> {
    const res = await client.send({ path: '', params, accept: 'application/atom+xml', signal: options.signal });
    const ctx = { api: API, url: res.url };
    const xml = parseXmlText(res.text, ctx, { arrays: ['entry', 'author', 'link', 'category'] });
    const feed = validate(feedSchema, xml, { ...ctx, what: 'Atom feed' });
    const entries = feed.feed.entry ?? [];
    // Errors come back as one entry whose id points at the API's error list.
    const error = entries.find((e) => /\/api\/errors/.test(e.id));
    if (error) {
      throw new NonRetryableError(`${API}: the API rejected the request ${res.url}: ${error.summary?.trim() ?? error.title ?? 'error'}`, {
        code: 'api_error',
        details: { api: API, url: res.url },
      });
    }
    return entries;
  }

  const toPapers = (entries: Entry[], options: ScholarlyRequestOptions): Paper[] => {
    const out: Paper[] = [];
    for (const e of entries) {
      const p = entryToPaper(e);
      if (p) out.push(p);
      else options.onWarning?.(`${API}: entry ${e.id} has no arXiv id or title; skipped`);
    }
    return out;
  };

  async function getPapers(ids: string[], options: ScholarlyRequestOptions = {}): Promise<Array<Paper | undefined>> {
    const wanted = ids.map((id) => {
      const parsed = parseScholarlyId(id);
      if (parsed.kind !== 'arxiv')
        throw new InvalidInputError(`${API}: papers are looked up by arXiv id only, got ${parsed.kind} identifier ${id}`, {
          code: 'identifier_unsupported',
          details: { api: API, id },
        });
      return parsed.value;
    });
    const found = new Map<string, Paper>();
    for (let i = 0; i < wanted.length; i += ARXIV_PAGE_MAX) {
      const chunk = wanted.slice(i, i + ARXIV_PAGE_MAX);
      const entries = await query({ id_list: chunk.join(','), start: 0, max_results: chunk.length }, options);
      for (const p of toPapers(entries, options)) found.set(p.id, p);
    }
    return wanted.map((w) => found.get(w));
  }

  return {
    name: API,
    lookupKinds: ['arxiv'],

    async search(q: string, options: ScholarlySearchOptions): Promise<Paper[]> {
      if (!q.trim()) throw new InvalidInputError(`${API}: empty query`, { code: 'query_empty' });
      const limit = checkLimit(API, options.limit);
      const out: Paper[] = [];
      const pageSize = Math.min(ARXIV_PAGE_MAX, limit);
      for (let page = 0; page < opts.maxPages && out.length < limit; page++) {
        const entries = await query(
          { search_query: toArxivSearchQuery(q), start: page * pageSize, max_results: pageSize, sortBy: 'relevance', sortOrder: 'descending' },
          options,
        );
        for (const p of toPapers(entries, options)) if (out.length < limit) out.push(p);
        if (entries.length < pageSize) break;
      }
      return out;
    },

    async getPaper(id: string, options: ScholarlyRequestOptions = {}): Promise<Paper | undefined> {
      const [paper] = await getPapers([id], options);
      return paper;
    },

    getPapers,
  };
}
