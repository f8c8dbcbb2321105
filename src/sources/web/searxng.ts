// SearXNG metasearch through its JSON API (`/search?format=json`). The instance must have the json
// format enabled in its settings.yml (`search.formats: [html, json]`); a 403 says it is not.
import { z } from 'zod';
import {
  InvalidInputError,
  NonRetryableError,
  RetryableError,
  isLyraError,
  type Fetcher,
  type SearchHit,
  type SearchProvider,
  type SearchRequest,
} from '../../core/index.js';
import { parseJsonBody, zodIssueText } from './parse.js';

export const searxngOptionsSchema = z.strictObject({
  fetcher: z.custom<Fetcher>((v) => typeof (v as Fetcher | undefined)?.fetch === 'function', 'expected a Fetcher'),
  /** Base URL of the instance, e.g. http://127.0.0.1:8888 (config `providers.searxng.base_url`). */
  baseUrl: z.url(),
  /** Result pages fetched at most per search (SearXNG returns ~10–20 per page). */
  maxPages: z.number().int().min(1).max(5).default(2),
  /** Restrict to these engines (comma list in the query), e.g. ['google', 'bing']. */
  engines: z.array(z.string()).optional(),
});
export type SearxngOptions = z.input<typeof searxngOptionsSchema>;

const resultSchema = z.looseObject({
  url: z.string(),
  title: z.string(),
  content: z.string().nullish(),
  engine: z.string().nullish(),
  score: z.number().nullish(),
  publishedDate: z.string().nullish(),
});
const responseSchema = z.looseObject({
  query: z.string().optional(),
  results: z.array(resultSchema),
  unresponsive_engines: z.array(z.unknown()).optional(),
});

export function createSearxngProvider(options: SearxngOptions): SearchProvider {
  const opts = searxngOptionsSchema.parse(options);
  return {
    name: 'searxng',
    async search(request: SearchRequest): Promise<SearchHit[]> {
      if (!request.query.trim()) throw new InvalidInputError('searxng: empty query', { code: 'query_empty' });
      const hits: SearchHit[] = [];
      const seen = new Set<string>();
      for (let page = 1; page <= opts.maxPages && hits.length < request.limit; page++) {
        const url = new URL('search', opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`);
        url.searchParams.set('q', request.query);
        url.searchParams.set('format', 'json');
        url.searchParams.set('pageno', String(page));
        if (request.language) url.searchParams.set('language', request.language);
        if (opts.engines?.length) url.searchParams.set('engines', opts.engines.join(','));
        const res = await opts.fetcher
          .fetch({
            url: url.toString(),
            signal: request.signal,
            headers: { accept: 'application/json' },
            noCache: true,
            ignoreRobots: true,
            providerOrigin: url.origin,
          })
          .catch((e: unknown) => {
            throw isLyraError(e) && e.details.status === 403
              ? new NonRetryableError(`searxng: ${url.origin} refused the JSON API (403); enable "json" in search.formats of its settings.yml`, {
                  code: 'provider_misconfigured',
                  cause: e,
                })
              : e;
          });
        const body = parseJsonBody({ api: 'searxng', text: res.text, url: url.toString() });
        const parsed = responseSchema.safeParse(body);
        if (!parsed.success) {
          throw new RetryableError(`searxng: unexpected response from ${url.toString()}: ${zodIssueText(parsed.error)}`, { code: 'response_invalid' });
        }
        if (parsed.data.results.length === 0) break;
        for (const r of parsed.data.results) {
          if (seen.has(r.url) || hits.length >= request.limit) continue;
          seen.add(r.url);
          hits.push({
            url: r.url,
            title: r.title,
            snippet: r.content ?? '',
            score: r.score ?? 0,
            rank: hits.length + 1,
            provider: 'searxng',
            ...(r.publishedDate ? { publishedAt: r.publishedDate } : {}),
          });
        }
      }
      return hits;
    },
  };
}
