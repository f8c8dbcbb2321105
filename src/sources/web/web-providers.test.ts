import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LyraError, RetryableError, NonRetryableError, type Fetcher, type FetchRequest, type FetchResponse } from '../../core/index.js';
import { createDuckDuckGoProvider, createSearxngProvider, parseDuckDuckGoHtml, resolveDuckDuckGoHref } from './index.js';

// A loopback server standing in for SearXNG and DuckDuckGo; each route answers what the test set.
const routes = new Map<string, (url: URL) => { status: number; type: string; body: string }>();
const requests: URL[] = [];
let server: Server;
let base = '';

/** Minimal Fetcher over global fetch: enough for provider contracts (the real one lives in net/). */
const fetcher: Fetcher = {
  async fetch(req: FetchRequest): Promise<FetchResponse> {
    const res = await fetch(req.url, { signal: req.signal, headers: req.headers });
    const text = await res.text();
    if (!res.ok) {
      const Err = res.status >= 500 || res.status === 429 ? RetryableError : NonRetryableError;
      throw new Err(`GET ${req.url}: HTTP ${res.status}`, { code: 'http_status', details: { status: res.status } });
    }
    return {
      url: req.url,
      finalUrl: res.url,
      status: res.status,
      headers: {},
      contentType: res.headers.get('content-type') ?? '',
      body: new TextEncoder().encode(text),
      text,
      charset: 'utf-8',
      fromCache: false,
      fetchedAt: new Date().toISOString(),
    };
  },
};

before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const route = routes.get(url.pathname);
    const r = route ? route(url) : { status: 404, type: 'text/plain', body: 'not found' };
    res.writeHead(r.status, { 'content-type': r.type });
    res.end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const searxPage = (page: number): string =>
  JSON.stringify({
    query: 'q',
    number_of_results: 3,
    results:
      page === 1
        ? [
            { url: 'https://a.example/1', title: 'First', content: 'alpha', engine: 'bing', score: 2.5, publishedDate: '2024-05-01T00:00:00' },
            { url: 'https://b.example/2', title: 'Second', content: null, engine: 'google', score: 1.5 },
          ]
        : page === 2
          ? [
              { url: 'https://a.example/1', title: 'First again', content: 'dup', score: 1 },
              { url: 'https://c.example/3', title: 'Third', content: 'gamma', score: 0.5 },
            ]
          : [],
    unresponsive_engines: [['brave', 'timeout']],
  });

test('searxng: parses results over pages, dedupes URLs and passes operators through', async () => {
  routes.set('/search', (u) => ({ status: 200, type: 'application/json', body: searxPage(Number(u.searchParams.get('pageno'))) }));
  requests.length = 0;
  const p = createSearxngProvider({ fetcher, baseUrl: base, maxPages: 3 });
  const hits = await p.search({ query: 'site:who.int "long covid" filetype:pdf', limit: 10, language: 'en' });
  assert.deepEqual(
    hits.map((h) => [h.url, h.title, h.snippet, h.rank, h.score]),
    [
      ['https://a.example/1', 'First', 'alpha', 1, 2.5],
      ['https://b.example/2', 'Second', '', 2, 1.5],
      ['https://c.example/3', 'Third', 'gamma', 3, 0.5],
    ],
  );
  assert.equal(hits[0]?.publishedAt, '2024-05-01T00:00:00');
  assert.equal(requests[0]?.searchParams.get('q'), 'site:who.int "long covid" filetype:pdf');
  assert.equal(requests[0]?.searchParams.get('format'), 'json');
  assert.equal(requests[0]?.searchParams.get('language'), 'en');
});

test('searxng: the limit stops paging early', async () => {
  routes.set('/search', (u) => ({ status: 200, type: 'application/json', body: searxPage(Number(u.searchParams.get('pageno'))) }));
  requests.length = 0;
  const hits = await createSearxngProvider({ fetcher, baseUrl: base, maxPages: 3 }).search({ query: 'q', limit: 1 });
  assert.equal(hits.length, 1);
  assert.equal(requests.length, 1);
});

test('searxng: a truncated body is a retryable error naming the API, never an empty success', async () => {
  routes.set('/search', () => ({ status: 200, type: 'application/json', body: searxPage(1).slice(0, 40) }));
  await assert.rejects(
    createSearxngProvider({ fetcher, baseUrl: base }).search({ query: 'q', limit: 5 }),
    (e: unknown) => e instanceof LyraError && e.category === 'retryable' && /^searxng: response from .* is not valid JSON/.test(e.message),
  );
});

test('searxng: a response of the wrong shape names the field', async () => {
  routes.set('/search', () => ({ status: 200, type: 'application/json', body: JSON.stringify({ results: [{ url: 'https://x', title: 7 }] }) }));
  await assert.rejects(
    createSearxngProvider({ fetcher, baseUrl: base }).search({ query: 'q', limit: 5 }),
    /searxng: unexpected response .*field results\.0\.title/,
  );
});

test('searxng: a 403 explains that the JSON format must be enabled', async () => {
  routes.set('/search', () => ({ status: 403, type: 'text/html', body: 'Forbidden' }));
  await assert.rejects(
    createSearxngProvider({ fetcher, baseUrl: base }).search({ query: 'q', limit: 5 }),
    (e: unknown) => e instanceof LyraError && e.category === 'non_retryable' && /enable "json" in search\.formats/.test(e.message),
  );
});

const ddgHtml = `<!DOCTYPE html><html><body><div id="links" class="results">
<div class="result results_links result--ad"><h2 class="result__title"><a class="result__a" href="https://ads.example/buy">Buy now</a></h2></div>
<div class="result results_links results_links_deep web-result"><h2 class="result__title">
  <a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.who.int%2Fnews%2Fitem%3Fid%3D1&amp;rut=abc">WHO <b>statement</b></a></h2>
  <a class="result__snippet" href="#">The World Health Organization   said <b>today</b>…</a></div>
<div class="result results_links web-result"><h2 class="result__title"><a class="result__a" href="https://www.mhlw.go.jp/stf/index.html">厚生労働省</a></h2>
  <a class="result__snippet">日本の厚生労働省のページ</a></div>
</div></body></html>`;

test('duckduckgo: parses results, unwraps redirect links, skips ads', () => {
  const r = parseDuckDuckGoHtml(ddgHtml, 10);
  assert.deepEqual(r, [
    { url: 'https://www.who.int/news/item?id=1', title: 'WHO statement', snippet: 'The World Health Organization said today…' },
    { url: 'https://www.mhlw.go.jp/stf/index.html', title: '厚生労働省', snippet: '日本の厚生労働省のページ' },
  ]);
  assert.equal(resolveDuckDuckGoHref('javascript:void(0)'), undefined);
});

test('duckduckgo: search over HTTP sets q and the region for the language', async () => {
  routes.set('/html/', () => ({ status: 200, type: 'text/html', body: ddgHtml }));
  requests.length = 0;
  const hits = await createDuckDuckGoProvider({ fetcher, baseUrl: `${base}/html/` }).search({ query: '"long covid" site:who.int', limit: 1, language: 'ja' });
  assert.deepEqual(
    hits.map((h) => [h.url, h.rank, h.provider]),
    [['https://www.who.int/news/item?id=1', 1, 'duckduckgo']],
  );
  assert.equal(requests[0]?.searchParams.get('q'), '"long covid" site:who.int');
  assert.equal(requests[0]?.searchParams.get('kl'), 'jp-jp');
});

test('duckduckgo: a bot check is blocked; an unknown page is retryable; a real empty page is empty', async () => {
  const p = createDuckDuckGoProvider({ fetcher, baseUrl: `${base}/html/` });
  routes.set('/html/', () => ({
    status: 200,
    type: 'text/html',
    body: '<html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div></body></html>',
  }));
  await assert.rejects(p.search({ query: 'q', limit: 5 }), (e: unknown) => e instanceof LyraError && e.category === 'blocked' && e.code === 'challenge');
  routes.set('/html/', () => ({ status: 200, type: 'text/html', body: '<html><body><p>Service temporarily unavailable</p></body></html>' }));
  await assert.rejects(p.search({ query: 'q', limit: 5 }), (e: unknown) => e instanceof LyraError && e.category === 'retryable');
  routes.set('/html/', () => ({
    status: 200,
    type: 'text/html',
    body: '<html><body><div class="results"><div class="no-results">No results.</div></div></body></html>',
  }));
  assert.deepEqual(await p.search({ query: 'q', limit: 5 }), []);
});
