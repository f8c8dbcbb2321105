import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SearchProvider } from '../../core/index.js';
import { DEFAULT_STRATEGIES } from './config.js';
import { initialContext } from './iteration.js';
import { ResearchAgent } from './research-agent.js';
import { memoryDocuments, memorySearch, testTrust, type MemoryDoc } from './test-support/doubles.js';
import type { AgentStrategy, IterationContext } from './types.js';

const DOCS: MemoryDoc[] = [
  {
    url: 'corpus://example/Sea_level_rise', corpus: 'example', id: 'Sea_level_rise', title: 'Sea level rise',
    text: 'Global mean sea level rose about 20 cm between 1900 and 2018.\n\nThe rate of sea level rise has accelerated during recent decades because ice sheets melt faster.\n\nIs the rise going to continue?',
  },
  {
    url: 'https://noaa.example.edu/sea', title: 'NOAA sea level', publishedAt: '2024-12-30T00:00:00Z',
    text: 'Sea level rise accelerated to 4.5 mm per year in 2023 according to the National Oceanic and Atmospheric Administration (NOAA).\n\nCoastal flooding has increased in many United States cities.',
  },
  {
    url: 'https://blog.example/old', title: 'Old blog', publishedAt: '2019-01-01T00:00:00Z',
    text: 'Sea level rise was slower than expected in 2018 according to a blogger.',
  },
  {
    url: 'https://news.example/news/today', title: 'Today', publishedAt: '2024-12-31T00:00:00Z',
    text: 'Sea level rise threatens Pacific islands, officials said in December 2024.',
  },
];
const NOW = () => new Date('2025-01-01T00:00:00Z');

function agent(options: { strategy?: AgentStrategy; language?: 'ja' | 'en'; search?: SearchProvider[]; failing?: string[]; agentCount?: number } = {}) {
  const search = options.search ?? [memorySearch('corpus', DOCS)];
  const documents = memoryDocuments(DOCS, { failing: options.failing ?? [] });
  const a = new ResearchAgent({
    strategy: options.strategy ?? { ...DEFAULT_STRATEGIES[0]!, timeRange: 'all' },
    language: options.language ?? 'en',
    dependencies: { search: search.map((provider) => ({ provider })), documents, trust: testTrust, now: NOW },
    ...(options.agentCount ? { agentCount: options.agentCount } : {}),
  });
  return { a, documents, search };
}

const ctx = (extra: Partial<IterationContext> = {}): IterationContext => ({ ...initialContext('sea level rise'), ...extra });

test('queries: the seed’s Japanese modifiers for Japanese topics, English ones for English topics, an area to deepen later', () => {
  const ja = agent({ language: 'ja' }).a;
  assert.equal(ja.buildSearchQuery('海面上昇', ctx()), '海面上昇 公式 発表 オフィシャル');
  const en = agent({ language: 'en' }).a;
  assert.equal(en.buildSearchQuery('sea level rise', ctx()), 'sea level rise official announcement statement');
  // agentId 1 % 2 areas → the second area.
  const later = ctx({ iteration: 2, isInitial: false, areasToDeepen: ['consistency check', 'broader coverage'] });
  assert.equal(en.buildSearchQuery('sea level rise', later), 'sea level rise broader coverage official announcement statement');
  assert.equal(en.buildSearchQuery('sea level rise', { ...later, areasToDeepen: [] }), 'sea level rise official announcement statement');
  const third = agent({ strategy: DEFAULT_STRATEGIES[2]!, language: 'ja' }).a;
  assert.equal(third.buildSearchQuery('海面上昇', ctx()), '海面上昇 分析 考察 懸念 課題');
});

test('a report: sources read with their trust, sections, verbatim quotes with citations, entities', async () => {
  const { a } = agent();
  const report = await a.execute(ctx());
  assert.equal(report.agentId, 1);
  assert.equal(report.reportId, 'report-1-1-1');
  assert.deepEqual(report.queries, ['sea level rise official announcement statement']);
  // Agent 1 prefers official sources and none is: the provider's ranking stands.
  assert.deepEqual(report.sources.map((s) => [s.url, s.trustLevel, s.reliabilityScore, s.sourceType]), [
    ['https://news.example/news/today', 'UNVERIFIED', 0.3, 'news'],
    ['corpus://example/Sea_level_rise', 'LOW', 0.4, 'community'],
    ['https://noaa.example.edu/sea', 'ACADEMIC', 0.9, 'academic'],
    ['https://blog.example/old', 'UNVERIFIED', 0.3, 'community'],
  ]);
  assert.equal(report.sources[0]!.corpus, undefined); // the document double carries no corpus
  for (const h of ['# sea level rise — agent 1 (official, announcement, statement)', '## Overview', '## Key findings', '## Key entities', '## Sources']) {
    assert.ok(report.content.includes(`${h}\n`), `missing ${h}`);
  }
  // Every quote is verbatim from the source it cites.
  const quotes = [...report.content.matchAll(/“([^”]+)” \[(\d+)\]/g)];
  assert.ok(quotes.length >= 3);
  for (const [, quote, n] of quotes) assert.ok(DOCS.find((d) => d.url === report.sources[Number(n) - 1]!.url)!.text.includes(quote!), quote);
  for (const c of report.claims ?? []) assert.ok(DOCS.find((d) => d.url === c.sourceUrl)!.text.includes(c.text), c.text);
  // Single-source statements below TRUSTED are marked; the ACADEMIC one is not.
  assert.match(report.content, /- \[unverified\] “The rate of sea level rise has accelerated during recent decades because ice sheets melt faster\.” \[2\]/);
  assert.match(report.content, /- “Sea level rise accelerated to 4\.5 mm per year in 2023[^”]*” \[3\]/);
  assert.ok(report.entities!.some((e) => e.text === 'NOAA' && e.kind === 'acronym'));
  assert.ok(report.entities!.some((e) => e.text === '4.5 mm' && e.kind === 'quantity'));
  assert.match(report.content, /- \[3\] NOAA sea level — <https:\/\/noaa\.example\.edu\/sea> \(reliability 90%, ACADEMIC, academic\)/);
});

test('covered sources are skipped; the time range drops dated old sources; preferred types come first', async () => {
  const news: AgentStrategy = { ...DEFAULT_STRATEGIES[1]!, maxResultsPerAgent: 10 }; // news, last week
  const { a, documents } = agent({ strategy: news });
  const report = await a.execute(ctx({ coveredSources: ['corpus://example/Sea_level_rise'] }));
  // The news page first (preferred), NOAA (dated in range), never the covered one or the 2019 blog.
  assert.deepEqual(report.sources.map((s) => s.url), ['https://news.example/news/today', 'https://noaa.example.edu/sea']);
  assert.ok(!documents.reads.includes('corpus://example/Sea_level_rise'));
  assert.ok(!documents.reads.includes('https://blog.example/old'));
});

test('follow-up queries for open questions, shared between agents; a failing document is a warning', async () => {
  const search = memorySearch('corpus', DOCS);
  const { a } = agent({ search: [search], failing: ['https://blog.example/old'], agentCount: 2 });
  const report = await a.execute(ctx({ iteration: 2, isInitial: false, unresolvedQuestions: ['Pacific islands', 'ice sheets', 'coastal flooding'] }));
  // Agent 1 of 2 takes questions 0 and 2.
  assert.deepEqual(report.queries, ['sea level rise official announcement statement', 'Pacific islands', 'coastal flooding']);
  assert.deepEqual(search.queries.slice(1), ['Pacific islands', 'coastal flooding']);
  assert.match(report.content, /## Follow-up on open questions\n\n- Pacific islands — 1 more sources/);
  assert.deepEqual(report.warnings, ['https://blog.example/old: fetch https://blog.example/old: HTTP 503']);
});

test('no new source, or no readable source, is an error naming the agent and the query', async () => {
  const { a } = agent();
  await assert.rejects(a.execute(ctx({ coveredSources: DOCS.map((d) => d.url) })), (e: Error & { code?: string }) => {
    assert.equal(e.code, 'no_sources');
    assert.match(e.message, /research agent 1: no new source for "sea level rise official announcement statement" \(4 hits; 4 already covered/);
    return true;
  });
  const broken = agent({ failing: DOCS.map((d) => d.url) }).a;
  await assert.rejects(broken.execute(ctx()), /research agent 1: none of 4 sources could be read/);
  const down: SearchProvider = { name: 'web', search: async () => { throw new Error('HTTP 502 from searxng'); } };
  await assert.rejects(agent({ search: [down] }).a.execute(ctx()), /research agent 1: search failed for "sea level rise official announcement statement": web: HTTP 502 from searxng/);
});

test('an aborted signal stops the agent between steps with the signal’s reason', async () => {
  const controller = new AbortController();
  let reads = 0;
  const documents = {
    read: async () => {
      reads++;
      controller.abort(new Error('stop now'));
      throw new Error('aborted read');
    },
  };
  const a = new ResearchAgent({
    strategy: { ...DEFAULT_STRATEGIES[0]!, maxResultsPerAgent: 4 },
    language: 'en',
    fetchConcurrency: 1,
    dependencies: { search: [{ provider: memorySearch('corpus', DOCS) }], documents, trust: testTrust, now: NOW },
  });
  await assert.rejects(a.execute(ctx(), { signal: controller.signal }), /stop now/);
  assert.equal(reads, 1); // the other three documents were never requested
});

test('specialised providers are asked only by agents preferring their source type', async () => {
  const general = memorySearch('corpus', DOCS);
  const paper: MemoryDoc = { url: 'https://doi.example/10.1/sea', title: 'A paper', text: 'Sea level rise accelerated because ice sheets in Greenland lost mass faster.' };
  const scholarly = memorySearch('scholarly', [paper]);
  const deps = (strategy: AgentStrategy) => new ResearchAgent({
    strategy, language: 'en',
    dependencies: { search: [{ provider: general }, { provider: scholarly, sourceTypes: ['academic'] }], documents: memoryDocuments([...DOCS, paper]), trust: testTrust, now: NOW },
  });
  await deps({ ...DEFAULT_STRATEGIES[0]!, timeRange: 'all' }).execute(ctx());
  assert.equal(scholarly.queries.length, 0);
  const r = await deps({ ...DEFAULT_STRATEGIES[2]!, preferredSources: ['academic'], timeRange: 'all' }).execute(ctx());
  assert.equal(scholarly.queries.length, 1);
  // The scholarly provider's hit counts as academic, so this agent reads it first.
  assert.deepEqual([r.sources[0]!.url, r.sources[0]!.sourceType], [paper.url, 'academic']);
  assert.throws(() => new ResearchAgent({ strategy: DEFAULT_STRATEGIES[0]!, language: 'en', providers: ['searxng'], dependencies: { search: [{ provider: general }], documents: memoryDocuments(DOCS), trust: testTrust } }), /search provider searxng not available \(have: corpus\)/);
});

test('a Japanese topic gets a Japanese report: seed headings, 「」 quotes, [要検証] labels', async () => {
  const docs: MemoryDoc[] = [
    { url: 'corpus://ja/1', corpus: 'ja', id: '1', title: '海面上昇', text: '世界の平均海面は2018年までの100年間に約20cm上昇した。\n\n海面上昇は近年加速していると報告されている。' },
    { url: 'https://www.env.example.go.jp/sea', title: '環境省', text: '環境省は、海面上昇により沿岸の浸水被害が増加すると発表した。' },
  ];
  const a = new ResearchAgent({
    strategy: DEFAULT_STRATEGIES[0]!, language: 'ja',
    dependencies: { search: [{ provider: memorySearch('corpus', docs) }], documents: memoryDocuments(docs), trust: testTrust, now: NOW },
  });
  const report = await a.execute({ ...initialContext('海面上昇'), topic: '海面上昇' });
  assert.deepEqual(report.queries, ['海面上昇 公式 発表 オフィシャル']);
  assert.match(report.content, /^# 海面上昇 — エージェント1（公式・発表・オフィシャル）\n/);
  for (const h of ['## 概要', '## 主要な発見', '## 出典']) assert.ok(report.content.includes(`\n${h}\n`), h);
  assert.match(report.content, /- \[要検証\] 「[^」]+」 \[\d\]/);
  for (const [, quote, n] of report.content.matchAll(/「([^」]+)」 \[(\d+)\]/g)) {
    assert.ok(docs.find((d) => d.url === report.sources[Number(n) - 1]!.url)!.text.includes(quote!), quote);
  }
  assert.match(report.content, /（信頼度 \d+%、(?:LOW|UNVERIFIED)、/);
  assert.ok(report.entities!.some((e) => e.text === '2018年' && e.kind === 'date'));
});
