// The browser SERP provider (seed 000 Phase 1 「ブラウザ検索」): a search engine's result page loaded in
// the system Chromium (the fetcher's renderer: playwright-core, every request through the SSRF guard,
// politeness per host, no cache) and parsed from the rendered DOM. A CAPTCHA or bot-check page is a
// BlockedError — the fetcher's block detection puts the URL in the auth queue (`lyra auth`) — never
// an empty result list.
import { z } from 'zod';
import { BlockedError, InvalidInputError, RetryableError, type Fetcher, type SearchHit, type SearchProvider, type SearchRequest } from '../../core/index.js';
import { SERP_ENGINES, SERP_ENGINE_NAMES, type SerpEngineName } from './serp-parsers.js';

export const BROWSER_SERP_PROVIDER = 'browser';

export const browserSerpOptionsSchema = z.strictObject({
  fetcher: z.custom<Fetcher>((v) => typeof (v as Fetcher | undefined)?.fetch === 'function', 'expected a Fetcher'),
  /** The engine whose result page is loaded (config `web_search.browser_engine`). */
  engine: z.enum(SERP_ENGINE_NAMES as [SerpEngineName, ...SerpEngineName[]]).default('duckduckgo_html'),
  /** The result page's URL instead of the engine's public one (tests, mirrors). */
  baseUrl: z.url().optional(),
});
export type BrowserSerpOptions = z.input<typeof browserSerpOptionsSchema>;

export function createBrowserSerpProvider(options: BrowserSerpOptions): SearchProvider {
  const opts = browserSerpOptionsSchema.parse(options);
  const engine = SERP_ENGINES[opts.engine];
  const label = `${BROWSER_SERP_PROVIDER} (${opts.engine})`;
  return {
    name: BROWSER_SERP_PROVIDER,
    async search(request: SearchRequest): Promise<SearchHit[]> {
      if (!request.query.trim()) throw new InvalidInputError(`${label}: empty query`, { code: 'query_empty' });
      const url = new URL(opts.baseUrl ?? engine.url);
      url.searchParams.set(engine.queryParam, request.query);
      const res = await opts.fetcher.fetch({
        url: url.toString(),
        render: true,
        noCache: true,
        ignoreRobots: true,
        providerOrigin: url.origin,
        ...(request.signal ? { signal: request.signal } : {}),
      });
      if (engine.isBotCheck(res.text)) {
        throw new BlockedError(`${label}: bot check page for query ${JSON.stringify(request.query)}`, { code: 'challenge', details: { url: url.toString() } });
      }
      const parsed = engine.parse(res.text, request.limit);
      if (parsed.length === 0 && !engine.hasResultsContainer(res.text)) {
        throw new RetryableError(`${label}: unrecognised result page for ${url.toString()} (${res.text.length} bytes)`, { code: 'response_invalid' });
      }
      return parsed.map((r, i) => ({ ...r, rank: i + 1, score: 1 / (i + 1), provider: BROWSER_SERP_PROVIDER }));
    },
  };
}
