// The workflow over an in-memory engine (search, readSource, checkSource) and an LLM double; the same
// points against a real engine on loopback servers and the example corpus are in app/collect/collect.test.ts and
// cli/commands/collect.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidInputError, NonRetryableError, RetryableError, isLyraError } from '../../core/index.js';
import { createMemoryCheckpointStore, type CollectCheckpoint } from './checkpoint.js';
import { collectPrimarySources, type CollectDeps } from './collect-primary-sources.js';
import { step5OutputSchema } from './schema.js';
import { MemoryEngine, type MemoryDoc, type MemoryProvider } from '../test-support/memory-engine.js';
import type { CollectEngine } from './adapters.js';

const page = (url: string, title: string, text = ''): MemoryDoc => ({ url, title, text });

/** The engine with another search in place of its own. */
const withSearch = (engine: MemoryEngine, search: CollectEngine['search']): CollectEngine => ({
  search,
  readSource: engine.readSource.bind(engine),
  checkSource: engine.checkSource.bind(engine),
});

function recordingSleep(): { sleep: NonNullable<CollectDeps['sleep']>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

const httpError = (status: number) =>
  status >= 500
    ? new RetryableError(`GET x: HTTP ${status}`, { code: 'http_status', details: { status } })
    : new NonRetryableError(`GET x: HTTP ${status}`, { code: 'http_status', details: { status } });

/** Deps over the engine: every provider it has (those named `openalex` are scholarly), a task function that records its calls. */
function depsOf(
  engine: CollectEngine,
  providers: Record<string, MemoryProvider>,
  extra: Partial<CollectDeps> = {},
): CollectDeps & { taskCalls: Array<string | undefined> } {
  const taskCalls: Array<string | undefined> = [];
  return {
    engine,
    providers: Object.keys(providers).map((name) => ({ name, ...(name === 'openalex' ? { scholarly: true } : {}) })),
    task: async (resumed) => {
      taskCalls.push(resumed);
      return resumed ?? 'task-1';
    },
    taskCalls,
    ...extra,
  };
}

function setup(
  providers: Record<string, MemoryProvider>,
  options: { answer?: (url: string, n: number) => number | Error; missing?: string[] } = {},
  extra: Partial<CollectDeps> = {},
) {
  const engine = new MemoryEngine({ providers, ...options, tasks: ['task-1'] });
  return { engine, deps: depsOf(engine, providers, extra) };
}

test("a normal run: template queries as engine searches in the run's task, web and scholarly providers, typed and scored sources, verification through the engine with the seed's retry", async () => {
  const stat = 'https://www.stat.go.jp/data/sleep.html';
  const { engine, deps } = setup(
    {
      searxng: (q) => {
        if (q === 'sleep debt statistics')
          return [page(stat, 'Survey on time use', 'Average sleep time of Japanese adults'), page('https://gone.example/x', 'Gone page')];
        if (q === 'sleep debt government report') return [page(`${stat}?utm_source=x`, 'Survey on time use (copy)')];
        if (q === 'sleep debt Health effects') return [page('https://flaky.example/health', 'Health effects of short sleep', 'health effects on adults')];
        return [];
      },
      openalex: (q) =>
        q === 'sleep debt systematic review'
          ? [
              {
                url: 'https://doi.org/10.1000/xyz',
                title: 'Sleep debt and mortality',
                text: 'A cohort study.',
                publishedAt: '2021-03-04',
                authors: ['Ito K', 'Sato M'],
                identifiers: { doi: '10.1000/xyz' },
                paper: true,
              },
            ]
          : [],
    },
    { answer: (url, n) => (url.startsWith('https://gone.') ? httpError(404) : url.startsWith('https://flaky.') && n === 1 ? httpError(503) : 200) },
  );
  const { sleep, waits } = recordingSleep();
  const checkpoints = createMemoryCheckpointStore();
  const out = await collectPrimarySources({ ...deps, checkpoints, sleep }, { keyword: 'sleep debt', outline: ['Health effects'] });
  assert.deepEqual(step5OutputSchema.parse(out), out);
  assert.equal(out.task_id, 'task-1');
  assert.deepEqual(deps.taskCalls, [undefined], 'one task, asked for once');
  assert.deepEqual(out.search_queries, ['sleep debt statistics', 'sleep debt government report', 'sleep debt systematic review', 'sleep debt Health effects']);
  // Every query is one engine search in the run's task, asking both providers (scholarly ones on every query).
  assert.deepEqual(
    engine.searches.map((s) => [s.taskId, s.query, s.providers, s.maxPages, s.seekPrimary]),
    out.search_queries.map((q) => ['task-1', q, ['searxng', 'openalex'], 20, true]),
  );
  assert.deepEqual(
    out.sources.map((s) => [s.url, s.source_type, s.credibility_score, s.verified, s.verification_status, s.relevance_to_outline]),
    [
      [stat, 'government_report', 0.9, true, 200, []],
      ['https://doi.org/10.1000/xyz', 'academic_paper', 1, true, 200, []],
      ['https://flaky.example/health', 'other', 0.35, true, 200, ['Health effects']],
    ],
  );
  assert.deepEqual(
    [out.sources[0]!.excerpt, out.sources[1]!.author_organization, out.sources[1]!.publication_date, out.sources[1]!.excerpt],
    ['Average sleep time of Japanese adults', 'Ito K, Sato M', '2021-03-04', 'A cohort study.'],
  );
  assert.deepEqual(
    out.invalid_sources.map((i) => [i.url, i.error.code, i.verification_status, i.attempts, i.query]),
    [['https://gone.example/x', 'http_status', 404, 1, 'sleep debt statistics']],
  );
  // Verification reads the task's own fetches: the page the search read is not fetched again; the paper
  // (registered by its abstract) is fetched once; the 503 is retried once after 0.5 s, the 404 never.
  assert.deepEqual(waits, [500]);
  assert.deepEqual(engine.fetches.filter((u) => u === stat).length, 1);
  assert.deepEqual(
    engine.checks.filter((c) => c.recheck).map((c) => c.url),
    ['https://flaky.example/health'],
  );
  assert.deepEqual(out.collection_stats, {
    queries_total: 4,
    queries_completed: 4,
    queries_failed: 0,
    queries_resumed: 0,
    query_attempts: 4,
    collectors: 2,
    candidates: 5,
    duplicates_removed: 1,
    dropped_over_limit: 0,
    sources: 3,
    verified: 3,
    unverified: 0,
    invalid_sources: 1,
    verification_attempts: 5,
  });
  assert.deepEqual(out.source_type_distribution, {
    academic_paper: 1,
    government_report: 1,
    statistics: 0,
    official_document: 0,
    industry_report: 0,
    news_article: 0,
    other: 1,
  });
  assert.deepEqual(out.warnings, []);
  // Checkpoints: after generation, after each of 4 queries, after each of 4 verifications; each names the task.
  assert.equal(checkpoints.saves, 1 + 4 + 4);
  assert.equal((checkpoints.value as CollectCheckpoint).taskId, 'task-1');
  // The run's pages are the task's pages.
  assert.deepEqual(
    new Set(engine.pagesOf('task-1').map((p) => p.url)),
    new Set([stat, 'https://gone.example/x', 'https://doi.org/10.1000/xyz', 'https://flaky.example/health']),
  );
});

test("per-query retry: a search where no provider answered is tried twice, 1 s apart; one where some answered is done, the others' failures are warnings", async () => {
  const a: MemoryProvider = (q, n) =>
    q.endsWith('statistics') && n === 1
      ? new RetryableError('a: HTTP 503', { code: 'http_status' })
      : q.endsWith('report')
        ? new RetryableError('a: down', { code: 'network_error' })
        : [page(`https://a.example/${encodeURIComponent(q)}`, `A ${q}`)];
  const b: MemoryProvider = (q) =>
    q.endsWith('report')
      ? new NonRetryableError('b: misconfigured', { code: 'provider_misconfigured' })
      : [page(`https://b.example/${encodeURIComponent(q)}`, `B ${q}`)];
  const { engine, deps } = setup({ a, b });
  const { sleep, waits } = recordingSleep();
  const out = await collectPrimarySources({ ...deps, sleep }, { keyword: 'k', verify: false });
  assert.deepEqual(engine.calls.a, ['k statistics', 'k government report', 'k government report', 'k systematic review']);
  assert.deepEqual(engine.calls.b, ['k statistics', 'k government report', 'k government report', 'k systematic review']);
  assert.deepEqual(waits, [1000]);
  assert.deepEqual(
    out.failed_queries.map((f) => [f.query, f.attempts, f.error.category, f.error.code]),
    [['k government report', 2, 'retryable', 'all_providers_failed']],
  );
  assert.match(out.failed_queries[0]!.error.message, /a: down.*b: misconfigured/);
  assert.equal(out.collection_stats.query_attempts, 1 + 2 + 1);
  assert.deepEqual(
    out.warnings.map((w) => w.code),
    ['verification_off', 'checkpoints_off', 'collector_failed', 'low_verified_sources'],
  );
  assert.match(out.warnings[2]!.message, /^a gave no answer after 1 attempt\(s\): retryable: a: HTTP 503/);
  assert.ok(out.sources.every((s) => !s.verified && s.verification_status === null));
  assert.equal(engine.checks.length, 0, 'verification off: nothing checked');
});

test('required components: no provider is non_retryable; llm mode without an LLM is non_retryable; nothing is searched and no task is made', async () => {
  const { engine, deps } = setup({ p: () => [] });
  await assert.rejects(
    collectPrimarySources({ ...deps, providers: [] }, { keyword: 'k' }),
    (e: unknown) => isLyraError(e) && e.category === 'non_retryable' && e.code === 'collector_missing' && e.details.component === 'primary_collector',
  );
  await assert.rejects(collectPrimarySources(deps, { keyword: 'k', queryMode: 'llm' }), (e: unknown) => isLyraError(e) && e.code === 'llm_missing');
  await assert.rejects(collectPrimarySources(deps, { keyword: '  ' }), (e: unknown) => isLyraError(e) && e.category === 'invalid_input');
  assert.deepEqual(engine.searches, []);
  assert.deepEqual(deps.taskCalls, []);
});

test('an LLM answer that does not parse is retryable with the raw answer; no query runs, no task is made (no fallback)', async () => {
  const { engine, deps } = setup({ p: () => [page('https://a.example/', 'A')] });
  const raw = `I think you should search for: ${'sleep '.repeat(120)}`;
  const llm = { model: 'm', complete: async () => ({ content: raw }) };
  const checkpoints = createMemoryCheckpointStore();
  await assert.rejects(collectPrimarySources({ ...deps, llm, checkpoints }, { keyword: 'k' }), (e: unknown) => {
    assert.ok(isLyraError(e));
    assert.deepEqual([e.category, e.code, e.details.raw_response], ['retryable', 'query_generation_unparsable', raw.slice(0, 500)]);
    return true;
  });
  assert.deepEqual([engine.searches, deps.taskCalls, checkpoints.saves], [[], [], 0]);
});

test('fewer than 2 sources is retryable with the count, the failed queries and the task; fewer than 1 verified is a warning', async () => {
  const { sleep } = recordingSleep();
  const one = setup({
    p: (q) =>
      q === 'k statistics' ? [page('https://a.example/', 'A')] : q === 'k systematic review' ? new RetryableError('p: HTTP 503', { code: 'http_status' }) : [],
  });
  await assert.rejects(collectPrimarySources({ ...one.deps, sleep }, { keyword: 'k', verify: false }), (e: unknown) => {
    assert.ok(isLyraError(e));
    assert.deepEqual([e.category, e.code, e.details.collected, e.details.minimum, e.details.task_id], ['retryable', 'insufficient_sources', 1, 2, 'task-1']);
    assert.deepEqual(
      (e.details.failed_queries as Array<{ query: string }>).map((f) => f.query),
      ['k systematic review'],
    );
    return true;
  });
  // Both pages answer 503 to the search's fetch and to the recheck: kept, unverified, with the status.
  const two = setup(
    { p: (q) => (q === 'k statistics' ? [page('https://a.example/', 'A'), page('https://b.example/', 'B')] : []) },
    { answer: () => httpError(503) },
  );
  const out = await collectPrimarySources({ ...two.deps, sleep }, { keyword: 'k' });
  assert.deepEqual(
    out.sources.map((s) => [s.verified, s.verification_status, s.excerpt]),
    [
      [false, 503, ''],
      [false, 503, ''],
    ],
  );
  assert.deepEqual(
    out.warnings.map((w) => w.code),
    ['checkpoints_off', 'source_unverified', 'source_unverified', 'low_verified_sources'],
  );
  // Each page: the task's own 503, then one recheck (two pages are verified at once, so in any order).
  assert.deepEqual(two.engine.checks.map((c) => `${c.url} ${c.recheck}`).sort(), [
    'https://a.example/ false',
    'https://a.example/ true',
    'https://b.example/ false',
    'https://b.example/ true',
  ]);
});

test('resume: the same task, queries from the checkpoint, completed queries and verified sources skipped, failed queries retried', async () => {
  const checkpoints = createMemoryCheckpointStore();
  const controller = new AbortController();
  let llmCalls = 0;
  const llm = { model: 'm', complete: async () => (llmCalls++, { content: '{"queries": ["q1", "q2", "q3", "q4", "q5"]}' }) };
  const first = setup({
    p: (q) => {
      if (q === 'q4') controller.abort(new Error('killed'));
      return q === 'q2' ? new NonRetryableError('p: HTTP 400', { code: 'http_status' }) : [page(`https://a.example/${q}`, `Title ${q}`)];
    },
  });
  await assert.rejects(collectPrimarySources({ ...first.deps, llm, checkpoints }, { keyword: 'k', verify: false, signal: controller.signal }), /killed/);
  const saved = checkpoints.value as CollectCheckpoint;
  assert.deepEqual([saved.taskId, saved.completed.map((c) => c.query), saved.failed.map((f) => f.query)], ['task-1', ['q1', 'q3'], ['q2']]);

  const second = setup({ p: (q) => [page(`https://a.example/${q}`, `Title ${q}`)] });
  const out = await collectPrimarySources({ ...second.deps, llm, checkpoints }, { keyword: 'k', verify: false });
  assert.equal(llmCalls, 1);
  assert.deepEqual(second.deps.taskCalls, ['task-1'], "the task function is given the checkpoint's task");
  assert.deepEqual(
    second.engine.searches.map((s) => [s.taskId, s.query]),
    [
      ['task-1', 'q2'],
      ['task-1', 'q4'],
      ['task-1', 'q5'],
    ],
  );
  assert.deepEqual(
    [out.query_generation, out.collection_stats.queries_resumed, out.sources.length, out.failed_queries, out.task_id],
    [{ method: 'llm', model: 'm', from_checkpoint: true }, 2, 5, [], 'task-1'],
  );
  // Resumed sources of completed queries are verified through the task they came from.
  const verified = setup({ p: (q) => [page(`https://a.example/${q}`, `Title ${q}`)] });
  const again = await collectPrimarySources(
    { ...verified.deps, llm, checkpoints: createMemoryCheckpointStore(checkpoints.value), sleep: recordingSleep().sleep },
    { keyword: 'k', verify: false },
  );
  assert.equal(again.collection_stats.queries_resumed, 5);

  // Another keyword with the same checkpoint is refused, not mixed in; so is another task.
  await assert.rejects(
    collectPrimarySources({ ...second.deps, checkpoints }, { keyword: 'other' }),
    (e: unknown) => isLyraError(e) && e.code === 'checkpoint_mismatch',
  );
  await assert.rejects(
    collectPrimarySources({ ...second.deps, llm, checkpoints, task: async () => 'task-2' }, { keyword: 'k', verify: false }),
    (e: unknown) => isLyraError(e) && e.code === 'checkpoint_mismatch' && /task-1, not task-2/.test(e.message),
  );
  // A checkpoint of the version before the engine is refused with what to do.
  await assert.rejects(
    collectPrimarySources({ ...second.deps, checkpoints: createMemoryCheckpointStore({ ...saved, version: 1 }) }, { keyword: 'k' }),
    (e: unknown) => isLyraError(e) && e.code === 'checkpoint_invalid' && /version 1.*delete it/.test(e.message),
  );
});

test('corpus sources are verified by the store: present → verified, missing → invalid; a hit with no page URL is an invalid source', async () => {
  const { engine, deps } = setup(
    {
      'corpus:docs': () => [
        page('corpus://docs/a', 'Doc A', 'Text A'),
        page('corpus://docs/b', 'Doc B', 'Text B'),
        page('corpus://docs/c', 'Doc C', 'Text C'),
        page('https://web.example/', 'Web', 'web text'),
        page('ftp://x.example/', 'Bad scheme'),
      ],
    },
    { missing: ['corpus://docs/b'] },
  );
  const out = await collectPrimarySources(deps, { keyword: 'k', maxQueries: 1 });
  assert.deepEqual(
    out.sources.map((s) => [s.url, s.verified, s.verification_status, s.excerpt]),
    [
      ['corpus://docs/a', true, null, 'Text A'],
      ['corpus://docs/c', true, null, 'Text C'],
      ['https://web.example/', true, 200, 'web text'],
    ],
  );
  assert.deepEqual(
    out.invalid_sources.map((i) => [i.url, i.error.code]),
    [
      ['ftp://x.example/', 'url_scheme'],
      ['corpus://docs/b', 'corpus_document_missing'],
    ],
  );
  assert.deepEqual(
    out.warnings.map((w) => w.code),
    ['checkpoints_off', 'queries_truncated'],
  );
  assert.deepEqual(engine.fetches, ['https://web.example/'], 'the web page was fetched once, by the search');
});

test('queries are data: "constructor" or "__proto__" run like any other query and resume like any other', async () => {
  const llm = { model: 'm', complete: async () => ({ content: '{"queries": ["constructor", "__proto__", "toString"]}' }) };
  const { engine, deps } = setup({ p: (q) => [page(`https://a.example/${encodeURIComponent(q)}`, `Title ${q}`)] });
  const checkpoints = createMemoryCheckpointStore();
  const out = await collectPrimarySources({ ...deps, llm, checkpoints }, { keyword: 'k', verify: false });
  assert.deepEqual(engine.calls.p, ['constructor', '__proto__', 'toString']);
  assert.deepEqual([out.collection_stats.queries_completed, out.sources.length], [3, 3]);
  const again = await collectPrimarySources({ ...deps, llm, checkpoints }, { keyword: 'k', verify: false });
  assert.equal(again.collection_stats.queries_resumed, 3);
  assert.equal(engine.calls.p!.length, 3);
});

test("a search the engine refuses to start stops the run with the engine's error (not one failed query after another); progress is kept", async () => {
  const { engine, deps } = setup({ p: (q) => [page(`https://a.example/${encodeURIComponent(q)}`, `T ${q}`)] });
  let n = 0;
  const refusing = withSearch(engine, async (...args) =>
    ++n === 2 ? Promise.reject(new InvalidInputError('task task-1 is stopped', { code: 'task_stopped' })) : engine.search(...args),
  );
  const checkpoints = createMemoryCheckpointStore();
  await assert.rejects(
    collectPrimarySources({ ...deps, engine: refusing, checkpoints }, { keyword: 'k', verify: false }),
    (e: unknown) => isLyraError(e) && e.code === 'task_stopped',
  );
  assert.equal(n, 2);
  assert.deepEqual(
    (checkpoints.value as CollectCheckpoint).completed.map((c) => c.query),
    ['k statistics'],
  );
});

test("a search cut off by the time limit is retried; the caller's abort stops the run at once", async () => {
  let n = 0;
  const slow = new MemoryEngine({ providers: { p: (q) => [page(`https://a.example/${encodeURIComponent(q)}`, `T ${q}`)] }, tasks: ['task-1'] });
  // The first search of each query outlives its time limit and ends cancelled, as the pipeline's does.
  const engine = withSearch(slow, async (taskId, query, options = {}) => {
    if (++n % 2 === 1) {
      // AbortSignal.timeout does not keep the process alive: a timer of our own does, until the abort.
      await new Promise<void>((resolve) => {
        const keep = setTimeout(resolve, 10_000);
        options.signal!.addEventListener('abort', () => (clearTimeout(keep), resolve()), { once: true });
      });
      const out = await slow.search(taskId, query, { ...options, signal: new AbortController().signal });
      return { ...out, status: 'cancelled' as const, sources: [], unread: [] };
    }
    return slow.search(taskId, query, options);
  });
  const { sleep, waits } = recordingSleep();
  const out = await collectPrimarySources(
    { ...depsOf(slow, { p: () => [] }), engine, sleep },
    { keyword: 'k', verify: false, maxQueries: 2, collectorTimeoutMs: 100 },
  );
  assert.deepEqual([out.collection_stats.query_attempts, out.sources.length, waits], [4, 2, [1000, 1000]]);

  const controller = new AbortController();
  const stopping = new MemoryEngine({ providers: { p: () => (controller.abort(new Error('stopped by the caller')), []) }, tasks: ['task-1'] });
  await assert.rejects(
    collectPrimarySources({ ...depsOf(stopping, { p: () => [] }), sleep }, { keyword: 'k', signal: controller.signal }),
    /stopped by the caller/,
  );
  assert.equal(stopping.searches.length, 1);
});
