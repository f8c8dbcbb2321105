// Streamable HTTP with the real engine on the loopback web: a fake SearXNG and pages on virtual
// hosts (one behind a CAPTCHA, one behind a login wall, one that never answers). The SDK client runs
// create_task → search → get_status → get_auth_queue → resolve_auth (the blocked fetch resumes) →
// stop_task → get_materials, cancels a search, and meets the guard (Host, Origin, bearer token).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServeRuntime, loadConfig, lyraVersion, type ServeRuntime } from '../app/index.js';
import { startFakeSearxng } from '../test-support/fake-searxng.js';
import { startLoopbackWeb, type LoopbackWeb } from '../test-support/loopback-web.js';
import { createLyraMcpServer, startHttpServer, type RunningHttpServer } from './index.js';
import { LYRA_BIN, scratchHome, structured, toolError, type ScratchHome } from '../test-support/mcp-client.js';

const TOKEN = 'test-token-0123456789abcdef';
const resolver = async () => [{ address: '127.0.0.1', family: 4 as const }];
const article = (title: string, paragraphs: string[]) => ({
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!DOCTYPE html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`,
});
const REPORT = article('Greenhouse gases and warming', [
  'Carbon dioxide concentrations in the atmosphere rose from 280 ppm before 1850 to 420 ppm in 2023.',
  'Greenhouse gases trap outgoing infrared radiation and warm the lower atmosphere.',
  'Human emissions of carbon dioxide caused most of the warming observed since 1950.',
]);
const BLOG = article('A sceptical view of warming', [
  'Greenhouse gases do not warm the lower atmosphere in any measurable way.',
  'The warming observed since 1950 was caused by the sun rather than by human emissions of carbon dioxide.',
]);
const PAPER = article('Radiative forcing of carbon dioxide', [
  'Radiative forcing from carbon dioxide reached 2.2 watts per square metre in 2019.',
  'Greenhouse gases trap outgoing infrared radiation, which warms the surface of the Earth.',
]);

let web: LoopbackWeb;
let home: ScratchHome;
let runtime: ServeRuntime;
let http: RunningHttpServer;
let secured: RunningHttpServer;
const u = (host: string, path: string): string => web.url(`//${host}${path}`);

before(async () => {
  web = await startLoopbackWeb({
    routes: {
      '//www.climate-report.example/ghg': REPORT,
      '//blog.sceptic.example/warming': BLOG,
      '//journal.walled.example/paper': { ...PAPER, fault: { challenge: 'recaptcha' } },
      '//news.members.example/story': { ...BLOG, fault: { challenge: 'login' } },
      '//slow.example/never': { ...REPORT, fault: { hang: true } },
    },
  });
  const searx = await startFakeSearxng((q) => {
    if (q.startsWith('greenhouse gases warming')) {
      return [
        { url: u('www.climate-report.example', '/ghg'), title: 'Greenhouse gases and warming', content: 'report' },
        { url: u('blog.sceptic.example', '/warming'), title: 'A sceptical view', content: 'blog' },
        { url: u('journal.walled.example', '/paper'), title: 'Radiative forcing', content: 'paper' },
        { url: u('news.members.example', '/story'), title: 'Members only', content: 'story' },
      ];
    }
    if (q.startsWith('slow page')) return [{ url: u('slow.example', '/never'), title: 'Never answers', content: 'x' }];
    return [];
  }, web);
  home = scratchHome('lyra-mcp-http-');
  mkdirSync(home.home, { recursive: true });
  writeFileSync(
    join(home.dir, 'lyra.config.yaml'),
    [
      'scholarly:',
      ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`),
      'fetch:',
      '  allow_private: ["127.0.0.1/32:1-65535"]',
      '  respect_robots: false',
      '  max_retries: 0',
      '  timeout_ms: 600000',
      '  idle_timeout_ms: 600000',
      '  cache: { enabled: false }',
      'providers:',
      `  searxng: { base_url: "${searx.baseUrl}" }`,
      'pipeline:',
      '  mirror_queries: false',
      '',
    ].join('\n'),
  );
  // Named explicitly: a working-directory file may not widen network reach (its allow_private would be ignored).
  runtime = createServeRuntime(loadConfig({ env: { LYRA_HOME: home.home }, cwd: home.dir, configPath: join(home.dir, 'lyra.config.yaml') }), { resolver });
  const createServer = () => createLyraMcpServer({ services: runtime, version: lyraVersion() });
  http = await startHttpServer({ port: 0, createServer });
  secured = await startHttpServer({ port: 0, token: TOKEN, createServer });
});

after(async () => {
  await http?.close();
  await secured?.close();
  await runtime?.close();
  await web?.close();
  home?.cleanup();
});

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'lyra-http-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

test('binds to 127.0.0.1 by default', () => {
  assert.equal(http.host, '127.0.0.1');
  assert.match(http.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
});

test('the loop over Streamable HTTP on the loopback web, with walled pages through the auth queue', async () => {
  const client = await connect(http.url);
  const call = async (name: string, args: Json): Promise<Json> =>
    structured<Json>((await client.callTool({ name, arguments: args }, undefined, { timeout: 900_000 })) as CallToolResult);
  try {
    const { task_id: taskId } = await call('create_task', {
      question: 'Do greenhouse gases warm the planet?',
      providers: ['searxng'],
      priority_domains: ['climate-report.example'],
    });
    const s = await call('search', { task_id: taskId, query: 'greenhouse gases warming' });
    assert.equal(s.status, 'done');
    assert.equal(s.results_found, 4);
    assert.equal(s.pages_fetched, 2);
    const sources = new Set(s.claims.map((c: Json) => c.source.domain));
    assert.ok(sources.has('climate-report.example') && sources.has('sceptic.example'), JSON.stringify([...sources]));
    assert.ok(
      s.warnings.some((w: Json) => w.category === 'blocked' && w.target?.includes('journal.walled.example')),
      JSON.stringify(s.warnings),
    );

    const st = await call('get_status', { task_id: taskId });
    assert.equal(st.auth_queue_size, 2);
    assert.equal(st.pages_fetched, 2);
    assert.deepEqual(st.waiting_for.map((w: Json) => [w.kind, new URL(w.text).hostname]).sort(), [
      ['auth', 'journal.walled.example'],
      ['auth', 'news.members.example'],
    ]);
    const queue = await call('get_auth_queue', { task_id: taskId });
    assert.deepEqual(queue.items.map((i: Json) => [new URL(i.url).hostname, i.kind, i.status]).sort(), [
      ['journal.walled.example', 'captcha', 'pending'],
      ['news.members.example', 'login', 'pending'],
    ]);

    // A person gets past the CAPTCHA; the page now serves its content and the fetch resumes.
    web.route('//journal.walled.example/paper', PAPER);
    const captcha = queue.items.find((i: Json) => i.kind === 'captcha');
    const solved = await call('resolve_auth', { item_id: captcha.id, action: 'solved' });
    assert.equal(solved.count, 1);
    const requeued = solved.resolved[0].requeued;
    assert.equal(requeued.task_id, taskId);
    const skipped = await call('resolve_auth', { domain: 'members.example', action: 'skip' });
    assert.deepEqual(
      skipped.resolved.map((r: Json) => [r.kind, r.status, r.requeued]),
      [['login', 'skipped', undefined]],
    );
    // The client long-polls instead of polling in a loop: get_status returns when the re-queued fetch ends.
    let after: Json = {};
    for (let i = 0; i < 60; i++) {
      after = await call('get_status', { task_id: taskId, wait_seconds: 30 });
      const q = after.searches.find((x: Json) => x.query_id === requeued.query_id);
      if (q && q.status !== 'pending' && q.status !== 'running') break;
    }
    assert.deepEqual(
      after.searches.map((q: Json) => [q.kind, q.status]),
      [
        ['query', 'done'],
        ['url', 'done'],
      ],
    );
    assert.equal(after.pages_fetched, 3);
    assert.equal(after.auth_queue_size, 0);
    assert.deepEqual(after.waiting_for, []);
    assert.equal((await call('get_auth_queue', {})).count, 0);

    const stopped = await call('stop_task', { task_id: taskId, reason: 'done over http' });
    assert.equal(stopped.status.status, 'stopped');
    assert.deepEqual(stopped.summary.queries, { done: 2 });
    const m = await call('get_materials', { task_id: taskId, include_graph: true });
    assert.ok(m.graph.claims.length === m.claims.length && m.graph.edges.length > 0, 'the page carries its own subgraph');
    const graph = JSON.parse(((await client.readResource({ uri: m.resources.graph })).contents[0] as { text: string }).text) as Json;
    const fetched = graph.pages
      .filter((p: Json) => p.fetch_status === 'fetched')
      .map((p: Json) => new URL(p.url).hostname)
      .sort();
    assert.deepEqual(fetched, ['blog.sceptic.example', 'journal.walled.example', 'www.climate-report.example']);
    assert.equal(m.paging.total_claims, stopped.summary.claims);
    const quotes = m.claims.flatMap((c: Json) => c.supporting.map((e: Json) => e.quote));
    assert.ok(
      quotes.some((q: string) => q.includes('420 ppm')),
      'quotes are verbatim from the pages',
    );
    const again = toolError((await client.callTool({ name: 'search', arguments: { task_id: taskId, query: 'more' } })) as CallToolResult);
    assert.deepEqual([again?.category, again?.code], ['invalid_input', 'task_stopped']);
  } finally {
    await client.close();
  }
});

test('a search the client cancels stops in the engine: its query is cancelled while the page never answered', async () => {
  const client = await connect(http.url);
  try {
    const created = structured<{ task_id: string }>(
      (await client.callTool({ name: 'create_task', arguments: { question: 'Is the slow page right?', providers: ['searxng'] } })) as CallToolResult,
    );
    const controller = new AbortController();
    const pending = client.callTool({ name: 'search', arguments: { task_id: created.task_id, query: 'slow page' } }, undefined, {
      signal: controller.signal,
      timeout: 900_000,
      // The fetch phase waits on a page that never answers; cancel once it has started.
      onprogress: (p) => {
        if (p.message?.startsWith('phase.start fetch')) controller.abort('the client changed its mind');
      },
    });
    await assert.rejects(pending);
    await runtime.engine.idle(created.task_id);
    const st = structured<{ searches: Array<{ status: string; last_error?: string }> }>(
      (await client.callTool({ name: 'get_status', arguments: { task_id: created.task_id } })) as CallToolResult,
    );
    assert.equal(st.searches[0]?.status, 'cancelled');
  } finally {
    await client.close();
  }
});

/** An initialize POST with chosen headers (node:http, since fetch never lets a caller set Host). */
function rawPost(url: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      },
    );
    req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
    req.end(body);
  });
}

test('DNS-rebinding protection: foreign Host or Origin is refused with 403, loopback ones pass', async () => {
  const port = new URL(http.url).port;
  assert.equal(await rawPost(http.url, { host: 'evil.example.com' }), 403);
  assert.equal(await rawPost(http.url, { host: `evil.example.com:${port}` }), 403);
  assert.equal(await rawPost(http.url, { origin: 'http://evil.example.com' }), 403);
  assert.equal(await rawPost(http.url, { host: `localhost:${port}`, origin: `http://localhost:${port}` }), 200);
  assert.equal(await rawPost(http.url, { host: `[::1]:${port}`, origin: `http://127.0.0.1:${port}` }), 200);
  assert.equal(await rawPost(http.url.replace('/mcp', '/other'), {}), 404);
});

test('with a token: requests without it or with a wrong one get 401, the right one connects', async () => {
  assert.equal(await rawPost(secured.url, {}), 401);
  assert.equal(await rawPost(secured.url, { authorization: 'Bearer wrong-token-000000000000' }), 401);
  const client = await connect(secured.url, { authorization: `Bearer ${TOKEN}` });
  const { tools } = await client.listTools();
  assert.equal(tools.length, 17);
  await client.close();
});

test('lyra serve --http refuses to bind beyond loopback without a token (exit 2), and says how to set one', () => {
  const r = spawnSync(process.execPath, [LYRA_BIN, 'serve', '--http', '--host', '0.0.0.0', '--port', '0'], {
    cwd: home.dir,
    env: { PATH: process.env.PATH ?? '', LYRA_HOME: home.home },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /needs a bearer token: set mcp\.http\.token .* LYRA_MCP_TOKEN/);
});
