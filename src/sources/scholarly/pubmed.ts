// PubMed through NCBI E-utilities: esearch for ids, efetch for records (XML). Seed 000 §2.3 lists
// PubMed among the sources whose items are enriched; here it is also searchable directly.
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
import { parseScholarlyId } from './identifiers.js';
import { checkLimit, fetcherSchema, makePaper } from './paper.js';
import { parseXmlText, validate, xmlFragmentText } from './parse.js';
import { createRateLimiter } from './rate-limiter.js';

export const PUBMED_NAME = 'pubmed';
const API = PUBMED_NAME;

/** Ids per efetch request (NCBI recommends POST beyond ~200). */
export const PUBMED_FETCH_MAX = 200;

export const pubmedOptionsSchema = z.strictObject({
  fetcher: fetcherSchema,
  /** E-utilities base (config `scholarly.pubmed.base_url`). */
  baseUrl: z.url().default('https://eutils.ncbi.nlm.nih.gov/entrez/eutils'),
  /** NCBI API key (config `scholarly.pubmed.api_key`): raises the limit from 3 to 10 requests/second. */
  apiKey: z.string().min(1).optional(),
  /** Contact address NCBI asks for (config `scholarly.pubmed.email`). */
  email: z.email().optional(),
  tool: z.string().min(1).default('lyra'),
  /** Default: NCBI's published limit, 3/s without a key, 10/s with one. */
  requestsPerSecond: z.number().min(0).optional(),
});
export type PubmedOptions = z.input<typeof pubmedOptionsSchema>;

const textish = z.union([z.string(), z.looseObject({ '#text': z.union([z.string(), z.number()]).optional() })]);
type Textish = z.output<typeof textish>;
const textOf = (v: Textish | undefined): string | undefined =>
  v === undefined ? undefined : typeof v === 'string' ? v : v['#text'] === undefined ? undefined : String(v['#text']);

const esearchSchema = z.looseObject({
  eSearchResult: z.looseObject({
    ERROR: textish.optional(),
    Count: z.string().optional(),
    IdList: z.union([z.literal(''), z.looseObject({ Id: z.array(z.string()) })]).optional(),
  }),
});

const abstractTextSchema = z.union([z.string(), z.looseObject({ '#text': z.string().optional(), '@_Label': z.string().optional() })]);
const articleSchema = z.looseObject({
  MedlineCitation: z.looseObject({
    PMID: textish,
    Article: z.looseObject({
      Journal: z
        .looseObject({
          Title: z.string().optional(),
          JournalIssue: z
            .looseObject({
              PubDate: z
                .looseObject({ Year: z.string().optional(), Month: z.string().optional(), Day: z.string().optional(), MedlineDate: z.string().optional() })
                .optional(),
            })
            .optional(),
        })
        .optional(),
      ArticleTitle: textish.optional(),
      Abstract: z.looseObject({ AbstractText: z.array(abstractTextSchema) }).optional(),
      AuthorList: z
        .looseObject({
          Author: z.array(z.looseObject({ LastName: z.string().optional(), ForeName: z.string().optional(), CollectiveName: textish.optional() })),
        })
        .optional(),
      ELocationID: z.array(z.looseObject({ '#text': z.string().optional(), '@_EIdType': z.string().optional() })).optional(),
    }),
  }),
  PubmedData: z
    .looseObject({
      ArticleIdList: z.looseObject({ ArticleId: z.array(z.looseObject({ '#text': z.string().optional(), '@_IdType': z.string().optional() })) }).optional(),
    })
    .optional(),
});
type Article = z.output<typeof articleSchema>;
const efetchSchema = z.looseObject({ PubmedArticleSet: z.union([z.literal(''), z.looseObject({ PubmedArticle: z.array(articleSchema).optional() })]) });

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

function articleToPaper(a: Article): Paper {
  const art = a.MedlineCitation.Article;
  const pmid = textOf(a.MedlineCitation.PMID) ?? '';
  const ids = a.PubmedData?.ArticleIdList?.ArticleId ?? [];
  const doi = ids.find((i) => i['@_IdType'] === 'doi')?.['#text'] ?? art.ELocationID?.find((e) => e['@_EIdType'] === 'doi')?.['#text'];
  const pubDate = art.Journal?.JournalIssue?.PubDate;
  const yearText = pubDate?.Year ?? /\b(\d{4})\b/.exec(pubDate?.MedlineDate ?? '')?.[1];
  const month = pubDate?.Month
    ? (MONTHS[pubDate.Month.slice(0, 3).toLowerCase()] ?? (/^\d{1,2}$/.test(pubDate.Month) ? pubDate.Month.padStart(2, '0') : undefined))
    : undefined;
  const abstract = (art.Abstract?.AbstractText ?? [])
    .map((t) => (typeof t === 'string' ? { text: t, label: undefined } : { text: t['#text'] ?? '', label: t['@_Label'] }))
    .map(({ text, label }) => {
      const plain = xmlFragmentText(text).replace(/\n/g, ' ');
      return label && plain ? `${label}: ${plain}` : plain;
    })
    .filter((t) => t.length > 0)
    .join('\n');
  return makePaper({
    id: pmid,
    source: API,
    title: xmlFragmentText(textOf(art.ArticleTitle) ?? '').replace(/\n/g, ' '),
    abstract,
    year: yearText ? Number(yearText) : undefined,
    publishedAt: yearText ? (month ? `${yearText}-${month}` : yearText) : undefined,
    authors: (art.AuthorList?.Author ?? []).map((au) => textOf(au.CollectiveName) ?? [au.ForeName, au.LastName].filter(Boolean).join(' ')),
    venue: art.Journal?.Title,
    url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
    identifiers: { pmid, doi },
  });
}

export function createPubmedSource(options: PubmedOptions): ScholarlySource {
  const opts = pubmedOptionsSchema.parse(options);
  const client = createApiClient({
    api: API,
    fetcher: opts.fetcher,
    baseUrl: opts.baseUrl,
    limiter: createRateLimiter({ name: API, requestsPerSecond: opts.requestsPerSecond ?? (opts.apiKey ? 10 : 3) }),
    params: { api_key: opts.apiKey, email: opts.email, tool: opts.tool },
  });
  const accept = 'application/xml';

  async function esearch(term: string, retmax: number, options: ScholarlyRequestOptions): Promise<string[]> {
    const res = await client.send({
      path: '/esearch.fcgi',
      params: { db: 'pubmed', term, retmax, retstart: 0, retmode: 'xml', sort: 'relevance' },
      accept,
      signal: options.signal,
    });
    const ctx = { api: API, url: res.url };
    const body = validate(esearchSchema, parseXmlText(res.text, ctx, { arrays: ['Id'] }), { ...ctx, what: 'esearch result' }).eSearchResult;
    if (body.ERROR !== undefined) {
      throw new NonRetryableError(`${API}: esearch rejected ${res.url}: ${textOf(body.ERROR) ?? 'error'}`, {
        code: 'api_error',
        details: { api: API, url: res.url },
      });
    }
    if (body.IdList === undefined) {
      throw new NonRetryableError(`${API}: esearch result from ${res.url} has no field IdList`, {
        code: 'response_schema',
        details: { api: API, url: res.url },
      });
    }
    return body.IdList === '' ? [] : body.IdList.Id;
  }

  async function efetch(pmids: string[], options: ScholarlyRequestOptions): Promise<Map<string, Paper>> {
    const out = new Map<string, Paper>();
    for (let i = 0; i < pmids.length; i += PUBMED_FETCH_MAX) {
      const chunk = pmids.slice(i, i + PUBMED_FETCH_MAX);
      const res = await client.send({ path: '/efetch.fcgi', params: { db: 'pubmed', id: chunk.join(','), retmode: 'xml' }, accept, signal: options.signal });
      const ctx = { api: API, url: res.url };
      const xml = parseXmlText(res.text, ctx, {
        rawElements: ['*.ArticleTitle', '*.AbstractText'],
        arrays: ['PubmedArticle', 'AbstractText', 'Author', 'ArticleId', 'ELocationID'],
      });
      const set = validate(efetchSchema, xml, { ...ctx, what: 'efetch result' }).PubmedArticleSet;
      for (const a of set === '' ? [] : (set.PubmedArticle ?? [])) {
        const paper = articleToPaper(a);
        if (paper.title) out.set(paper.id, paper);
        else options.onWarning?.(`${API}: article ${paper.id} from ${res.url} has no title; skipped`);
      }
    }
    return out;
  }

  const pmidOf = async (id: string, options: ScholarlyRequestOptions): Promise<string | undefined> => {
    const parsed = parseScholarlyId(id);
    if (parsed.kind === 'pmid') return parsed.value;
    if (parsed.kind === 'doi') return (await esearch(`"${parsed.value}"[doi]`, 1, options))[0];
    throw new InvalidInputError(`${API}: papers are looked up by PMID or DOI, got ${parsed.kind} identifier ${id}`, {
      code: 'identifier_unsupported',
      details: { api: API, id },
    });
  };

  return {
    name: API,
    lookupKinds: ['pmid', 'doi'],

    async search(query: string, options: ScholarlySearchOptions): Promise<Paper[]> {
      if (!query.trim()) throw new InvalidInputError(`${API}: empty query`, { code: 'query_empty' });
      const ids = await esearch(query, checkLimit(API, options.limit), options);
      if (ids.length === 0) return [];
      const found = await efetch(ids, options);
      // esearch's relevance order first; records efetch returned under other ids (merged PMIDs) after.
      const ordered = ids.map((id) => found.get(id)).filter((p): p is Paper => p !== undefined);
      const rest = [...found.values()].filter((p) => !ids.includes(p.id));
      const missing = ids.length - found.size;
      if (missing > 0) options.onWarning?.(`${API}: efetch returned ${found.size} records for ${ids.length} ids from esearch`);
      return [...ordered, ...rest];
    },

    async getPaper(id: string, options: ScholarlyRequestOptions = {}): Promise<Paper | undefined> {
      const pmid = await pmidOf(id, options);
      if (!pmid) return undefined;
      return (await efetch([pmid], options)).get(pmid);
    },

    async getPapers(ids: string[], options: ScholarlyRequestOptions = {}): Promise<Array<Paper | undefined>> {
      const pmids: Array<string | undefined> = [];
      for (const id of ids) pmids.push(await pmidOf(id, options));
      const found = await efetch(
        pmids.filter((p): p is string => p !== undefined),
        options,
      );
      return pmids.map((p) => (p ? found.get(p) : undefined));
    },
  };
}
