// OpenAlex /works: search, work by W-id/DOI/PMID, references from `referenced_works` (fetched in
// batches with the `openalex:` OR filter) and citations with `filter=cites:` (seed 000 §提案2: OpenAlex
// citation retrieval beside Semantic Scholar). Abstracts are rebuilt from `abstract_inverted_index`.
import { z } from 'zod';
import {
  InvalidInputError,
  NonRetryableError,
  type CitationLink,
  type Paper,
  type ScholarlyRequestOptions,
  type ScholarlySearchOptions,
  type ScholarlySource,
} from '../../core/index.js';
import { createApiClient, encodePathId } from './http.js';
import { normalizeArxivId, normalizeOpenAlexId, parseScholarlyId } from './identifiers.js';
import { checkLimit, fetcherSchema, makePaper } from './paper.js';
import { parseJsonBody } from './parse.js';
import { createRateLimiter } from './rate-limiter.js';

export const OPENALEX_NAME = 'openalex';
const API = OPENALEX_NAME;

/** Results per page (the API documents 1–100 for per_page). */
export const OPENALEX_PAGE_MAX = 100;
/** Values OR-ed in one `openalex:` filter; the API caps OR lists at 100, half keeps URLs short. */
export const OPENALEX_OR_MAX = 50;
/** Words an inverted index may place at most; a larger index is treated as malformed. */
export const MAX_ABSTRACT_WORDS = 20_000;

export const openAlexOptionsSchema = z.strictObject({
  fetcher: fetcherSchema,
  /** API base (config `scholarly.openalex.base_url`). */
  baseUrl: z.url().default('https://api.openalex.org'),
  /** Sent as `mailto` for the polite pool (config `scholarly.openalex.mailto`). */
  mailto: z.email().optional(),
  /** Sent as `api_key` (config `scholarly.openalex.api_key`). */
  apiKey: z.string().min(1).optional(),
  /** OpenAlex allows 10 requests/second; half of that by default. */
  requestsPerSecond: z.number().min(0).default(5),
  /** Pages read at most per search or citation listing. */
  maxPages: z.number().int().min(1).max(100).default(10),
});
export type OpenAlexOptions = z.input<typeof openAlexOptionsSchema>;

const SELECT =
  'id,doi,title,display_name,publication_year,publication_date,ids,authorships,primary_location,best_oa_location,open_access,cited_by_count,referenced_works_count,referenced_works,abstract_inverted_index';

const locationSchema = z.looseObject({
  landing_page_url: z.string().nullish(),
  pdf_url: z.string().nullish(),
  source: z.looseObject({ display_name: z.string().nullish() }).nullish(),
});
const workSchema = z.looseObject({
  id: z.string(),
  doi: z.string().nullish(),
  title: z.string().nullish(),
  display_name: z.string().nullish(),
  publication_year: z.number().int().nullish(),
  publication_date: z.string().nullish(),
  ids: z.looseObject({ doi: z.string().nullish(), pmid: z.string().nullish() }).nullish(),
  authorships: z
    .array(z.looseObject({ author: z.looseObject({ display_name: z.string().nullish() }).nullish(), raw_author_name: z.string().nullish() }))
    .nullish(),
  primary_location: locationSchema.nullish(),
  best_oa_location: locationSchema.nullish(),
  open_access: z.looseObject({ oa_url: z.string().nullish() }).nullish(),
  cited_by_count: z.number().nullish(),
  referenced_works_count: z.number().nullish(),
  referenced_works: z.array(z.string()).nullish(),
  abstract_inverted_index: z.record(z.string(), z.array(z.number().int().min(0))).nullish(),
});
type Work = z.output<typeof workSchema>;
const listSchema = z.looseObject({
  meta: z.looseObject({ count: z.number().int().nullish() }),
  results: z.array(workSchema),
});

/** Rebuilds abstract text from OpenAlex's inverted index ({word: [positions]}). */
export function abstractFromInvertedIndex(index: Record<string, number[]>, ctx: { url: string } = { url: '(inline)' }): string {
  const words: string[] = [];
  let placed = 0;
  for (const [word, positions] of Object.entries(index)) {
    for (const p of positions) {
      placed += 1;
      if (p >= MAX_ABSTRACT_WORDS || placed > MAX_ABSTRACT_WORDS) {
        throw new NonRetryableError(`${API}: field abstract_inverted_index from ${ctx.url} places words beyond ${MAX_ABSTRACT_WORDS}`, {
          code: 'response_schema',
          details: { api: API, url: ctx.url },
        });
      }
      words[p] = word;
    }
  }
  return words.filter((w) => w !== undefined).join(' ');
}

/** The `W…` id of an OpenAlex work URL as the API gives it (kept as given when it is not one). */
function workId(value: string): string {
  return normalizeOpenAlexId(value) ?? value;
}

function arxivOf(work: Work): string | undefined {
  for (const loc of [work.primary_location, work.best_oa_location]) {
    const id = loc?.landing_page_url ? normalizeArxivId(loc.landing_page_url) : undefined;
    if (id) return id;
  }
  return undefined;
}

export function openAlexToPaper(work: Work, ctx: { url: string } = { url: '(inline)' }): Paper | undefined {
  const title = work.title ?? work.display_name;
  if (!title) return undefined;
  const wid = workId(work.id);
  return makePaper({
    id: wid,
    source: API,
    title,
    abstract: work.abstract_inverted_index ? abstractFromInvertedIndex(work.abstract_inverted_index, ctx) : undefined,
    year: work.publication_year,
    publishedAt: work.publication_date,
    authors: (work.authorships ?? []).map((a) => a.author?.display_name ?? a.raw_author_name),
    venue: work.primary_location?.source?.display_name,
    url: work.doi ?? work.primary_location?.landing_page_url ?? work.id,
    openAccessUrl: work.best_oa_location?.pdf_url ?? work.best_oa_location?.landing_page_url ?? work.open_access?.oa_url,
    citationCount: work.cited_by_count,
    referenceCount: work.referenced_works_count ?? work.referenced_works?.length,
    identifiers: { openalex: wid, doi: work.doi ?? work.ids?.doi, pmid: work.ids?.pmid, arxiv: arxivOf(work) },
  });
}

/** OpenAlex's path id for a user identifier: W…, doi:…, pmid:… (arXiv through its DataCite DOI). */
export function toOpenAlexWorkId(id: string): string {
  const parsed = parseScholarlyId(id);
  switch (parsed.kind) {
    case 'openalex':
      return parsed.value;
    case 'doi':
      return `doi:${parsed.value}`;
    case 'pmid':
      return `pmid:${parsed.value}`;
    case 'arxiv':
      return `doi:10.48550/arxiv.${parsed.value}`;
    default:
      throw new InvalidInputError(`${API}: cannot look up a ${parsed.kind} identifier (${id}); use a DOI, PMID, arXiv id or OpenAlex W-id`, {
        code: 'identifier_unsupported',
        details: { api: API, id },
      });
  }
}

export function createOpenAlexSource(options: OpenAlexOptions): ScholarlySource {
  const opts = openAlexOptionsSchema.parse(options);
  const client = createApiClient({
    api: API,
    fetcher: opts.fetcher,
    baseUrl: opts.baseUrl,
    limiter: createRateLimiter({ name: API, requestsPerSecond: opts.requestsPerSecond }),
    params: { mailto: opts.mailto, api_key: opts.apiKey },
  });
  const accept = 'application/json';

  const toPapers = (works: Work[], url: string, options: ScholarlyRequestOptions): Paper[] => {
    const papers: Paper[] = [];
    for (const w of works) {
      const p = openAlexToPaper(w, { url });
      if (p) papers.push(p);
      else options.onWarning?.(`${API}: work ${w.id} has no title; skipped`);
    }
    return papers;
  };

  async function list(filterOrSearch: Record<string, string>, limit: number, options: ScholarlyRequestOptions): Promise<Paper[]> {
    const out: Paper[] = [];
    const perPage = Math.min(OPENALEX_PAGE_MAX, limit);
    for (let page = 1; page <= opts.maxPages && out.length < limit; page++) {
      const res = await client.send({ path: '/works', params: { ...filterOrSearch, per_page: perPage, page, select: SELECT }, accept, signal: options.signal });
      const body = parseJsonBody(listSchema, res.text, { api: API, url: res.url, what: 'works list' });
      for (const p of toPapers(body.results, res.url, options)) if (out.length < limit) out.push(p);
      if (body.results.length < perPage) break;
    }
    return out;
  }

  async function getWork(id: string, options: ScholarlyRequestOptions): Promise<Work | undefined> {
    const res = await client.send({
      path: `/works/${encodePathId(toOpenAlexWorkId(id))}`,
      params: { select: SELECT },
      accept,
      signal: options.signal,
      notFoundIsUndefined: true,
    });
    return res ? parseJsonBody(workSchema, res.text, { api: API, url: res.url, what: 'work' }) : undefined;
  }

  async function requireWork(id: string, options: ScholarlyRequestOptions): Promise<Work> {
    const work = await getWork(id, options);
    if (!work) throw new NonRetryableError(`${API}: no work found for ${id}`, { code: 'not_found', details: { api: API, id } });
    return work;
  }

  return {
    name: API,
    lookupKinds: ['doi', 'pmid', 'arxiv', 'openalex'],

    async search(query: string, options: ScholarlySearchOptions): Promise<Paper[]> {
      if (!query.trim()) throw new InvalidInputError(`${API}: empty query`, { code: 'query_empty' });
      return list({ search: query }, checkLimit(API, options.limit), options);
    },

    async getPaper(id: string, options: ScholarlyRequestOptions = {}): Promise<Paper | undefined> {
      const work = await getWork(id, options);
      if (!work) return undefined;
      const url = client.url(`/works/${encodePathId(toOpenAlexWorkId(id))}`);
      const paper = openAlexToPaper(work, { url });
      if (!paper)
        throw new NonRetryableError(`${API}: work ${work.id} from ${url} has no field title`, { code: 'response_schema', details: { api: API, url } });
      return paper;
    },

    async getReferences(id: string, options: ScholarlySearchOptions): Promise<CitationLink[]> {
      const limit = checkLimit(API, options.limit);
      const work = await requireWork(id, options);
      const refs = (work.referenced_works ?? []).map(workId).slice(0, limit);
      const byId = new Map<string, Paper>();
      for (let i = 0; i < refs.length; i += OPENALEX_OR_MAX) {
        const chunk = refs.slice(i, i + OPENALEX_OR_MAX);
        for (const p of await list({ filter: `openalex:${chunk.join('|')}` }, chunk.length, options)) byId.set(p.id, p);
      }
      // Keep the order of referenced_works; works merged since (new ids) follow at the end.
      const ordered = refs.map((r) => byId.get(r)).filter((p): p is Paper => p !== undefined);
      const rest = [...byId.values()].filter((p) => !refs.includes(p.id));
      const missing = refs.length - byId.size;
      if (missing > 0) options.onWarning?.(`${API}: ${missing} of ${refs.length} referenced works of ${id} were not returned by the batch lookup`);
      return [...ordered, ...rest].map((paper) => ({ paper, influential: false }));
    },

    async getCitations(id: string, options: ScholarlySearchOptions): Promise<CitationLink[]> {
      const limit = checkLimit(API, options.limit);
      const parsed = parseScholarlyId(id);
      const wid = parsed.kind === 'openalex' ? parsed.value : workId((await requireWork(id, options)).id);
      const papers = await list({ filter: `cites:${wid}` }, limit, options);
      return papers.map((paper) => ({ paper, influential: false }));
    },
  };
}
