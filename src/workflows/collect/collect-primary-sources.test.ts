// The workflow with test doubles of the core interfaces (providers, scholarly source, fetcher, LLM);
// the same points against real loopback servers are in app/collect.test.ts and cli/commands/collect.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NonRetryableError, RetryableError, isLyraError,
  type FetchRequest, type FetchResponse, type Fetcher, type Paper, type ScholarlySource, type SearchHit, type SearchProvider,
} from '../../core/index.js';
import { createMemoryCheckpointStore, type CollectCheckpoint } from './checkpoint.js';
import { collectPrimarySources, type CollectDeps } from './collect-primary-sources.js';
import { step5OutputSchema } from './schema.js';

function provider(name: string, answer: (query: string, n: number) => SearchHit[] | Error): SearchProvider & { calls: string[] } {
  const calls: string[] = [];
  return {
    name,
    calls,
    async search({ query }) {
      calls.push(query);
      const a = answer(query, calls.filter((c) => c === query).length);
      if (a instanceof Error) throw a;
      return a;
    },
  };
}

const hit = (url: string, title: string, snippet = ''): SearchHit => ({ url, title, snippet, score: 1, rank: 1, provider: 'web' });

function fetcher(statusOf: (url: string, n: number) => number | Error): Fetcher & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async fetch(req: FetchRequest): Promise<FetchResponse> {
      calls.push(req.url);
      const s = statusOf(req.url, calls.filter((c) => c === req.url).length);
      if (s instanceof Error) throw s;
      return { url: req.url, finalUrl: req.url, status: s, headers: {}, contentType: 'text/html', body: new Uint8Array(), text: '', charset: 'utf-8', fromCache: false, fetchedAt: '2024-01-01T00:00:00Z' };
    },
  };
}

function recordingSleep(): { sleep: CollectDeps['sleep']; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

const httpError = (status: number) => (status >= 500 ? new RetryableError(`GET x: HTTP ${status}`, { code: 'http_status', details: { status } }) : new NonRetryableError(`GET x: HTTP ${status}`, { code: 'http_status', details: { status } }));

test('a normal run: template queries, web and scholarly collectors, typed and scored sources, verification with the seed\'s retry', async () => {
  const web = provider('searxng', (q) => {
    if (q === 'sleep debt statistics') return [hit('https://www.stat.go.jp/data/sleep.html', 'Survey on time use', 'Average sleep time of Japanese adults'), hit('https://gone.example/x', 'Gone page')];
    if (q === 'sleep debt government report') return [hit('https://www.stat.go.jp/data/sleep.html?utm_source=x', 'Survey on time use (copy)')];
    if (q === 'sleep debt Health effects') return [hit('https://flaky.example/health', 'Health effects of short sleep', 'health effects on adults')];
    return [];
  });
  const paper: Paper = { id: 'W1', source: 'openalex', title: 'Sleep debt and mortality', abstract: 'A cohort study.', publishedAt: '2021-03-04', authors: ['Ito K', 'Sato M'], identifiers: { doi: '10.1000/xyz' } };
  const scholarly: ScholarlySource = { name: 'openalex', search: async (q) => (q === 'sleep debt systematic review' ? [paper] : []), getPaper: async () => undefined };
  const f = fetcher((url, n) => (url.startsWith('https://gone.') ? httpError(404) : url.startsWith('https://flaky.') && n === 1 ? httpError(503) : 200));
  const { sleep, waits } = recordingSleep();
  const checkpoints = createMemoryCheckpointStore();
  const out = await collectPrimarySources(
    { searchProviders: [web], scholarlySources: [scholarly], fetcher: f, checkpoints, sleep },
    { keyword: 'sleep debt', outline: ['Health effects'] },
  );
  assert.deepEqual(step5OutputSchema.parse(out), out);
  assert.deepEqual(out.search_queries, ['sleep debt statistics', 'sleep debt government report', 'sleep debt systematic review', 'sleep debt Health effects']);
  assert.deepEqual(out.sources.map((s) => [s.url, s.source_type, s.credibility_score, s.verified, s.verification_status, s.relevance_to_outline]), [
    ['https://www.stat.go.jp/data/sleep.html', 'government_report', 0.9, true, 200, []],
    ['https://doi.org/10.1000/xyz', 'academic_paper', 1, true, 200, []],
    ['https://flaky.example/health', 'other', 0.35, true, 200, ['Health effects']],
  ]);
  assert.deepEqual([out.sources[1]!.author_organization, out.sources[1]!.publication_date, out.sources[1]!.excerpt], ['Ito K, Sato M', '2021-03-04', 'A cohort study.']);
  assert.deepEqual(out.invalid_sources.map((i) => [i.url, i.error.code, i.verification_status, i.attempts, i.query]), [['https://gone.example/x', 'http_status', 404, 1, 'sleep debt statistics']]);
  // One verification retry after 0.5 s (the 503), none for the 404.
  assert.deepEqual(waits, [500]);
  assert.deepEqual(out.collection_stats, {
    queries_total: 4, queries_completed: 4, queries_failed: 0, queries_resumed: 0, query_attempts: 4, collectors: 2, candidates: 5, duplicates_removed: 1,
    dropped_over_limit: 0, sources: 3, verified: 3, unverified: 0, invalid_sources: 1, verification_attempts: 5,
  });
  assert.deepEqual(out.source_type_distribution, { academic_paper: 1, government_report: 1, statistics: 0, official_document: 0, industry_report: 0, news_article: 0, other: 1 });
  assert.deepEqual(out.warnings, []);
  // Checkpoints: after generation, after each of 4 queries, after each of 4 verifications.
  assert.equal(checkpoints.saves, 1 + 4 + 4);
});

test('per-query retry: 2 attempts 1 s apart; only the failing collector is asked again; a query fails only when no collector answered', async () => {
  const a = provider('a', (q, n) => (q.endsWith('statistics') && n === 1 ? new RetryableError('a: HTTP 503', { code: 'http_status' }) : q.endsWith('report') ? new RetryableError('a: down', { code: 'network_error' }) : [hit(`https://a.example/${encodeURIComponent(q)}`, `A ${q}`)]));
  const b = provider('b', (q) => (q.endsWith('report') ? new NonRetryableError('b: misconfigured', { code: 'provider_misconfigured' }) : [hit(`https://b.example/${encodeURIComponent(q)}`, `B ${q}`)]));
  const { sleep, waits } = recordingSleep();
  const out = await collectPrimarySources({ searchProviders: [a, b], sleep }, { keyword: 'k', verify: false });
  assert.deepEqual(a.calls, ['k statistics', 'k statistics', 'k government report', 'k government report', 'k systematic review']);
  // b's error is not retryable: asked once.
  assert.deepEqual(b.calls, ['k statistics', 'k government report', 'k systematic review']);
  assert.deepEqual(waits, [1000, 1000]);
  assert.deepEqual(out.failed_queries.map((f) => [f.query, f.attempts, f.error.category, f.error.code]), [['k government report', 2, 'retryable', 'all_collectors_failed']]);
  assert.match(out.failed_queries[0]!.error.message, /a: down.*b: misconfigured/);
  assert.equal(out.collection_stats.query_attempts, 2 + 2 + 1);
  assert.deepEqual(out.warnings.map((w) => w.code), ['verification_off', 'checkpoints_off', 'low_verified_sources']);
  assert.ok(out.sources.every((s) => !s.verified && s.verification_status === null));
});

test('required components: no collector is non_retryable; llm mode without an LLM is non_retryable; nothing is searched', async () => {
  await assert.rejects(collectPrimarySources({}, { keyword: 'k' }), (e: unknown) => isLyraError(e) && e.category === 'non_retryable' && e.code === 'collector_missing' && e.details.component === 'primary_collector');
  const p = provider('p', () => []);
  await assert.rejects(collectPrimarySources({ searchProviders: [p] }, { keyword: 'k', queryMode: 'llm' }), (e: unknown) => isLyraError(e) && e.code === 'llm_missing');
  assert.deepEqual(p.calls, []);
  await assert.rejects(collectPrimarySources({ searchProviders: [p] }, { keyword: '  ' }), (e: unknown) => isLyraError(e) && e.category === 'invalid_input');
});

test('an LLM answer that does not parse is retryable with the raw answer, and no query runs (no fallback)', async () => {
  const p = provider('p', () => [hit('https://a.example/', 'A')]);
  const raw = `I think you should search for: ${'sleep '.repeat(120)}`;
  const llm = { model: 'm', complete: async () => ({ content: raw }) };
  const checkpoints = createMemoryCheckpointStore();
  await assert.rejects(collectPrimarySources({ searchProviders: [p], llm, checkpoints }, { keyword: 'k' }), (e: unknown) => {
    assert.ok(isLyraError(e));
    assert.deepEqual([e.category, e.code, e.details.raw_response], ['retryable', 'query_generation_unparsable', raw.slice(0, 500)]);
    return true;
  });
  assert.deepEqual(p.calls, []);
  assert.equal(checkpoints.saves, 0);
});

test('fewer than 2 sources is retryable with the count and the failed queries; fewer than 1 verified is a warning', async () => {
  const p = provider('p', (q) => (q === 'k statistics' ? [hit('https://a.example/', 'A')] : q === 'k systematic review' ? new RetryableError('p: HTTP 503', { code: 'http_status' }) : []));
  const { sleep } = recordingSleep();
  await assert.rejects(collectPrimarySources({ searchProviders: [p], sleep }, { keyword: 'k', verify: false }), (e: unknown) => {
    assert.ok(isLyraError(e));
    assert.deepEqual([e.category, e.code, e.details.collected, e.details.minimum], ['retryable', 'insufficient_sources', 1, 2]);
    assert.deepEqual((e.details.failed_queries as Array<{ query: string }>).map((f) => f.query), ['k systematic review']);
    return true;
  });
  const two = provider('p', (q) => (q === 'k statistics' ? [hit('https://a.example/', 'A'), hit('https://b.example/', 'B')] : []));
  const out = await collectPrimarySources({ searchProviders: [two], fetcher: fetcher(() => httpError(503)), sleep }, { keyword: 'k' });
  assert.deepEqual(out.sources.map((s) => [s.verified, s.verification_status]), [[false, 503], [false, 503]]);
  assert.deepEqual(out.warnings.map((w) => w.code), ['checkpoints_off', 'source_unverified', 'source_unverified', 'low_verified_sources']);
});

test('resume: queries come from the checkpoint, completed queries and verified sources are skipped, failed queries retried', async () => {
  const checkpoints = createMemoryCheckpointStore();
  const controller = new AbortController();
  let llmCalls = 0;
  const llm = { model: 'm', complete: async () => (llmCalls++, { content: '{"queries": ["q1", "q2", "q3", "q4", "q5"]}' }) };
  const first = provider('p', (q) => {
    if (q === 'q4') controller.abort(new Error('killed'));
    return q === 'q2' ? new NonRetryableError('p: HTTP 400', { code: 'http_status' }) : [hit(`https://a.example/${q}`, `Title ${q}`)];
  });
  await assert.rejects(collectPrimarySources({ searchProviders: [first], llm, checkpoints }, { keyword: 'k', verify: false, signal: controller.signal }), /killed/);
  const saved = checkpoints.value as CollectCheckpoint;
  assert.deepEqual([saved.completed.map((c) => c.query), saved.failed.map((f) => f.query)], [['q1', 'q3'], ['q2']]);

  const second = provider('p', (q) => [hit(`https://a.example/${q}`, `Title ${q}`)]);
  const out = await collectPrimarySources({ searchProviders: [second], llm, checkpoints }, { keyword: 'k', verify: false });
  assert.equal(llmCalls, 1);
  assert.deepEqual(second.calls, ['q2', 'q4', 'q5']);
  assert.deepEqual([out.query_generation, out.collection_stats.queries_resumed, out.sources.length, out.failed_queries], [{ method: 'llm', model: 'm', from_checkpoint: true }, 2, 5, []]);

  // Another keyword with the same checkpoint is refused, not mixed in.
  await assert.rejects(collectPrimarySources({ searchProviders: [second], checkpoints }, { keyword: 'other' }), (e: unknown) => isLyraError(e) && e.code === 'checkpoint_mismatch');
});

test('corpus sources are verified by the store: present → verified, missing → invalid; no fetcher → web sources unverified with a warning', async () => {
  const corpus = provider('corpus', () => [
    { ...hit('corpus://docs/a', 'Doc A'), corpus: 'docs', id: 'a' },
    { ...hit('corpus://docs/b', 'Doc B'), corpus: 'docs', id: 'b' },
    { ...hit('corpus://docs/c', 'Doc C'), corpus: 'docs', id: 'c' },
    hit('https://web.example/', 'Web'),
    hit('ftp://x.example/', 'Bad scheme'),
  ]);
  const out = await collectPrimarySources({ searchProviders: [corpus], corpusDocumentExists: (r) => r.id !== 'b' }, { keyword: 'k', maxQueries: 1 });
  assert.deepEqual(out.sources.map((s) => [s.url, s.verified, s.verification_status]), [['corpus://docs/a', true, null], ['corpus://docs/c', true, null], ['https://web.example/', false, null]]);
  assert.deepEqual(out.invalid_sources.map((i) => [i.url, i.error.code]), [['ftp://x.example/', 'source_invalid'], ['corpus://docs/b', 'corpus_document_missing']]);
  assert.deepEqual(out.warnings.map((w) => w.code), ['checkpoints_off', 'queries_truncated', 'verification_unavailable']);
  assert.match(out.warnings[2]!.message, /1 web sources \(no fetcher/);
});

test('queries are data: "constructor" or "__proto__" run like any other query and resume like any other', async () => {
  const llm = { model: 'm', complete: async () => ({ content: '{"queries": ["constructor", "__proto__", "toString"]}' }) };
  const p = provider('p', (q) => [hit(`https://a.example/${encodeURIComponent(q)}`, `Title ${q}`)]);
  const checkpoints = createMemoryCheckpointStore();
  const out = await collectPrimarySources({ searchProviders: [p], llm, checkpoints }, { keyword: 'k', verify: false });
  assert.deepEqual(p.calls, ['constructor', '__proto__', 'toString']);
  assert.deepEqual([out.collection_stats.queries_completed, out.sources.length], [3, 3]);
  const again = await collectPrimarySources({ searchProviders: [p], llm, checkpoints }, { keyword: 'k', verify: false });
  assert.equal(again.collection_stats.queries_resumed, 3);
  assert.equal(p.calls.length, 3);
});
