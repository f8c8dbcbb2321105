// Semantic Scholar Graph API v1: search, paper by id/DOI/PMID/arXiv, batch lookup, references and
// citations with isInfluential (seed 000 §提案3: the B+C relevance filter weighs isInfluential 0.5).
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
import { parseScholarlyId } from './identifiers.js';
import { checkLimit, fetcherSchema, makePaper } from './paper.js';
import { parseJsonBody } from './parse.js';
import { createRateLimiter } from './rate-limiter.js';

export const SEMANTIC_SCHOLAR_NAME = 'semantic_scholar';
const API = SEMANTIC_SCHOLAR_NAME;

/** Page sizes the API accepts at most: search 100, references/citations 1000, batch 500 ids. */
export const S2_SEARCH_PAGE_MAX = 100;
export const S2_LINKS_PAGE_MAX = 1000;
export const S2_BATCH_MAX = 500;

export const semanticScholarOptionsSchema = z.strictObject({
  fetcher: fetcherSchema,
  /** Graph API base (config `scholarly.semantic_scholar.base_url`). */
  baseUrl: z.url().default('https://api.semanticscholar.org/graph/v1'),
  /** Sent as `x-api-key` (config `scholarly.semantic_scholar.api_key`). */
  apiKey: z.string().min(1).optional(),
  /** The shared unauthenticated pool and keyed access both publish 1 request/second. */
  requestsPerSecond: z.number().min(0).default(1),
  /** Pages read at most per search or citation listing. */
  maxPages: z.number().int().min(1).max(100).default(10),
});
export type SemanticScholarOptions = z.input<typeof semanticScholarOptionsSchema>;

const PAPER_FIELDS = 'paperId,externalIds,title,abstract,year,publicationDate,authors,venue,journal,url,openAccessPdf,citationCount,referenceCount';

const externalIdsSchema = z.record(z.string(), z.union([z.string(), z.number()]).nullable());
const paperSchema = z.looseObject({
  paperId: z.string(),
  title: z.string(),
  externalIds: externalIdsSchema.nullish(),
  abstract: z.string().nullish(),
  year: z.number().int().nullish(),
  publicationDate: z.string().nullish(),
  authors: z.array(z.looseObject({ name: z.string().nullish() })).nullish(),
  venue: z.string().nullish(),
  journal: z.looseObject({ name: z.string().nullish() }).nullish(),
  url: z.string().nullish(),
  openAccessPdf: z.looseObject({ url: z.string().nullish() }).nullish(),
  citationCount: z.number().nullish(),
  referenceCount: z.number().nullish(),
});
type S2Paper = z.output<typeof paperSchema>;
/** A linked paper S2 could not resolve has a null paperId; it is skipped (no id to look it up by). */
const linkedPaperSchema = z.union([paperSchema, z.looseObject({ paperId: z.null(), title: z.string().nullish() })]);

const searchSchema = z.looseObject({
  total: z.number().int(),
  offset: z.number().int(),
  next: z.number().int().optional(),
  data: z.array(paperSchema).optional(),
});
const referencesSchema = z.looseObject({
  offset: z.number().int(),
  next: z.number().int().optional(),
  data: z.array(z.looseObject({ isInfluential: z.boolean(), citedPaper: linkedPaperSchema })),
});
const citationsSchema = z.looseObject({
  offset: z.number().int(),
  next: z.number().int().optional(),
  data: z.array(z.looseObject({ isInfluential: z.boolean(), citingPaper: linkedPaperSchema })),
});
const batchSchema = z.array(paperSchema.nullable());

function externalId(ids: S2Paper['externalIds'], key: string): string | undefined {
  const v = ids?.[key];
  return v === null || v === undefined ? undefined : String(v);
}

export function s2ToPaper(p: S2Paper): Paper {
  return makePaper({
    id: p.paperId,
    source: API,
    title: p.title,
    abstract: p.abstract,
    year: p.year,
    publishedAt: p.publicationDate,
    authors: (p.authors ?? []).map((a) => a.name),
    venue: p.venue || p.journal?.name,
    url: p.url,
    openAccessUrl: p.openAccessPdf?.url,
    citationCount: p.citationCount,
    referenceCount: p.referenceCount,
    identifiers: {
      s2: p.paperId,
      doi: externalId(p.externalIds, 'DOI'),
      pmid: externalId(p.externalIds, 'PubMed'),
      arxiv: externalId(p.externalIds, 'ArXiv'),
    },
  });
}

/** S2's id syntax for a user identifier: DOI:…, PMID:…, ARXIV:…, a sha or CorpusId:N. */
export function toS2PaperId(id: string): string {
  const parsed = parseScholarlyId(id);
  switch (parsed.kind) {
    case 'doi':
      return `DOI:${parsed.value}`;
    case 'pmid':
      return `PMID:${parsed.value}`;
    case 'arxiv':
      return `ARXIV:${parsed.value}`;
    case 's2':
      return parsed.value;
    default:
      throw new InvalidInputError(`${API}: cannot look up a ${parsed.kind} identifier (${id}); use a DOI, PMID, arXiv or Semantic Scholar id`, {
        code: 'identifier_unsupported',
        details: { api: API, id },
      });
  }
}

export function createSemanticScholarSource(options: SemanticScholarOptions): ScholarlySource {
  const opts = semanticScholarOptionsSchema.parse(options);
  const client = createApiClient({
    api: API,
    fetcher: opts.fetcher,
    baseUrl: opts.baseUrl,
    limiter: createRateLimiter({ name: API, requestsPerSecond: opts.requestsPerSecond }),
    headers: opts.apiKey ? { 'x-api-key': opts.apiKey } : {},
  });
  const accept = 'application/json';

  async function links(kind: 'references' | 'citations', id: string, options: ScholarlySearchOptions): Promise<CitationLink[]> {
    const limit = checkLimit(API, options.limit);
    const path = `/paper/${encodePathId(toS2PaperId(id))}/${kind}`;
    const out: CitationLink[] = [];
    let unresolved = 0;
    let offset = 0;
    for (let page = 0; page < opts.maxPages && out.length < limit; page++) {
      const res = await client.send({
        path,
        params: { fields: `isInfluential,${PAPER_FIELDS}`, offset, limit: Math.min(S2_LINKS_PAGE_MAX, limit - out.length) },
        accept,
        signal: options.signal,
      });
      const ctx = { api: API, url: res.url, what: `${kind} page` };
      let next: number | undefined;
      let rows: Array<{ influential: boolean; paper: z.output<typeof linkedPaperSchema> }>;
      if (kind === 'references') {
        const body = parseJsonBody(referencesSchema, res.text, ctx);
        next = body.next;
        rows = body.data.map((r) => ({ influential: r.isInfluential, paper: r.citedPaper }));
      } else {
        const body = parseJsonBody(citationsSchema, res.text, ctx);
        next = body.next;
        rows = body.data.map((r) => ({ influential: r.isInfluential, paper: r.citingPaper }));
      }
      for (const row of rows) {
        if (out.length >= limit) continue;
        if (row.paper.paperId === null) {
          unresolved += 1;
          continue;
        }
        out.push({ influential: row.influential, paper: s2ToPaper(row.paper) });
      }
      if (next === undefined || rows.length === 0) break;
      offset = next;
    }
    if (unresolved > 0) options.onWarning?.(`${API}: ${unresolved} ${kind} of ${id} are not resolved to a paper by Semantic Scholar; skipped`);
    return out;
  }

  return {
    name: API,
    lookupKinds: ['doi', 'pmid', 'arxiv', 's2'],

    async search(query: string, options: ScholarlySearchOptions): Promise<Paper[]> {
      if (!query.trim()) throw new InvalidInputError(`${API}: empty query`, { code: 'query_empty' });
      const limit = checkLimit(API, options.limit);
      const out: Paper[] = [];
      let offset = 0;
      for (let page = 0; page < opts.maxPages && out.length < limit; page++) {
        const res = await client.send({
          path: '/paper/search',
          params: { query, fields: PAPER_FIELDS, offset, limit: Math.min(S2_SEARCH_PAGE_MAX, limit - out.length) },
          accept,
          signal: options.signal,
        });
        const body = parseJsonBody(searchSchema, res.text, { api: API, url: res.url, what: 'search page' });
        // The API omits `data` when nothing matched; with a non-zero total that is a broken page.
        if (body.data === undefined) {
          if (body.total === 0 || body.offset >= body.total) break;
          throw new NonRetryableError(`${API}: search page from ${res.url} has total ${body.total} but no field data`, {
            code: 'response_schema',
            details: { api: API, url: res.url },
          });
        }
        for (const p of body.data) if (out.length < limit) out.push(s2ToPaper(p));
        if (body.next === undefined || body.data.length === 0) break;
        offset = body.next;
      }
      return out;
    },

    async getPaper(id: string, options: ScholarlyRequestOptions = {}): Promise<Paper | undefined> {
      const res = await client.send({
        path: `/paper/${encodePathId(toS2PaperId(id))}`,
        params: { fields: PAPER_FIELDS },
        accept,
        signal: options.signal,
        notFoundIsUndefined: true,
      });
      if (!res) return undefined;
      return s2ToPaper(parseJsonBody(paperSchema, res.text, { api: API, url: res.url, what: 'paper' }));
    },

    async getPapers(ids: string[], options: ScholarlyRequestOptions = {}): Promise<Array<Paper | undefined>> {
      const out: Array<Paper | undefined> = [];
      for (let i = 0; i < ids.length; i += S2_BATCH_MAX) {
        const chunk = ids.slice(i, i + S2_BATCH_MAX).map(toS2PaperId);
        const res = await client.send({
          path: '/paper/batch',
          method: 'POST',
          json: { ids: chunk },
          params: { fields: PAPER_FIELDS },
          accept,
          signal: options.signal,
        });
        const rows = parseJsonBody(batchSchema, res.text, { api: API, url: res.url, what: 'batch response' });
        if (rows.length !== chunk.length) {
          throw new NonRetryableError(`${API}: batch response from ${res.url} has ${rows.length} entries for ${chunk.length} ids`, {
            code: 'response_schema',
            details: { api: API, url: res.url },
          });
        }
        out.push(...rows.map((r) => (r ? s2ToPaper(r) : undefined)));
      }
      return out;
    },

    getReferences: (id, options) => links('references', id, options),
    getCitations: (id, options) => links('citations', id, options),
  };
}
