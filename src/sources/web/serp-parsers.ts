// Result-page parsers for the browser SERP provider (browser-serp.ts), one per engine, over the DOM
// Chromium rendered: organic results only (ads skipped), each with its target URL (redirect links
// unwrapped), title and snippet. A page without the engine's result container is not "no results":
// `hasResultsContainer` tells a layout change or an error page from a real empty page.
import { parseHTML } from 'linkedom';
import type { SearchHit } from '../../core/index.js';
import { parseDuckDuckGoHtml, resolveDuckDuckGoHref } from './duckduckgo.js';

export type ParsedHit = Omit<SearchHit, 'provider' | 'rank' | 'score'>;

const clean = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

function httpUrl(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** lite.duckduckgo.com: a table, `a.result-link` rows followed by `td.result-snippet` rows; sponsored rows carry `result-sponsored`. */
export function parseDuckDuckGoLite(html: string, limit: number): ParsedHit[] {
  const { document } = parseHTML(html);
  const out: ParsedHit[] = [];
  for (const a of document.querySelectorAll('a.result-link')) {
    if (out.length >= limit) break;
    const row = a.closest('tr');
    if (row?.classList.contains('result-sponsored')) continue;
    const url = resolveDuckDuckGoHref(a.getAttribute('href') ?? '');
    if (!url) continue;
    let next = row?.nextElementSibling;
    let snippet = '';
    for (let i = 0; next && i < 3; i++, next = next.nextElementSibling) {
      const td = next.querySelector('td.result-snippet');
      if (td) {
        snippet = clean(td.textContent);
        break;
      }
    }
    out.push({ url, title: clean(a.textContent), snippet });
  }
  return out;
}

/** www.mojeek.com: `ul.results-standard > li` with `h2 a.title` and `p.s`. */
export function parseMojeek(html: string, limit: number): ParsedHit[] {
  const { document } = parseHTML(html);
  const out: ParsedHit[] = [];
  for (const li of document.querySelectorAll('ul.results-standard > li')) {
    if (out.length >= limit) break;
    const a = li.querySelector('a.title') ?? li.querySelector('h2 a');
    const url = httpUrl(a?.getAttribute('href'), 'https://www.mojeek.com/');
    if (!a || !url) continue;
    out.push({ url, title: clean(a.textContent), snippet: clean(li.querySelector('p.s')?.textContent) });
  }
  return out;
}

/** www.bing.com: `#b_results > li.b_algo` with `h2 a` and `.b_caption p` (ads are `li.b_ad`). */
export function parseBing(html: string, limit: number): ParsedHit[] {
  const { document } = parseHTML(html);
  const out: ParsedHit[] = [];
  for (const li of document.querySelectorAll('#b_results > li.b_algo')) {
    if (out.length >= limit) break;
    const a = li.querySelector('h2 a');
    const url = httpUrl(a?.getAttribute('href'), 'https://www.bing.com/');
    if (!a || !url) continue;
    out.push({ url, title: clean(a.textContent), snippet: clean(li.querySelector('.b_caption p')?.textContent ?? li.querySelector('p')?.textContent) });
  }
  return out;
}

export interface SerpEngine {
  /** The result page's URL (the query goes in `queryParam`). */
  url: string;
  queryParam: string;
  /** Region or language parameters added to every request. */
  extraParams?: Record<string, string>;
  parse: (html: string, limit: number) => ParsedHit[];
  /** Whether the page has the engine's result list (possibly empty) or a "no results" notice. */
  hasResultsContainer: (html: string) => boolean;
  /** The engine's own bot check (the fetcher's block detection sees the common CAPTCHA pages first). */
  isBotCheck: (html: string) => boolean;
}

/** Engines the browser SERP provider drives (config `web_search.browser_engine`). */
export const SERP_ENGINES = {
  duckduckgo_html: {
    url: 'https://html.duckduckgo.com/html/',
    queryParam: 'q',
    parse: parseDuckDuckGoHtml,
    hasResultsContainer: (h: string) => /class="[^"]*\bresults?\b|no-results|No results\./i.test(h),
    isBotCheck: (h: string) => /anomaly-modal|anomaly\.js|Unfortunately, bots use DuckDuckGo too/i.test(h),
  },
  duckduckgo_lite: {
    url: 'https://lite.duckduckgo.com/lite/',
    queryParam: 'q',
    parse: parseDuckDuckGoLite,
    hasResultsContainer: (h: string) => /result-link|No results\.|no-results/i.test(h),
    isBotCheck: (h: string) => /anomaly-modal|anomaly\.js|Unfortunately, bots use DuckDuckGo too/i.test(h),
  },
  mojeek: {
    url: 'https://www.mojeek.com/search',
    queryParam: 'q',
    parse: parseMojeek,
    hasResultsContainer: (h: string) => /results-standard|No pages found/i.test(h),
    isBotCheck: (h: string) => /automated queries|unusual traffic/i.test(h),
  },
  bing: {
    url: 'https://www.bing.com/search',
    queryParam: 'q',
    parse: parseBing,
    hasResultsContainer: (h: string) => /id="b_results"|There are no results for/i.test(h),
    isBotCheck: (h: string) => /b_captcha|verify you are a human|unusual traffic/i.test(h),
  },
} as const satisfies Record<string, SerpEngine>;

export type SerpEngineName = keyof typeof SERP_ENGINES;
export const SERP_ENGINE_NAMES = Object.keys(SERP_ENGINES) as SerpEngineName[];
