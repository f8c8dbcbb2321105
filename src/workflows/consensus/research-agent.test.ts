import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_STRATEGIES } from './config.js';
import { initialContext } from './iteration.js';
import { ResearchAgent } from './research-agent.js';
import { RetryableError } from '../../core/index.js';
import { MemoryEngine, type MemoryDoc } from '../test-support/memory-engine.js';
import type { AgentStrategy, IterationContext } from './types.js';
import { keyFindingLine } from './agent-report.js';
import { keyFindingLines } from './final-report.js';

const DOCS: MemoryDoc[] = [
  {
    url: 'corpus://example/Sea_level_rise',
    title: 'Sea level rise',
    text: 'Global mean sea level rose about 20 cm between 1900 and 2018.\n\nThe rate of sea level rise has accelerated during recent decades because ice sheets melt faster.\n\nIs the rise going to continue?',
  },
  {
    url: 'https://noaa.example.edu/sea',
    title: 'NOAA sea level',
    publishedAt: '2024-12-30T00:00:00Z',
    text: 'Sea level rise accelerated to 4.5 mm per year in 2023 according to the National Oceanic and Atmospheric Administration (NOAA).\n\nCoastal flooding has increased in many United States cities.',
  },
  {
    url: 'https://blog.example/old',
    title: 'Old blog',
    publishedAt: '2019-01-01T00:00:00Z',
    text: 'Sea level rise was slower than expected in 2018 according to a blogger.',
  },
  {
    url: 'https://news.example/news/today',
    title: 'Today',
    publishedAt: '2024-12-31T00:00:00Z',
    text: 'Sea level rise threatens Pacific islands, officials said in December 2024.',
  },
];
const NOW = () => new Date('2025-01-01T00:00:00Z');

function agent(options: { strategy?: AgentStrategy; language?: 'ja' | 'en'; down?: boolean; failing?: string[]; agentCount?: number } = {}) {
  const engine = new MemoryEngine({
    providers: { corpus: options.down ? () => new RetryableError('HTTP 502 from searxng', { code: 'provider_failed' }) : DOCS },
    unreadable: options.failing ?? [],
    tasks: ['task_consensus'],
  });
  const a = new ResearchAgent({
    strategy: options.strategy ?? { ...DEFAULT_STRATEGIES[0]!, timeRange: 'all' },
    language: options.language ?? 'en',
    dependencies: { engine, taskId: 'task_consensus', providers: [{ name: 'corpus' }], now: NOW },
    ...(options.agentCount ? { agentCount: options.agentCount } : {}),
  });
  return { a, engine };
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
  assert.deepEqual(
    report.sources.map((s) => [s.url, s.trustLevel, s.reliabilityScore, s.sourceType]),
    [
      ['https://news.example/news/today', 'UNVERIFIED', 0.3, 'news'],
      ['corpus://example/Sea_level_rise', 'LOW', 0.4, 'community'],
      ['https://noaa.example.edu/sea', 'ACADEMIC', 0.9, 'academic'],
      ['https://blog.example/old', 'UNVERIFIED', 0.3, 'community'],
    ],
  );
  // A corpus document is known by its corpus:// URL; web pages carry no corpus.
  assert.deepEqual(
    report.sources.map((x) => x.corpus ?? null),
    [null, 'example', null, null],
  );
  assert.equal(report.sources[1]!.documentId, 'Sea_level_rise');
  for (const h of ['# sea level rise — agent 1 (official, announcement, statement)', '## Overview', '## Key findings', '## Key entities', '## Sources']) {
    assert.ok(report.content.includes(`${h}\n`), `missing ${h}`);
  }
  // Every quote is verbatim from the source it cites.
  const quotes = [...report.content.matchAll(/“([^”]+)” \[(\d+)\]/g)];
  assert.ok(quotes.length >= 3);
  for (const [, quote, n] of quotes) assert.ok(DOCS.find((d) => d.url === report.sources[Number(n) - 1]!.url)!.text!.includes(quote!), quote);
  for (const c of report.claims ?? []) assert.ok(DOCS.find((d) => d.url === c.sourceUrl)!.text!.includes(c.text), c.text);
  // Single-source statements below TRUSTED are marked; the ACADEMIC one is not.
  assert.match(report.content, /- \[unverified\] “The rate of sea level rise has accelerated during recent decades because ice sheets melt faster\.” \[2\]/);
  assert.match(report.content, /- “Sea level rise accelerated to 4\.5 mm per year in 2023[^”]*” \[3\]/);
  assert.ok(report.entities!.some((e) => e.text === 'NOAA' && e.kind === 'acronym'));
  assert.ok(report.entities!.some((e) => e.text === '4.5 mm' && e.kind === 'quantity'));
  assert.match(report.content, /- \[3\] NOAA sea level — <https:\/\/noaa\.example\.edu\/sea> \(reliability 90%, ACADEMIC, academic\)/);
  // The key findings are data too, and the Key findings section is their lines (what the final report uses).
  assert.ok(report.keyFindings && report.keyFindings.length >= 2);
  const number = (url: string): string => `[${report.sources.findIndex((s) => s.url === url) + 1}]`;
  assert.deepEqual(
    report.keyFindings.map((f) => keyFindingLine(f, number, 'en')),
    keyFindingLines(report.content, 'en'),
  );
});

test('covered sources are skipped; the time range drops dated old sources; preferred types come first', async () => {
  const news: AgentStrategy = { ...DEFAULT_STRATEGIES[1]!, maxResultsPerAgent: 10 }; // news, last week
  const { a, engine } = agent({ strategy: news });
  const report = await a.execute(ctx({ coveredSources: ['corpus://example/Sea_level_rise'] }));
  // The news page first (preferred), NOAA (dated in range), never the covered one or the 2019 blog.
  assert.deepEqual(
    report.sources.map((s) => s.url),
    ['https://news.example/news/today', 'https://noaa.example.edu/sea'],
  );
  assert.ok(!engine.reads.includes('corpus://example/Sea_level_rise'));
  assert.ok(!engine.reads.includes('https://blog.example/old'));
});

test('follow-up queries for open questions, shared between agents; a failing document is a warning', async () => {
  const { a, engine } = agent({ failing: ['https://blog.example/old'], agentCount: 2 });
  const report = await a.execute(ctx({ iteration: 2, isInitial: false, unresolvedQuestions: ['Pacific islands', 'ice sheets', 'coastal flooding'] }));
  // Agent 1 of 2 takes questions 0 and 2.
  assert.deepEqual(report.queries, ['sea level rise official announcement statement', 'Pacific islands', 'coastal flooding']);
  // Every query goes through the engine, in the run's task, with the agent's providers.
  assert.deepEqual(engine.searches.map((x) => x.query).sort(), [...report.queries].sort());
  assert.ok(engine.searches.every((x) => x.taskId === 'task_consensus' && x.providers.join() === 'corpus'));
  assert.match(report.content, /## Follow-up on open questions\n\n- Pacific islands — 1 more sources/);
  assert.deepEqual(report.warnings, ['https://blog.example/old: readSource: https://blog.example/old has no text (failed)']);
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
  await assert.rejects(agent({ down: true }).a.execute(ctx()), (e: Error & { code?: string; category?: string }) => {
    assert.match(
      e.message,
      /research agent 1: search failed for "sea level rise official announcement statement": retryable: every search provider failed for "[^"]+": corpus: HTTP 502 from searxng/,
    );
    assert.deepEqual([e.code, e.category], ['search_failed', 'retryable']);
    return true;
  });
});

test('an aborted signal stops the agent between steps with the signal’s reason', async () => {
  const controller = new AbortController();
  let reads = 0;
  const base = new MemoryEngine({ providers: { corpus: DOCS }, tasks: ['task_consensus'] });
  const engine = {
    search: base.search.bind(base),
    readSource: () => {
      reads++;
      controller.abort(new Error('stop now'));
      throw new Error('aborted read');
    },
  };
  const a = new ResearchAgent({
    strategy: { ...DEFAULT_STRATEGIES[0]!, maxResultsPerAgent: 4 },
    language: 'en',
    fetchConcurrency: 1,
    dependencies: { engine, taskId: 'task_consensus', providers: [{ name: 'corpus' }], now: NOW },
  });
  await assert.rejects(a.execute(ctx(), { signal: controller.signal }), /stop now/);
  assert.equal(reads, 1); // the other three documents were never requested
});

test('specialised providers are asked only by agents preferring their source type', async () => {
  const paper: MemoryDoc = {
    url: 'https://doi.example/10.1/sea',
    title: 'A paper',
    text: 'Sea level rise accelerated because ice sheets in Greenland lost mass faster.',
    sourceType: 'academic_paper',
  };
  const engine = new MemoryEngine({ providers: { corpus: DOCS, semantic_scholar: [paper] }, tasks: ['task_consensus'] });
  const providers = [{ name: 'corpus' }, { name: 'semantic_scholar', sourceTypes: ['academic' as const] }];
  const deps = (strategy: AgentStrategy) =>
    new ResearchAgent({ strategy, language: 'en', dependencies: { engine, taskId: 'task_consensus', providers, now: NOW } });
  const askedScholarly = (): number => engine.searches.filter((x) => x.providers.includes('semantic_scholar')).length;
  await deps({ ...DEFAULT_STRATEGIES[0]!, timeRange: 'all' }).execute(ctx());
  assert.equal(askedScholarly(), 0);
  const r = await deps({ ...DEFAULT_STRATEGIES[2]!, preferredSources: ['academic'], timeRange: 'all' }).execute(ctx());
  assert.equal(askedScholarly(), 1);
  // The scholarly provider's paper counts as academic; it comes after the corpus's pages, as the engine
  // lists papers after its providers' ranking, and with the ACADEMIC NOAA page before the rest.
  assert.deepEqual(
    r.sources.slice(0, 2).map((x) => [x.url, x.sourceType]),
    [
      ['https://noaa.example.edu/sea', 'academic'],
      [paper.url, 'academic'],
    ],
  );
  assert.throws(
    () =>
      new ResearchAgent({
        strategy: DEFAULT_STRATEGIES[0]!,
        language: 'en',
        providers: ['searxng'],
        dependencies: { engine, taskId: 'task_consensus', providers: [{ name: 'corpus' }] },
      }),
    /search provider searxng not available \(have: corpus\)/,
  );
});

test('a Japanese topic gets a Japanese report: seed headings, 「」 quotes, [要検証] labels', async () => {
  const docs: MemoryDoc[] = [
    { url: 'corpus://ja/1', title: '海面上昇', text: '世界の平均海面は2018年までの100年間に約20cm上昇した。\n\n海面上昇は近年加速していると報告されている。' },
    { url: 'https://www.env.example.go.jp/sea', title: '環境省', text: '環境省は、海面上昇により沿岸の浸水被害が増加すると発表した。' },
  ];
  const a = new ResearchAgent({
    strategy: DEFAULT_STRATEGIES[0]!,
    language: 'ja',
    dependencies: {
      engine: new MemoryEngine({ providers: { corpus: docs }, tasks: ['task_consensus'] }),
      taskId: 'task_consensus',
      providers: [{ name: 'corpus' }],
      now: NOW,
    },
  });
  const report = await a.execute({ ...initialContext('海面上昇'), topic: '海面上昇' });
  assert.deepEqual(report.queries, ['海面上昇 公式 発表 オフィシャル']);
  assert.match(report.content, /^# 海面上昇 — エージェント1（公式・発表・オフィシャル）\n/);
  for (const h of ['## 概要', '## 主要な発見', '## 出典']) assert.ok(report.content.includes(`\n${h}\n`), h);
  assert.match(report.content, /- \[要検証\] 「[^」]+」 \[\d\]/);
  for (const [, quote, n] of report.content.matchAll(/「([^」]+)」 \[(\d+)\]/g)) {
    assert.ok(docs.find((d) => d.url === report.sources[Number(n) - 1]!.url)!.text!.includes(quote!), quote);
  }
  assert.match(report.content, /（信頼度 \d+%、(?:LOW|UNVERIFIED)、/);
  assert.ok(report.entities!.some((e) => e.text === '2018年' && e.kind === 'date'));
});
