// Phase 6 rendering (seed 000: Playwright fetch) through the real engine on the loopback web: a page
// whose static HTML has no readable text but scripts that write it is rendered in the system Chromium
// and extracted from the rendered DOM; renders are bounded per task (pipeline.max_renders_per_task);
// a static page is never rendered. Skipped, naming the binary, where Chromium is absent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CHROMIUM_PATH, type HostResolver } from '../net/index.js';
import { checkpointKeys, type PageOutcome } from '../pipeline/index.js';
import { searxngHandler } from '../test-support/evidence-web.js';
import { startLoopbackWeb } from '../test-support/loopback-web.js';
import { createEngine, loadConfig } from './index.js';

const skip = existsSync(DEFAULT_CHROMIUM_PATH) ? false : `${DEFAULT_CHROMIUM_PATH} not installed (Debian package chromium): Phase 6 rendering cannot be run`;

const TEXT =
  'Regular brisk walking lowered systolic blood pressure by five millimetres of mercury in a twelve-week trial of adults with hypertension, and the effect lasted six months.';
/** A script-built page: an empty shell whose text a script writes after load. */
const shell = (title: string): string => `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><div id="app"></div>
<script>document.getElementById('app').innerHTML = '<main><article><h1>${title}</h1><p>' + ${JSON.stringify(TEXT)} + '</p><p>' + ${JSON.stringify(TEXT.replace('five', '4.8'))} + '</p></article></main>';</script></body></html>`;
const staticPage = `<!DOCTYPE html><html lang="en"><head><title>Static</title><script>var x = 1;</script></head><body><main><article><h1>Static trial</h1><p>${TEXT}</p><p>${TEXT}</p></article></main></body></html>`;

test('Phase 6 renders a script-built page in Chromium and extracts its text, at most max_renders_per_task per task; a static page is not rendered', {
  skip,
  timeout: 120_000,
}, async () => {
  const web = await startLoopbackWeb();
  const home = mkdtempSync(join(tmpdir(), 'lyra-render-'));
  const resolver: HostResolver = async (host) => {
    if (host.endsWith('.test')) return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  };
  try {
    const urls = { app: web.url('//app.test/trial'), second: web.url('//app2.test/trial'), plain: web.url('//plain.test/trial') };
    web.route('//app.test/trial', { headers: { 'content-type': 'text/html' }, body: shell('Walking trial') });
    web.route('//app2.test/trial', { headers: { 'content-type': 'text/html' }, body: shell('Second walking trial') });
    web.route('//plain.test/trial', { headers: { 'content-type': 'text/html' }, body: staticPage });
    web.route(
      '//search.test/search',
      searxngHandler(() => [
        { url: urls.app, title: 'Walking trial' },
        { url: urls.second, title: 'Second walking trial' },
        { url: urls.plain, title: 'Static trial' },
      ]),
    );
    const domains = join(home, 'domains.yaml');
    writeFileSync(
      domains,
      ['domains:', ...['search.test', 'app.test', 'app2.test', 'plain.test'].map((d) => `  - { domain: ${d}, trust_level: academic, qps: 20 }`), ''].join('\n'),
    );
    const configPath = join(home, 'lyra.config.yaml');
    writeFileSync(
      configPath,
      [
        'store: { path: lyra.db }',
        `domains: { file: ${JSON.stringify(domains)}, watch: false }`,
        'fetch: { allow_private: ["127.0.0.1/32:1-65535"], respect_robots: false, cache: { enabled: false }, max_retries: 0, render: { enabled: true } }',
        `providers: { searxng: { base_url: "${web.url('//search.test/')}" } }`,
        'scholarly:',
        ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`),
        'pipeline: { mirror_queries: false, synonym_queries: 0, identifier_rounds: 0, max_renders_per_task: 1, fetch_concurrency: 1 }',
        '',
      ].join('\n'),
    );
    const engine = createEngine(loadConfig({ configPath, env: { LYRA_HOME: home } }), { resolver });
    try {
      const task = await engine.createTask({ question: 'Does brisk walking lower blood pressure?', providers: ['searxng'] });
      const out = await engine.search(task.id, 'brisk walking blood pressure');
      assert.equal(out.status, 'done');
      const outcome = (url: string): PageOutcome =>
        engine.store.loadCheckpoint(task.id, checkpointKeys.page(engine.store.findPageByUrl(task.id, url)!.id))?.payload as PageOutcome;
      const text = (url: string): string =>
        engine.store
          .listFragments(engine.store.findPageByUrl(task.id, url)!.id)
          .map((f) => f.text)
          .join(' ');

      assert.equal(outcome(urls.app).rendered, true, 'the first script-built page is rendered');
      assert.match(text(urls.app), /lowered systolic blood pressure by five millimetres/);
      assert.equal(web.requestsTo('//app.test/trial').length, 2, 'once statically, once by Chromium');

      const second = outcome(urls.second);
      assert.equal(second.rendered, undefined, "the task's one render is used");
      assert.equal(second.error?.code, 'render_limit');
      assert.ok(out.warnings.some((w) => w.code === 'render_limit' && w.target === urls.second));

      assert.equal(outcome(urls.plain).rendered, undefined, 'a page with readable static text is not rendered');
      assert.equal(web.requestsTo('//plain.test/trial').length, 1);
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
    await web.close();
  }
});
