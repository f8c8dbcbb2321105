// DuckDuckGo through its HTML endpoint (no API key). Results are parsed from the page; a bot check
// ("anomaly" page) is a BlockedError, never an empty result list.
import { parseHTML } from 'linkedom';
import { z } from 'zod';
import { BlockedError, InvalidInputError, RetryableError, type Fetcher, type SearchHit, type SearchProvider, type SearchRequest } from '../../core/index.js';

export const duckDuckGoOptionsSchema = z.strictObject({
  fetcher: z.custom<Fetcher>((v) => typeof (v as Fetcher | undefined)?.fetch === 'function', 'expected a Fetcher'),
  /** The HTML endpoint (config `providers.duckduckgo.base_url`). */
  baseUrl: z.url().default('https://html.duckduckgo.com/html/'),
  /** Region code sent as `kl` when the request names no language, e.g. `jp-jp`, `us-en`, `wt-wt`. */
  region: z.string().default('wt-wt'),
});
export type DuckDuckGoOptions = z.input<typeof duckDuckGoOptionsSchema>;

/** Language → DuckDuckGo region, for requests that carry a language. */
const REGION_BY_LANGUAGE: Record<string, string> = { ja: 'jp-jp', en: 'us-en', de: 'de-de', fr: 'fr-fr', zh: 'cn-zh', ko: 'kr-kr' };

/** Result links go through a redirect (`//duckduckgo.com/l/?uddg=<target>`); returns the target. */
export function resolveDuckDuckGoHref(href: string): string | undefined {
  try {
    const url = new URL(href, 'https://duckduckgo.com/');
    if (url.hostname.endsWith('duckduckgo.com') && url.pathname === '/l/') {
      const target = url.searchParams.get('uddg');
      return target ?? undefined;
    }
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function isBotCheck(html: string): boolean {
  return /anomaly-modal|anomaly\.js|challenge-form|Unfortunately, bots use DuckDuckGo too/i.test(html);
}

/** Parses the HTML result page; ads are skipped. Exported for tests. */
export function parseDuckDuckGoHtml(html: string, limit: number): Array<Omit<SearchHit, 'provider' | 'rank' | 'score'>> {
  const { document } = parseHTML(html);
  const out: Array<Omit<SearchHit, 'provider' | 'rank' | 'score'>> = [];
  for (const el of document.querySelectorAll('.result')) {
    if (out.length >= limit) break;
    if (el.classList.contains('result--ad')) continue;
    const a = el.querySelector('a.result__a');
    const href = a?.getAttribute('href');
    const url = href ? resolveDuckDuckGoHref(href) : undefined;
    if (!a || !url) continue;
    const snippet = el.querySelector('.result__snippet')?.textContent ?? '';
    out.push({ url, title: (a.textContent ?? '').replace(/\s+/g, ' ').trim(), snippet: snippet.replace(/\s+/g, ' ').trim() });
  }
  return out;
}

export function createDuckDuckGoProvider(options: DuckDuckGoOptions): SearchProvider {
  const opts = duckDuckGoOptionsSchema.parse(options);
  return {
    name: 'duckduckgo',
    async search(request: SearchRequest): Promise<SearchHit[]> {
      if (!request.query.trim()) throw new InvalidInputError('duckduckgo: empty query', { code: 'query_empty' });
      const url = new URL(opts.baseUrl);
      url.searchParams.set('q', request.query);
      url.searchParams.set('kl', (request.language && REGION_BY_LANGUAGE[request.language]) || opts.region);
      const res = await opts.fetcher.fetch({
        url: url.toString(),
        signal: request.signal,
        headers: { accept: 'text/html' },
        noCache: true,
        ignoreRobots: true,
        providerOrigin: url.origin,
      });
      if (isBotCheck(res.text)) {
        throw new BlockedError(`duckduckgo: bot check page for query ${JSON.stringify(request.query)}`, {
          code: 'challenge',
          details: { url: url.toString() },
        });
      }
      const parsed = parseDuckDuckGoHtml(res.text, request.limit);
      // A page with no result container at all is a layout change or an error page, not "no results".
      if (parsed.length === 0 && !/class="[^"]*\bresults?\b|no-results|No results\./i.test(res.text)) {
        throw new RetryableError(`duckduckgo: unrecognised result page for ${url.toString()} (${res.text.length} bytes)`, { code: 'response_invalid' });
      }
      return parsed.map((r, i) => ({ ...r, rank: i + 1, score: 1 / (i + 1), provider: 'duckduckgo' }));
    },
  };
}
