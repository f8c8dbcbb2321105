// runCollect against real components: the engine (the SearXNG provider and the HTTP fetcher talking to a
// loopback server — a fake SearXNG JSON API and pages on virtual hosts —, the extractor, the store, the
// built-in example corpus; only the stance model is a small deterministic double), the OpenAI-compatible
// chat client talking to a loopback fake LLM, and checkpoint files. Seed 003's seven test points, and the
// run's pages in its engine task.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLyraError, normalizeUrl, type LyraEvent } from '../../core/index.js';
import { fakeChatEndpoint, type FakeAnswer } from '../../test-support/fake-chat-endpoint.js';
import { startFakeSearxng, type SearxAnswer } from '../../test-support/fake-searxng.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { negationStance } from '../../workflows/consensus/test-support/doubles.js';
import { step5OutputSchema, type Step5Output } from '../../workflows/index.js';
import { checkpointPathFor, runCollect, type RunCollectInput, type RunCollectOverrides } from './collect.js';
import { loadConfig, type LyraConfig } from '../config/index.js';
import { withEngine } from '../engine.js';

const HOSTS = [
  'www.stat.go.jp',
  'data.example.org',
  'gone.example.com',
  'pubmed.ncbi.nlm.nih.gov',
  'flaky.example.net',
  'www.mckinsey.com',
  'www.reuters.com',
  'www.who.int',
];
const resolver = async () => [{ address: '127.0.0.1', family: 4 as const }];
const html = (title: string) => ({
  body: `<html><head><title>${title}</title></head><body><p>${title}</p></body></html>`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});

let web: LoopbackWeb;
const homes: string[] = [];
const closers: Array<() => Promise<void>> = [];

before(async () => {
  web = await startLoopbackWeb({
    routes: {
      '//www.stat.go.jp/data/sleep.html': html('Survey on Time Use and Leisure Activities'),
      '//data.example.org/survey/sleep': html('Sleep Debt Survey 2023'),
      '//gone.example.com/old': { status: 404, body: 'not found' },
      '//pubmed.ncbi.nlm.nih.gov/12345/': html('Health effects of chronic sleep restriction'),
      '//flaky.example.net/health': { ...html('Sleep and health'), fault: { status: 503, failTimes: 1 } },
      '//www.mckinsey.com/insights/sleep': html('The cost of sleep loss'),
      '//www.reuters.com/world/sleep': html('Japan sleeps least'),
      '//www.who.int/publications/sleep': html('WHO sleep guidance'),
    },
  });
});
after(async () => {
  for (const c of closers) await c();
  await web.close();
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

const u = (host: string, path: string): string => web.url(`//${host}${path}`);
/** runCollect with the stance double (the engine judges every page it reads). */
const collect = (config: LyraConfig, input: RunCollectInput, overrides: RunCollectOverrides = {}) =>
  runCollect(config, input, { stance: negationStance(), ...overrides });

/** A LYRA_HOME with a config for the loopback SearXNG, no scholarly APIs, and the LLM when given. */
function setupHome(options: { searxngUrl?: string; llmUrl?: string; extra?: string[] }) {
  const home = mkdtempSync(join(tmpdir(), 'lyra-collect-'));
  homes.push(home);
  const lines = [
    'scholarly:',
    ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`),
    'fetch:',
    '  allow_private: ["127.0.0.1/32:1-65535"]',
    '  respect_robots: false',
    '  max_retries: 0',
    '  cache: { enabled: false }',
    // Without SearXNG, web search off (with nothing configured it is on: the zero-config provider).
    ...(options.searxngUrl ? ['providers:', `  searxng: { base_url: "${options.searxngUrl}" }`] : ['web_search: { enabled: false }']),
    ...(options.llmUrl ? ['models:', `  llm: { base_url: "${options.llmUrl}", model: fake-model, max_retries: 0 }`] : []),
    ...(options.extra ?? []),
  ];
  writeFileSync(join(home, 'lyra.config.yaml'), `${lines.join('\n')}\n`);
  // Politeness at 20 requests a second for the loopback hosts, so the test does not wait on 1 qps.
  writeFileSync(
    join(home, 'domains.yaml'),
    `domains:\n${['127.0.0.1', ...HOSTS].map((h) => `  - { domain: ${h}, trust_level: unverified, qps: 20 }`).join('\n')}\n`,
  );
  const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  return { home, config };
}

async function fakeLlm(answer: (n: number) => FakeAnswer) {
  const llm = await fakeChatEndpoint((_b, n) => answer(n));
  closers.push(() => llm.web.close());
  return llm;
}

const QUERIES = [
  { query: 'sleep debt prevalence survey', section: 'Prevalence statistics' },
  { query: 'sleep debt health effects cohort', section: 'Health effects' },
  { query: 'sleep debt productivity loss', section: 'Workplace costs' },
  { query: 'sleep debt official statistics', section: null },
];

function searxAnswers(q: string): SearxAnswer {
  switch (q) {
    case QUERIES[0]!.query:
      return [
        {
          url: u('www.stat.go.jp', '/data/sleep.html'),
          title: 'Survey on Time Use and Leisure Activities',
          content: 'Average sleep time of people aged 10 and over',
          publishedDate: '2022-08-31T00:00:00',
        },
        { url: u('data.example.org', '/survey/sleep'), title: 'Sleep Debt Survey 2023', content: 'Share of adults sleeping under six hours' },
        { url: u('gone.example.com', '/old'), title: 'An old page about sleep', content: 'Gone' },
      ];
    case QUERIES[1]!.query:
      return [
        { url: u('pubmed.ncbi.nlm.nih.gov', '/12345/'), title: 'Health effects of chronic sleep restriction', content: 'Controlled trial' },
        { url: u('flaky.example.net', '/health'), title: 'Sleep and health', content: 'Overview' },
      ];
    case QUERIES[2]!.query:
      return [
        { url: u('www.mckinsey.com', '/insights/sleep'), title: 'The cost of sleep loss', content: 'Productivity losses of sleep-deprived workers' },
        { url: u('www.reuters.com', '/world/sleep'), title: 'Japan sleeps least', content: 'News' },
        // The first source again: tracking parameter and fragment differ, the normalized URL is the same.
        { url: `${u('www.stat.go.jp', '/data/sleep.html')}?utm_source=newsletter#results`, title: 'Time use survey (mirror)', content: 'Same page' },
      ];
    case QUERIES[3]!.query:
      return [
        { url: u('www.who.int', '/publications/sleep'), title: 'WHO sleep guidance', content: 'Guidance' },
        // Another URL, the same title as data.example.org's page: a duplicate by title.
        { url: u('data.example.org', '/survey/sleep-2023-copy'), title: '  sleep debt survey 2023 ', content: 'Copy' },
      ];
    default:
      return [];
  }
}

const OUTLINE = '# Sleep debt\n## Prevalence statistics\n## Health effects\n## Workplace costs\n';

interface NormalRun {
  output: Step5Output;
  taskId: string;
  config: LyraConfig;
  waits: number[];
  events: LyraEvent[];
  llmBodies: Array<{ messages: Array<{ role: string; content: string }> }>;
  searxQueries: string[];
  outFile: string;
}
let normal: NormalRun | undefined;

/** The 正常系 run, made once and shared by the tests that look at different parts of its output. */
async function normalRun(): Promise<NormalRun> {
  if (normal) return normal;
  const searx = await startFakeSearxng(searxAnswers, web);
  const llm = await fakeLlm(() => ({ content: JSON.stringify({ queries: QUERIES }) }));
  const { home, config } = setupHome({ searxngUrl: searx.baseUrl, llmUrl: llm.baseUrl });
  writeFileSync(join(home, 'outline.md'), OUTLINE);
  const waits: number[] = [];
  const events: LyraEvent[] = [];
  const outFile = join(home, 'out', 'sources.json');
  const { output, taskId } = await collect(
    config,
    { keyword: 'sleep debt', outlineFile: join(home, 'outline.md'), out: outFile },
    {
      resolver,
      sleep: async (ms) => void waits.push(ms),
      events: { emit: (e) => void events.push(e) },
    },
  );
  normal = { output, taskId, config, waits, events, llmBodies: llm.bodies, searxQueries: searx.queries(), outFile };
  return normal;
}

test('正常系: LLM queries, SearXNG hits, verified sources with relevance, stats and distribution, written to --out', async () => {
  const { output, waits, llmBodies, searxQueries, outFile } = await normalRun();
  assert.deepEqual(step5OutputSchema.parse(output), output);
  assert.deepEqual(JSON.parse(readFileSync(outFile, 'utf8')), output);
  assert.equal(existsSync(checkpointPathFor(outFile)), false, 'the checkpoint is removed once the output is written');
  assert.equal(llmBodies.length, 1);
  assert.match(
    llmBodies[0]!.messages[1]!.content,
    /Keyword: sleep debt\nOutline sections:\n1\. Prevalence statistics\n2\. Health effects\n3\. Workplace costs/,
  );
  assert.deepEqual(output.outline_sections, ['Prevalence statistics', 'Health effects', 'Workplace costs']);
  assert.deepEqual(
    output.search_queries,
    QUERIES.map((q) => q.query),
  );
  assert.deepEqual(
    searxQueries,
    QUERIES.map((q) => q.query),
  );
  assert.deepEqual(output.query_generation, { method: 'llm', model: 'fake-model', from_checkpoint: false });
  assert.deepEqual(
    output.sources.map((s) => [new URL(s.url).hostname, s.verified, s.verification_status, s.relevance_to_outline]),
    [
      ['www.stat.go.jp', true, 200, ['Prevalence statistics', 'Workplace costs']],
      ['data.example.org', true, 200, ['Prevalence statistics']],
      ['pubmed.ncbi.nlm.nih.gov', true, 200, ['Health effects']],
      ['flaky.example.net', true, 200, ['Health effects']],
      ['www.mckinsey.com', true, 200, ['Workplace costs']],
      ['www.reuters.com', true, 200, ['Workplace costs']],
      ['www.who.int', true, 200, []],
    ],
  );
  assert.equal(output.sources[0]!.publication_date, '2022-08-31T00:00:00');
  // The 404 page is an invalid source with its status; the 503 was retried once after 0.5 s.
  assert.deepEqual(
    output.invalid_sources.map((i) => [i.url, i.error.category, i.verification_status, i.query]),
    [[u('gone.example.com', '/old'), 'non_retryable', 404, QUERIES[0]!.query]],
  );
  assert.deepEqual(waits, [500]);
  assert.deepEqual(output.failed_queries, []);
  assert.deepEqual(output.collection_stats, {
    queries_total: 4,
    queries_completed: 4,
    queries_failed: 0,
    queries_resumed: 0,
    query_attempts: 4,
    collectors: 1,
    candidates: 10,
    duplicates_removed: 2,
    dropped_over_limit: 0,
    sources: 7,
    verified: 7,
    unverified: 0,
    invalid_sources: 1,
    verification_attempts: 9,
  });
  assert.deepEqual(output.warnings, []);
});

test("one road: every query was an engine search in the run's task; its pages are the task's, each fetched once (verification reads the task's fetch, rechecks only the 503)", async () => {
  const { output, taskId, config } = await normalRun();
  assert.equal(output.task_id, taskId);
  await withEngine({ config, overrides: { stance: negationStance() } }, async (engine) => {
    assert.deepEqual(
      engine.store.listQueries(taskId).map((q) => [q.text, q.origin, q.status]),
      QUERIES.map((q) => [q.query, 'strategy', 'done']),
    );
    const pages = new Map(engine.materials(taskId, { limit: 1_000 }).pages.map((p) => [p.url, p]));
    for (const s of output.sources) assert.ok(pages.has(normalizeUrl(s.url)), `${s.url} is a page of task ${taskId}`);
    assert.equal(
      engine.store.findPageByUrl(taskId, normalizeUrl(u('gone.example.com', '/old')))?.fetchStatus,
      'failed',
      'the gone page is in the task, failed',
    );
  });
  // One GET per page (two for the page that answered 503 first), none for the duplicate copy.
  const gets = (host: string, path: string): number => web.requests.filter((r) => r.host === host && r.path === path).length;
  assert.deepEqual(
    [
      gets('www.stat.go.jp', '/data/sleep.html'),
      gets('www.who.int', '/publications/sleep'),
      gets('flaky.example.net', '/health'),
      gets('gone.example.com', '/old'),
    ],
    [1, 1, 2, 1],
  );
});

test('重複除去: one source per normalized URL and per normalized title', async () => {
  const { output } = await normalRun();
  const urls = output.sources.map((s) => normalizeUrl(s.url));
  assert.equal(new Set(urls).size, urls.length);
  assert.equal(output.sources.filter((s) => new URL(s.url).hostname === 'www.stat.go.jp').length, 1);
  const titles = output.sources.map((s) => s.title.toLowerCase().trim());
  assert.equal(new Set(titles).size, titles.length);
  assert.deepEqual(
    output.sources.filter((s) => s.title.toLowerCase().includes('sleep debt survey')).map((s) => s.url),
    [u('data.example.org', '/survey/sleep')],
  );
  assert.equal(output.collection_stats.duplicates_removed, 2);
});

test('品質評価: source_type and credibility_score from the URL (seed 003 §3.2), and the type distribution', async () => {
  const { output } = await normalRun();
  assert.deepEqual(
    output.sources.map((s) => [new URL(s.url).hostname, s.source_type, s.credibility_score]),
    [
      ['www.stat.go.jp', 'government_report', 0.85],
      ['data.example.org', 'statistics', 0.8],
      ['pubmed.ncbi.nlm.nih.gov', 'academic_paper', 0.9],
      ['flaky.example.net', 'other', 0.3],
      ['www.mckinsey.com', 'industry_report', 0.7],
      ['www.reuters.com', 'news_article', 0.5],
      ['www.who.int', 'official_document', 0.8],
    ],
  );
  assert.deepEqual(output.source_type_distribution, {
    academic_paper: 1,
    government_report: 1,
    statistics: 1,
    official_document: 1,
    industry_report: 1,
    news_article: 1,
    other: 1,
  });
});

test('フォールバック禁止: an LLM answer that does not parse is retryable with its first 500 characters, and nothing is searched', async () => {
  const raw = `Sure! Here are good queries for sleep debt: 1. sleep debt research statistics 2. ${'more text '.repeat(80)}`;
  const searx = await startFakeSearxng(searxAnswers, await startLoopbackWeb());
  closers.push(() => searx.web.close());
  const llm = await fakeLlm(() => ({ content: raw }));
  const { home, config } = setupHome({ searxngUrl: searx.baseUrl, llmUrl: llm.baseUrl });
  const out = join(home, 'sources.json');
  await assert.rejects(collect(config, { keyword: 'sleep debt', out }, { resolver }), (e: unknown) => {
    assert.ok(isLyraError(e));
    assert.deepEqual([e.category, e.code], ['retryable', 'query_generation_unparsable']);
    assert.equal(e.details.raw_response, raw.slice(0, 500));
    assert.equal((e.details.raw_response as string).length, 500);
    return true;
  });
  assert.equal(llm.bodies.length, 1);
  assert.deepEqual(searx.queries(), [], 'no query ran: no fixed fallback queries');
  assert.equal(searx.web.requests.length, 0);
  assert.equal(existsSync(checkpointPathFor(out)), false);
  assert.equal(existsSync(out), false);
});

test('ツール未登録: no web provider, corpus or scholarly source is a non_retryable error before anything runs', async () => {
  const llm = await fakeLlm(() => ({ content: JSON.stringify({ queries: QUERIES }) }));
  const { config } = setupHome({ llmUrl: llm.baseUrl });
  await assert.rejects(
    collect(config, { keyword: 'sleep debt' }),
    (e: unknown) => isLyraError(e) && e.category === 'non_retryable' && e.code === 'collector_missing' && /no primary collector/.test(e.message),
  );
  assert.equal(llm.bodies.length, 0);
  // Naming a web provider while web search is off is invalid input, as in lyra search.
  await assert.rejects(
    collect(config, { keyword: 'sleep debt', providers: ['searxng'] }),
    (e: unknown) => isLyraError(e) && e.category === 'invalid_input' && e.code === 'web_search_off',
  );
});

test('最低件数: fewer than 2 sources is retryable with the count and the failed queries (each tried twice, 1 s apart)', async () => {
  const searx = await startFakeSearxng(
    (q) =>
      q === 'k statistics'
        ? [{ url: u('www.who.int', '/publications/sleep'), title: 'WHO sleep guidance' }]
        : q === 'k government report'
          ? { status: 503 }
          : [],
    await startLoopbackWeb(),
  );
  closers.push(() => searx.web.close());
  const { home, config } = setupHome({ searxngUrl: searx.baseUrl });
  const waits: number[] = [];
  const out = join(home, 'sources.json');
  await assert.rejects(collect(config, { keyword: 'k', out }, { resolver, sleep: async (ms) => void waits.push(ms) }), (e: unknown) => {
    assert.ok(isLyraError(e));
    assert.deepEqual([e.category, e.code, e.details.collected, e.details.minimum], ['retryable', 'insufficient_sources', 1, 2]);
    const failed = e.details.failed_queries as Array<{ query: string; attempts: number; error: { category: string; code: string; message: string } }>;
    assert.deepEqual(
      failed.map((f) => [f.query, f.attempts, f.error.category, f.error.code]),
      [['k government report', 2, 'retryable', 'all_providers_failed']],
    );
    assert.match(failed[0]!.error.message, /HTTP 503/);
    assert.equal(typeof e.details.task_id, 'string');
    assert.equal(e.details.checkpoint, checkpointPathFor(out));
    return true;
  });
  assert.deepEqual(waits, [1000]);
  assert.deepEqual(searx.queries(), ['k statistics', 'k government report', 'k government report', 'k systematic review']);
  // Progress is kept for a retry; no output file is written.
  assert.equal(existsSync(checkpointPathFor(out)), true);
  assert.equal(existsSync(out), false);
});

test('チェックポイント: a run stopped during its fourth query resumes; the LLM and the first three queries are not repeated', async () => {
  const controller = new AbortController();
  const searx = await startFakeSearxng(
    (q) => {
      if (q === QUERIES[3]!.query && !controller.signal.aborted) controller.abort(new Error('stopped by the test'));
      return searxAnswers(q);
    },
    await startLoopbackWeb(),
  );
  closers.push(() => searx.web.close());
  const llm = await fakeLlm(() => ({ content: JSON.stringify({ queries: QUERIES }) }));
  const { home, config } = setupHome({ searxngUrl: searx.baseUrl, llmUrl: llm.baseUrl });
  const input: RunCollectInput = {
    keyword: 'sleep debt',
    outline: ['Prevalence statistics', 'Health effects', 'Workplace costs'],
    out: join(home, 'sources.json'),
  };
  await assert.rejects(collect(config, { ...input, signal: controller.signal }, { resolver }), /stopped by the test/);
  const saved = JSON.parse(readFileSync(checkpointPathFor(input.out!), 'utf8')) as { completed: Array<{ query: string }>; queries: { items: unknown[] } };
  assert.deepEqual([saved.completed.map((c) => c.query), saved.queries.items.length], [QUERIES.slice(0, 3).map((q) => q.query), 4]);

  const before = searx.queries().length;
  const { output } = await collect(config, input, { resolver, sleep: async () => undefined });
  assert.deepEqual(searx.queries().slice(before), [QUERIES[3]!.query]);
  assert.equal(llm.bodies.length, 1);
  assert.deepEqual(
    [output.query_generation.from_checkpoint, output.collection_stats.queries_resumed, output.collection_stats.queries_completed, output.sources.length],
    [true, 3, 4, 7],
  );
  assert.equal(existsSync(checkpointPathFor(input.out!)), false);

  // A fresh run with the same --out starts over: new queries from the LLM.
  writeFileSync(checkpointPathFor(input.out!), '{"version": 1}');
  await assert.rejects(collect(config, input, { resolver }), (e: unknown) => isLyraError(e) && e.code === 'checkpoint_invalid');
  await collect(config, { ...input, fresh: true }, { resolver, sleep: async () => undefined });
  assert.equal(llm.bodies.length, 2);
});

test("corpus sources: corpus:// hits of the built-in corpus are verified against the store and are the pages of the run's task; --no-verify warns", async () => {
  // Three claims a document instead of forty: the test is about the task holding the run, not the graph's depth (half the time).
  const { config } = setupHome({ extra: ['pipeline:', '  graph: { claims_per_page: 3, candidates_per_claim: 2 }'] });
  const { output, taskId } = await collect(config, { keyword: 'sea level rise', corpus: 'example', outline: ['Past sea level'] });
  assert.equal(output.task_id, taskId);
  await withEngine({ config, overrides: { stance: negationStance() } }, async (engine) => {
    const task = engine.store.getTask(taskId)!;
    assert.deepEqual([task.question, task.configSnapshot.providers], ['sea level rise', ['corpus:example']]);
    assert.deepEqual(
      engine.store.listQueries(taskId).map((q) => q.text),
      output.search_queries,
    );
    const materials = engine.materials(taskId, { limit: 1_000 });
    const pages = new Set(materials.pages.map((p) => p.url));
    assert.ok(
      output.sources.every((s) => pages.has(s.url)),
      'every source is a page of the task',
    );
    assert.ok(materials.paging.totalClaims > 0, 'the engine read the documents and extracted their claims');
  });
  // Another run in the same task (--task): its searches join the task, its pages are not registered twice.
  const again = await collect(config, { keyword: 'sea level rise', corpus: 'example', outline: ['Past sea level'], taskId });
  assert.equal(again.taskId, taskId);
  assert.deepEqual(
    again.output.sources.map((s) => s.url),
    output.sources.map((s) => s.url),
  );
  await assert.rejects(
    collect(config, { keyword: 'sea level rise', corpus: 'example', taskId: 'tsk_nope' }),
    (e: unknown) => isLyraError(e) && e.code === 'task_not_found',
  );
  assert.ok(output.sources.length >= 2);
  assert.ok(output.sources.every((s) => s.url.startsWith('corpus://example/') && s.verified && s.verification_status === null));
  assert.deepEqual(output.query_generation, { method: 'template', model: null, from_checkpoint: false });
  assert.ok(output.sources.some((s) => s.relevance_to_outline.includes('Past sea level')));
  assert.deepEqual(
    output.warnings.map((w) => w.code),
    ['checkpoints_off'],
  );
  const off = await collect(config, { keyword: 'sea level rise', corpus: 'example', verify: false });
  assert.deepEqual(
    off.output.warnings.map((w) => w.code),
    ['verification_off', 'checkpoints_off', 'low_verified_sources'],
  );
  assert.equal(off.output.collection_stats.verified, 0);
});
