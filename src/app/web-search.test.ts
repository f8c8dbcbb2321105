// Zero-config web search: which web providers the engine uses, and an offline run failing fast with
// a clear reason (a resolver that knows no host stands in for a machine without network).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostResolver } from '../net/index.js';
import { createEngine, loadConfig } from './index.js';
import { webSearchPlan } from './web-search.js';

const SCHOLARLY_OFF = ['scholarly:', ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`)];

function withConfig<T>(lines: string[], run: (configPath: string, home: string) => Promise<T> | T): Promise<T> {
  const home = mkdtempSync(join(tmpdir(), 'lyra-websearch-'));
  const path = join(home, 'lyra.config.yaml');
  writeFileSync(path, [...lines, ''].join('\n'));
  return Promise.resolve(run(path, home)).finally(() => rmSync(home, { recursive: true, force: true }));
}

test('web search is on with no configuration: browser with Chromium, DuckDuckGo HTML without; configured providers replace it; web_search.enabled: false turns all off', async () => {
  await withConfig([], (path, home) => {
    const config = loadConfig({ configPath: path, env: { LYRA_HOME: home } });
    assert.deepEqual(webSearchPlan(config, () => true).providers, ['browser']);
    const none = webSearchPlan(config, () => false);
    assert.deepEqual([none.providers, none.zeroConfig], [['duckduckgo'], 'duckduckgo']);
    assert.match(none.reason, /no Chromium at \/usr\/bin\/chromium/);
  });
  await withConfig(['web_search: { provider: duckduckgo }'], (path, home) => {
    assert.deepEqual(webSearchPlan(loadConfig({ configPath: path, env: { LYRA_HOME: home } }), () => true).providers, ['duckduckgo']);
  });
  await withConfig(['providers: { searxng: { base_url: "http://localhost:8888" } }'], (path, home) => {
    const plan = webSearchPlan(loadConfig({ configPath: path, env: { LYRA_HOME: home } }), () => true);
    assert.deepEqual([plan.providers, plan.zeroConfig], [['searxng'], null]);
  });
  await withConfig(['web_search: { enabled: false }', 'providers: { duckduckgo: }'], (path, home) => {
    const plan = webSearchPlan(loadConfig({ configPath: path, env: { LYRA_HOME: home } }), () => true);
    assert.deepEqual([plan.enabled, plan.providers], [false, []]);
  });
});

test('offline, a zero-config search fails fast and names the provider and the cause', async () => {
  const offline: HostResolver = async (host) => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  };
  await withConfig(['fetch: { render: { chromium_path: /nonexistent/chromium }, max_retries: 0 }', ...SCHOLARLY_OFF], async (path, home) => {
    const engine = createEngine(loadConfig({ configPath: path, env: { LYRA_HOME: home } }), { resolver: offline });
    try {
      const task = await engine.createTask({ question: 'Does walking lower blood pressure?' });
      assert.deepEqual(task.configSnapshot.providers, ['duckduckgo']);
      const started = Date.now();
      const out = await engine.search(task.id, 'walking blood pressure');
      assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
      assert.equal(out.status, 'failed');
      const view = engine.status(task.id).searches.find((s) => s.queryId === out.queryId)!;
      assert.match(view.lastError ?? '', /duckduckgo/);
      assert.match(view.lastError ?? '', /ENOTFOUND|html\.duckduckgo\.com/);
    } finally {
      await engine.close();
    }
  });
});
