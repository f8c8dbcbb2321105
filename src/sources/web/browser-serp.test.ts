// The browser SERP provider in the real system Chromium (skipped, naming the binary, where it is
// absent): a result page in DuckDuckGo's HTML markup, served on loopback, loaded through the fetcher's
// renderer (SSRF guard, per-render proxy) and parsed from the rendered DOM — results a script adds
// after load included; a CAPTCHA page is a BlockedError and goes to the auth queue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { isLyraError, type AuthItem } from '../../core/index.js';
import { DEFAULT_CHROMIUM_PATH, createChromiumRenderer, createHttpFetcher } from '../../net/index.js';
import { duckDuckGoResultsHtml, startFakeDuckDuckGo } from '../../test-support/fake-duckduckgo.js';
import { createBrowserSerpProvider } from './browser-serp.js';
import { parseBing, parseDuckDuckGoLite, parseMojeek } from './serp-parsers.js';

const skip = existsSync(DEFAULT_CHROMIUM_PATH)
  ? false
  : `${DEFAULT_CHROMIUM_PATH} not installed (Debian package chromium): the browser SERP provider cannot be run`;

const RESULTS = [
  {
    url: 'https://www.who.int/news-room/fact-sheets/detail/hypertension',
    title: 'Hypertension',
    snippet: 'An estimated 1.28 billion adults aged 30–79 years have hypertension.',
  },
  {
    url: 'https://www.ahajournals.org/doi/10.1161/HYP.0000000000000065',
    title: 'Hypertension guideline',
    snippet: 'Guideline for the prevention of high blood pressure in adults.',
  },
];

test('browser SERP provider: a result page rendered in Chromium is parsed, script-added results included; a CAPTCHA page goes to the auth queue', {
  skip,
  timeout: 90_000,
}, async () => {
  // The second result arrives by script after load, as on engines that build their list client-side.
  const ddg = await startFakeDuckDuckGo(() => []);
  const scripted = duckDuckGoResultsHtml([RESULTS[0]!]).replace(
    '</body>',
    `<script>
    document.getElementById('links').insertAdjacentHTML('beforeend', ${JSON.stringify(duckDuckGoResultsHtml([RESULTS[1]!]).match(/<div class="result results_links results_links_deep[\s\S]*?<\/div>/)![0])});
  </script></body>`,
  );
  ddg.web.route('/html/', (req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q');
    if (q === 'captcha')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<html><head><title>Just a moment...</title></head><body><div class="g-recaptcha" data-sitekey="x"></div><form id="challenge-form"></form></body></html>',
        );
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(scripted);
  });
  const queued: AuthItem[] = [];
  const fetcher = createHttpFetcher({
    userAgent: 'Lyra/test (+https://example.org)',
    qpsFor: () => 100,
    ssrf: { allow: [new URL(ddg.baseUrl).origin] },
    renderer: createChromiumRenderer({ settleMs: 500 }),
    onAuthRequired: (item) => void queued.push(item),
  });
  try {
    const provider = createBrowserSerpProvider({ fetcher, baseUrl: ddg.baseUrl });
    const hits = await provider.search({ query: 'hypertension adults', limit: 10 });
    assert.deepEqual(
      hits.map((h) => [h.rank, h.url, h.title, h.provider]),
      RESULTS.map((r, i) => [i + 1, r.url, r.title, 'browser']),
    );
    assert.equal(hits[0]!.snippet, RESULTS[0]!.snippet);
    await assert.rejects(provider.search({ query: 'captcha', limit: 10 }), (e: unknown) => isLyraError(e) && e.category === 'blocked');
    assert.equal(queued.length, 1, 'the CAPTCHA page is queued for the user');
    assert.match(queued[0]!.url, /q=captcha/);
  } finally {
    await fetcher.close();
    await ddg.web.close();
  }
});

test('SERP parsers: DuckDuckGo Lite, Mojeek and Bing markup, ads skipped, relative and script links refused', () => {
  const lite = `<table><tr class="result-sponsored"><td><a class="result-link" href="https://ads.example/">Ad</a></td></tr>
    <tr><td>1.</td><td><a rel="nofollow" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.who.int%2Fa" class="result-link">WHO A</a></td></tr>
    <tr><td></td><td class="result-snippet">Snippet <b>A</b></td></tr></table>`;
  assert.deepEqual(parseDuckDuckGoLite(lite, 10), [{ url: 'https://www.who.int/a', title: 'WHO A', snippet: 'Snippet A' }]);
  const mojeek = `<ul class="results-standard"><li><a class="ob" href="https://example.org/m">example.org</a><h2><a class="title" href="https://example.org/m">Mojeek hit</a></h2><p class="s">Text m</p></li>
    <li><h2><a class="title" href="javascript:alert(1)">bad</a></h2></li></ul>`;
  assert.deepEqual(parseMojeek(mojeek, 10), [{ url: 'https://example.org/m', title: 'Mojeek hit', snippet: 'Text m' }]);
  const bing = `<ol id="b_results"><li class="b_ad"><h2><a href="https://ads.example/">Ad</a></h2></li>
    <li class="b_algo"><h2><a href="https://example.org/b">Bing hit</a></h2><div class="b_caption"><p>Text b</p></div></li></ol>`;
  assert.deepEqual(parseBing(bing, 10), [{ url: 'https://example.org/b', title: 'Bing hit', snippet: 'Text b' }]);
});
