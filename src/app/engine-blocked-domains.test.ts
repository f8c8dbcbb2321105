// Seed 000's level table: BLOCKED = 除外. A page of a BLOCKED domain is neither fetched nor extracted:
// it is recorded as skipped with the reason, and a user override in domains.yaml restores it.
// On the loopback web with the real engine (searxng → register → fetch → graph).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EngineEvent } from '../core/index.js';
import { checkpointKeys, type PageOutcome } from '../pipeline/index.js';
import { searxngHandler } from '../test-support/evidence-web.js';
import { startLoopbackWeb } from '../test-support/loopback-web.js';
import type { HostResolver } from '../net/index.js';
import { createEngine, loadConfig } from './index.js';

const page = (title: string, text: string): string =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><main><article><h1>${title}</h1><p>${text}</p></article></main></body></html>`;

test('a BLOCKED domain is not fetched: its page is skipped with the reason; a user override restores it', async () => {
  const web = await startLoopbackWeb();
  const home = mkdtempSync(join(tmpdir(), 'lyra-blocked-'));
  const resolver: HostResolver = async (host) => {
    if (host.endsWith('.test')) return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  };
  try {
    const blockedUrl = web.url('//misinfo.test/coral');
    const okUrl = web.url('//journal.test/coral');
    web.route(
      '//search.test/search',
      searxngHandler(() => [
        { url: blockedUrl, title: 'Coral reefs are thriving', content: 'Coral reefs are not affected by warming.' },
        { url: okUrl, title: 'Coral bleaching and ocean warming', content: 'Ocean warming causes coral bleaching.' },
      ]),
    );
    web.route('//misinfo.test/coral', {
      headers: { 'content-type': 'text/html' },
      body: page('Coral reefs are thriving', 'Coral reefs are not affected by ocean warming at all, whatever scientists say about bleaching.'),
    });
    web.route('//journal.test/coral', {
      headers: { 'content-type': 'text/html' },
      body: page('Coral bleaching and ocean warming', 'Ocean warming causes mass coral bleaching on reefs worldwide, according to decades of surveys.'),
    });
    const domains = join(home, 'domains.yaml');
    const policy = (extra: string[]): void =>
      writeFileSync(
        domains,
        [
          'domains:',
          '  - { domain: search.test, trust_level: unverified, qps: 20 }',
          '  - { domain: journal.test, trust_level: academic, qps: 20 }',
          '  - { domain: misinfo.test, trust_level: blocked, qps: 20 }',
          ...extra,
          '',
        ].join('\n'),
      );
    policy([]);
    const configPath = join(home, 'lyra.config.yaml');
    writeFileSync(
      configPath,
      [
        'store: { path: lyra.db }',
        `domains: { file: ${JSON.stringify(domains)}, watch: false }`,
        'fetch: { allow_private: ["127.0.0.1/32:1-65535"], respect_robots: false, cache: { enabled: false }, max_retries: 0 }',
        `providers: { searxng: { base_url: "${web.url('//search.test/')}" } }`,
        'scholarly:',
        ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`),
        'pipeline: { mirror_queries: false, identifier_rounds: 0 }',
        '',
      ].join('\n'),
    );

    const events: EngineEvent[] = [];
    const engine = createEngine(loadConfig({ configPath, env: { LYRA_HOME: home } }), { resolver });
    engine.on((e) => events.push(e));
    const task = await engine.createTask({ question: 'Is ocean warming bleaching coral reefs?', providers: ['searxng'] });
    const first = await engine.search(task.id, 'coral reefs ocean warming');
    assert.equal(first.status, 'done');
    assert.equal(web.requestsTo('//misinfo.test/coral').length, 0, 'the blocked domain is never asked');
    assert.equal(web.requestsTo('//journal.test/coral').length, 1);
    const blockedPage = engine.store.findPageByUrl(task.id, blockedUrl)!;
    assert.equal(blockedPage.fetchStatus, 'skipped');
    assert.equal(engine.store.listFragments(blockedPage.id).length, 0, 'nothing extracted from it');
    const outcome = engine.store.loadCheckpoint(task.id, checkpointKeys.page(blockedPage.id))?.payload as PageOutcome;
    assert.equal(outcome.status, 'skipped');
    assert.deepEqual([outcome.error?.category, outcome.error?.code], ['blocked', 'domain_blocked']);
    assert.match(
      outcome.error!.message,
      /^misinfo\.test is BLOCKED by the domain policy: not fetched; to restore it add misinfo\.test to domains\.yaml user_overrides/,
    );
    assert.ok(
      first.warnings.some((w) => w.code === 'domain_blocked' && w.target === blockedUrl),
      'the reason is a warning of the query',
    );
    assert.ok(events.some((e) => e.type === 'page.skipped' && e.url === blockedUrl && e.error === 'domain_blocked'));
    assert.equal(engine.store.findPageByUrl(task.id, okUrl)!.fetchStatus, 'fetched');
    await engine.close();

    // The user reviews the domain and restores it: the next search fetches the page.
    policy(['user_overrides:', '  - { domain: misinfo.test, trust_level: low, reason: reviewed, added_at: "2026-01-01" }']);
    const restored = createEngine(loadConfig({ configPath, env: { LYRA_HOME: home } }), { resolver });
    try {
      const again = await restored.search(task.id, 'coral bleaching surveys');
      assert.equal(again.status, 'done');
      assert.equal(web.requestsTo('//misinfo.test/coral').length, 1);
      const now = restored.store.findPageByUrl(task.id, blockedUrl)!;
      assert.equal(now.fetchStatus, 'fetched');
      assert.ok(restored.store.listFragments(now.id).length > 0);
      assert.ok(!again.warnings.some((w) => w.code === 'domain_blocked'));
    } finally {
      await restored.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
    await web.close();
  }
});
