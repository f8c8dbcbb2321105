// runConsensus over real components: the SearXNG provider and the HTTP fetcher talking to a loopback
// server (a fake SearXNG and article pages), the text extractor, the domain policy from a
// domains.yaml; only the stance model is a small deterministic double.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeSearxng, type FakeSearxng } from '../../test-support/fake-searxng.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { negationStance } from '../../workflows/consensus/test-support/doubles.js';
import { runConsensus } from './consensus.js';
import { withEngine } from '../engine.js';
import { loadConfig } from '../config/index.js';

const PAGES: Record<string, string> = {
  '/news/sea': 'Sea level rise accelerated to 4.5 mm per year in 2023, the agency reported. Coastal flooding from sea level rise has increased in many cities.',
  '/science/sea':
    'Satellite records show that global sea level rise has accelerated since 1993 because ice sheets melt faster. Thermal expansion explains about a third of sea level rise.',
};
const article = (text: string) => ({
  body: `<!doctype html><html><head><title>Sea level report</title></head><body><article><h1>Sea level report</h1><p>${text}</p><p>${text}</p></article></body></html>`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});

let web: LoopbackWeb;
let searx: FakeSearxng;
let hangClosed = false;
let hangRequested = false;
const homes: string[] = [];

before(async () => {
  web = await startLoopbackWeb({
    routes: {
      '/news/sea': article(PAGES['/news/sea']!),
      '/science/sea': article(PAGES['/science/sea']!),
      '/down/sea': { status: 503, body: 'unavailable' },
    },
  });
  // A page that never answers; records when the client gives up on the connection.
  web.route('/hang/sea', (req: IncomingMessage, _res: ServerResponse) => {
    hangRequested = true;
    req.socket.on('close', () => void (hangClosed = true));
  });
  searx = await startFakeSearxng(
    (q) =>
      q.startsWith('slow')
        ? [{ url: web.url('/hang/sea'), title: 'Hanging' }]
        : ['/news/sea', '/science/sea', '/down/sea'].map((p) => ({ url: web.url(p), title: `Page ${p}` })),
    web,
  );
});
after(async () => {
  await web.close();
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

function setupHome() {
  const home = mkdtempSync(join(tmpdir(), 'lyra-consensus-'));
  homes.push(home);
  writeFileSync(
    join(home, 'lyra.config.yaml'),
    [
      'fetch:',
      '  allow_private: ["127.0.0.1/32:1-65535"]',
      '  respect_robots: false',
      '  max_retries: 0',
      '  cache: { enabled: false }',
      'providers:',
      `  searxng: { base_url: "${searx.baseUrl}" }`,
    ].join('\n') + '\n',
  );
  writeFileSync(join(home, 'domains.yaml'), 'domains:\n  - { domain: 127.0.0.1, trust_level: trusted, qps: 20 }\n');
  return loadConfig({ env: { LYRA_HOME: home }, cwd: home });
}

test('web sources are fetched and extracted, trusted by the domain policy; a failing page is a warning', async () => {
  const config = setupHome();
  const result = await runConsensus({ config, topic: 'sea level rise', engine: { agentCount: 2, iterationCount: 1 }, stance: negationStance() });
  const it = result.iterations[0]!;
  assert.equal(it.agentReports.length, 2);
  for (const report of it.agentReports) {
    assert.deepEqual(report.sources.map((s) => [new URL(s.url).pathname, s.trustLevel, s.reliabilityScore]).sort(), [
      ['/news/sea', 'TRUSTED', 0.75],
      ['/science/sea', 'TRUSTED', 0.75],
    ]);
    assert.ok(report.claims!.length > 0);
    for (const c of report.claims!) assert.ok(PAGES[new URL(c.sourceUrl).pathname]!.includes(c.text), c.text);
  }
  // The failing page is fetched once in the run's task (the engine does not refetch it for the second
  // agent's query): one agent reports it, naming the URL and the status.
  assert.ok(
    it.agentReports.some((r) => r.warnings!.some((w) => w.includes('/down/sea') && w.includes('503'))),
    JSON.stringify(it.agentReports.map((r) => r.warnings)),
  );
  assert.deepEqual(result.metadata.config.searchConfig.providers, ['searxng']);
  // One road: the run's evidence is in its engine task — the pages the agents read, with claims from them.
  const materials = await withEngine({ config }, async (engine) => engine.materials(result.taskId));
  const paths = new Set(materials.pages.map((s) => new URL(s.url).pathname));
  assert.ok(paths.has('/news/sea') && paths.has('/science/sea'), [...paths].join(', '));
  assert.ok(materials.claims.length > 0);
  assert.match(result.finalReport, /\(reliability: 75%\)/);
});

test('a page that never answers: the agent is aborted at its timeout and the connection is closed', async () => {
  const config = setupHome();
  hangClosed = false;
  hangRequested = false;
  await assert.rejects(
    runConsensus({
      config,
      topic: 'slow sea level',
      engine: { agentCount: 1, iterationCount: 1, agentTimeoutMs: 300, iterationRetries: 0 },
      stance: negationStance(),
    }),
    /iteration 1 failed: 1 of 1 agents failed \(agent 1: agent 1 timed out after 300 ms\)/,
  );
  // The abort reaches the socket: a request already sent is dropped (bounded wait for the close event);
  // on a slow machine the abort may come before the fetch phase asked for the page, and then it never does.
  for (let i = 0; i < 100 && hangRequested && !hangClosed; i++) await new Promise((r) => setTimeout(r, 20));
  const requestedAtAbort = hangRequested;
  await new Promise((r) => setTimeout(r, 500));
  if (requestedAtAbort) assert.equal(hangClosed, true);
  else assert.equal(hangRequested, false, 'the page was requested after the agent was aborted');
});

test('no provider at all is invalid input naming what to configure', async () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-consensus-'));
  homes.push(home);
  // With nothing configured web search is on (the zero-config provider): turned off, nothing is left.
  writeFileSync(join(home, 'lyra.config.yaml'), 'web_search: { enabled: false }\n');
  const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  await assert.rejects(runConsensus({ config, topic: 'x', stance: negationStance() }), /no search provider: index a corpus/);
});
