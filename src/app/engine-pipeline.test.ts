// Engine behaviour on the evidence web with real components: required components at task start,
// query retries and recorded failures (seed 003), background queues, stop and resume, ingestUrl.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, loadConfig, type AppEngine } from './index.js';
import { z } from 'zod';
import { isLyraError, materialsSchema, type EngineEvent } from '../core/index.js';
import { EVIDENCE_ARTICLES, articleHtml, searxngHandler, startEvidenceWeb, type EvidenceWeb, type SerpResult } from '../test-support/evidence-web.js';
import { skipUnlessShared } from '../test-support/shared-data.js';
import { LEASE_KEY } from '../pipeline/task-lease.js';

const skip = skipUnlessShared('api_fixtures/semanticscholar/Paper.json');
let ew: EvidenceWeb;
let engine: AppEngine;
const events: EngineEvent[] = [];
/** What the SERP answers, per query text. */
const serps = new Map<string, SerpResult[]>();

const slowPages = Array.from({ length: 6 }, (_, i) => `/slow/${i}`);

before(async () => {
  if (skip) return;
  ew = await startEvidenceWeb({
    serp: (q) => serps.get(q) ?? [],
    pipeline: { fetch_concurrency: 1 },
    // The slow pages are slow by their 150 ms delay; at the unlisted-host default of 1 qps the file
    // spent ~10 s waiting on politeness alone.
    extraDomains: ['{ domain: slow.test, trust_level: unverified, qps: 20 }'],
    routes: (web) => {
      const a = EVIDENCE_ARTICLES.academicB;
      for (const p of slowPages) web.route(`//slow.test${p}`, { body: articleHtml({ ...a, path: p, title: `${a.title} ${p}` }), fault: { delayMs: 150 } });
      web.route('//slow.test/missing', { status: 404, body: 'gone' });
    },
  });
  engine = createEngine(loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } }), { resolver: ew.resolver });
  engine.on((e) => events.push(e));
});

after(async () => {
  if (skip) return;
  await engine.close();
  await ew.close();
  rmSync(ew.home, { recursive: true, force: true });
});

const slowUrl = (p: string): string => ew.web.url(`//slow.test${p}`);

test('a required component missing is a non_retryable error at task start, and nothing is stored', { skip }, async () => {
  const missingWeights = join(ew.home, 'missing.yaml');
  // Its own models section (the fixture's, the run's shared vector cache under npm test, is dropped).
  const base = readConfig().replace(/^models:.*$/m, '');
  writeFileSync(missingWeights, `${base}\nmodels:\n  stance: { weights_path: /nonexistent/stance.bin }\n`);
  const broken = createEngine(loadConfig({ configPath: missingWeights, env: { LYRA_HOME: ew.home } }), { resolver: ew.resolver, store: engine.store });
  const before = engine.store.listTasks().length;
  await assert.rejects(
    broken.createTask({ question: 'q?' }),
    (e: unknown) => isLyraError(e) && e.category === 'non_retryable' && e.code === 'model_weights_missing',
  );
  await broken.close();

  const none = join(ew.home, 'none.yaml');
  writeFileSync(
    none,
    [
      'store: { path: bare.db }',
      'domains: { file: domains.yaml, watch: false }',
      'web_search: { enabled: false }',
      'scholarly:',
      ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`),
      '',
    ].join('\n'),
  );
  const bare = createEngine(loadConfig({ configPath: none, env: { LYRA_HOME: join(ew.home, 'bare') } }));
  await assert.rejects(
    bare.createTask({ question: 'q?' }),
    (e: unknown) => isLyraError(e) && e.category === 'non_retryable' && e.code === 'no_search_provider' && /web_search\.enabled/.test(e.message),
  );
  await bare.close();

  await assert.rejects(engine.createTask({ question: 'q?', providers: ['bing'] }), (e: unknown) => isLyraError(e) && e.category === 'invalid_input');
  await assert.rejects(engine.createTask({ question: '   ' }), (e: unknown) => isLyraError(e) && e.code === 'question_empty');
  assert.equal(engine.store.listTasks().length, before);
});

function readConfig(): string {
  return readFileSync(ew.configPath, 'utf8');
}

test('a query whose providers fail is retried once, then recorded as failed with its error; the task goes on; no fallback results', { skip }, async () => {
  // Every request to this SERP route fails; the fetcher tries each URL twice (fetch.max_retries 1).
  ew.web.route(`//search.test/search`, { status: 503, body: 'down' });
  const task = await engine.createTask({ question: 'Does walking lower blood pressure?', providers: ['searxng'] });
  const failed = await engine.search(task.id, 'walking blood pressure');
  assert.equal(failed.status, 'failed');
  assert.deepEqual([failed.error?.category, failed.error?.code], ['retryable', 'all_providers_failed'], 'the failure as data');
  assert.equal(failed.resultsFound, 0);
  assert.deepEqual(failed.claims, []);
  assert.equal(engine.store.listPages(task.id).length, 0, 'no page is made up');
  const q = engine.store.getQuery(failed.queryId)!;
  assert.equal(q.attempts, 2, 'seed 003: two attempts');
  assert.match(q.lastError ?? '', /^retryable: every search provider failed .*HTTP 503/);
  assert.ok(
    failed.warnings.some((w) => w.source === 'query' && /attempt 1 of 2 failed/.test(w.message)),
    'the retry is visible',
  );

  // The provider comes back: the next query of the same task runs.
  ew.web.route(
    `//search.test/search`,
    searxngHandler((qq) => serps.get(qq) ?? []),
  );
  serps.set('walking trial', [{ url: ew.urls.academicB, title: 'B' }]);
  const ok = await engine.search(task.id, 'walking trial');
  assert.equal(ok.status, 'done');
  const status = engine.status(task.id);
  assert.deepEqual(
    status.searches.map((s) => s.status),
    ['failed', 'done'],
  );
  assert.equal(status.failures.length, 1);
  assert.equal(status.failures[0]!.code, 'query_failed');
  assert.match(status.failures[0]!.message, /HTTP 503/);
});

test('queueSearches returns at once; queries run one at a time in the background, visible in status; failed URLs are listed', { skip }, async () => {
  serps.set(
    'slow one',
    slowPages.slice(0, 3).map((p) => ({ url: slowUrl(p), title: p })),
  );
  serps.set('slow two', [...slowPages.slice(3).map((p) => ({ url: slowUrl(p), title: p })), { url: slowUrl('/missing'), title: 'missing' }]);
  const task = await engine.createTask({ question: 'walking and hypertension', providers: ['searxng'] });
  const queued = engine.queueSearches(task.id, [{ query: 'slow one' }, { query: 'slow two' }]);
  assert.equal(queued.length, 2);
  const now = engine.status(task.id);
  assert.deepEqual(
    now.searches.map((s) => s.queryId),
    queued.map((q) => q.queryId),
  );
  assert.ok(
    now.searches.every((s) => s.status === 'pending' || s.status === 'running'),
    JSON.stringify(now.searches),
  );
  await engine.idle(task.id);
  const done = engine.status(task.id);
  assert.deepEqual(
    done.searches.map((s) => s.status),
    ['done', 'done'],
  );
  assert.equal(done.status, 'completed');
  // One at a time: the second query starts after the first ends.
  const order = events
    .filter((e) => (e.type === 'query.start' || e.type === 'query.end') && e.taskId === task.id)
    .map((e) => `${e.type}:${(e as { queryId: string }).queryId}`);
  assert.deepEqual(order, [
    `query.start:${queued[0]!.queryId}`,
    `query.end:${queued[0]!.queryId}`,
    `query.start:${queued[1]!.queryId}`,
    `query.end:${queued[1]!.queryId}`,
  ]);
  const missing = done.failures.find((f) => f.target?.endsWith('/missing'));
  assert.equal(missing?.code, 'http_status');
  assert.equal(missing?.category, 'non_retryable');
});

test('stop cancels in-flight work; resume finishes without fetching stored pages again', { skip }, async () => {
  const paths = Array.from({ length: 6 }, (_, i) => `/stop/${i}`);
  for (const p of paths)
    ew.web.route(`//slow.test${p}`, { body: articleHtml({ ...EVIDENCE_ARTICLES.academicA, path: p, title: `Trial ${p}` }), fault: { delayMs: 150 } });
  serps.set(
    'stoppable',
    paths.map((p) => ({ url: slowUrl(p), title: p })),
  );
  const task = await engine.createTask({ question: 'exercise trials', providers: ['searxng'] });
  const [item] = engine.queueSearches(task.id, [{ query: 'stoppable' }]);
  await new Promise<void>((resolve) => {
    const off = engine.on((e) => {
      if (e.type === 'page.fetched' && e.taskId === task.id) {
        off();
        resolve();
      }
    });
  });
  const stopped = await engine.stop(task.id, 'enough for now');
  assert.equal(stopped.status, 'stopped');
  assert.equal(stopped.task.stopReason, 'enough for now');
  assert.equal(engine.store.getQuery(item!.queryId)!.status, 'cancelled');
  const storedBefore = engine.store
    .listPages(task.id)
    .filter((p) => p.fetchStatus === 'fetched')
    .map((p) => p.url);
  assert.ok(storedBefore.length >= 1 && storedBefore.length < paths.length, `${storedBefore.length} pages stored before the stop`);
  await assert.rejects(engine.search(task.id, 'more'), (e: unknown) => isLyraError(e) && e.code === 'task_stopped');

  const resumed = await engine.resume(task.id);
  assert.equal(resumed.status, 'completed');
  assert.equal(resumed.searches[0]!.status, 'done');
  assert.equal(resumed.pagesFetched, paths.length);
  for (const url of storedBefore) assert.equal(ew.web.requestsTo(ew.logKey(url)).length, 1, `${url} was stored before the stop and not fetched again`);
  const refetched = paths.filter((p) => ew.web.requestsTo(`//slow.test${p}`).length > 1);
  assert.ok(refetched.length <= 1, `only the page in flight at the stop is asked again (fetch_concurrency 1): ${refetched.join(', ')}`);
});

test('ingestUrl fetches, extracts and registers one URL with claims', { skip }, async () => {
  const task = await engine.createTask({ question: 'blood pressure', providers: ['searxng'] });
  const r = await engine.ingestUrl(task.id, ew.urls.lowTrust);
  assert.equal(r.page.url, ew.urls.lowTrust);
  assert.equal(r.page.trustLevel === 'UNVERIFIED' || r.page.trustLevel === 'BLOCKED', true);
  assert.ok(r.fragments >= 3);
  assert.ok(r.claims.length >= 1);
  await assert.rejects(engine.ingestUrl(task.id, slowUrl('/missing')), (e: unknown) => isLyraError(e) && e.code === 'http_status');
  // counts() says what materials would, without building them (the research workflow's per-search delta).
  const m = engine.materials(task.id, { limit: 1_000 });
  const counts = engine.counts(task.id);
  assert.deepEqual(counts.evidence, Object.fromEntries(m.claims.map((c) => [c.id, c.counts.supports + c.counts.refutes])));
  assert.equal(counts.totalClaims, m.paging.totalClaims);
  assert.deepEqual([...counts.pageIds].sort(), m.pages.map((p) => p.pageId).sort());
  assert.ok(Object.values(counts.evidence).some((n) => n > 0));
  // The evidence read model's schema holds for a task with judged evidence, its graph included.
  const model = materialsSchema.safeParse(engine.materials(task.id, { limit: 1_000, includeGraph: true }));
  assert.ok(model.success, model.success ? '' : z.prettifyError(model.error));
});

test("a search names the readable pages it found in rank order; readSource gives their extracted text; judge uses the engine's stance model", {
  skip,
}, async () => {
  serps.set('exercise blood pressure sources', [
    { url: ew.urls.academicB, title: 'B' },
    { url: ew.urls.academicA, title: 'A' },
    { url: slowUrl('/missing'), title: 'gone' },
  ]);
  const task = await engine.createTask({ question: 'exercise and blood pressure', providers: ['searxng'] });
  const out = await engine.search(task.id, 'exercise blood pressure sources');
  assert.deepEqual(
    out.sources.map((s) => s.url),
    [ew.urls.academicB, ew.urls.academicA],
    'the 404 page has no text and is not listed',
  );
  const b = engine.readSource(task.id, out.sources[0]!.pageId);
  assert.equal(b.source.url, ew.urls.academicB);
  assert.ok(b.text.includes(EVIDENCE_ARTICLES.academicB.paragraphs[0]!), b.text.slice(0, 200));
  assert.throws(() => engine.readSource(task.id, 'pg_nope'), { code: 'page_not_found' });
  const [j] = await engine.judge([{ claim: EVIDENCE_ARTICLES.academicB.paragraphs[0]!, passage: EVIDENCE_ARTICLES.academicB.paragraphs[0]! }]);
  assert.equal(j!.stance, 'supports');
});

test("a search lists the pages it could not read with why; checkSource answers from the task's fetch, fetches what the task did not, and rechecks on demand", {
  skip,
}, async () => {
  ew.web.route('//slow.test/later', { status: 503, body: 'busy' });
  serps.set('reachability of sources', [
    { url: ew.urls.academicB, title: 'B' },
    { url: slowUrl('/missing'), title: 'gone' },
    { url: slowUrl('/later'), title: 'later' },
    { url: slowUrl(slowPages[0]!), title: 'left out' },
  ]);
  const task = await engine.createTask({ question: 'reachability', providers: ['searxng'] });
  const out = await engine.search(task.id, 'reachability of sources', { maxPages: 3 });
  assert.deepEqual(
    out.sources.map((s) => s.url),
    [ew.urls.academicB],
  );
  assert.deepEqual(
    out.unread.map((u) => [u.source.url, u.fetchStatus, u.httpStatus, u.error?.code]),
    [
      [slowUrl('/missing'), 'failed', 404, 'http_status'],
      [slowUrl('/later'), 'failed', 503, 'http_status'],
      [slowUrl(slowPages[0]!), 'skipped', undefined, undefined],
    ],
  );
  assert.equal(out.unread[0]!.source.title, 'gone', 'the title the provider gave');

  const read = await engine.checkSource(task.id, out.sources[0]!.pageId);
  assert.deepEqual([read.reachable, read.httpStatus, read.from], [true, 200, 'task']);
  const [gone, later, left] = out.unread.map((u) => u.source.pageId) as [string, string, string];
  const g = await engine.checkSource(task.id, gone);
  assert.deepEqual([g.reachable, g.httpStatus, g.from, g.error?.category], [false, 404, 'task', 'non_retryable']);
  const requests = ew.web.requests.length;
  const l = await engine.checkSource(task.id, left);
  assert.deepEqual([l.reachable, l.httpStatus, l.from], [true, 200, 'check'], 'the page the page limit left out is fetched now');
  assert.ok(ew.web.requests.length > requests);
  assert.throws(() => engine.readSource(task.id, left), { code: 'source_unreadable' }, 'a check stores no text');
  assert.equal(engine.store.getPage(left)!.fetchStatus, 'skipped');

  ew.web.route('//slow.test/later', { body: articleHtml({ ...EVIDENCE_ARTICLES.academicB, path: '/later', title: 'Later' }) });
  assert.equal((await engine.checkSource(task.id, later)).reachable, false, "without recheck: the task's own 503");
  const again = await engine.checkSource(task.id, later, { recheck: true });
  assert.deepEqual([again.reachable, again.httpStatus, again.from], [true, 200, 'check']);
  assert.deepEqual(
    [(await engine.checkSource(task.id, later)).reachable, (await engine.checkSource(task.id, later)).from],
    [true, 'check'],
    'the latest check is kept in the task',
  );

  const controller = new AbortController();
  controller.abort(new Error('stopped by the test'));
  await assert.rejects(engine.checkSource(task.id, gone, { recheck: true, signal: controller.signal }), /stopped by the test/);
  await assert.rejects(engine.checkSource(task.id, 'pg_nope'), (e: unknown) => isLyraError(e) && e.code === 'page_not_found');
});

test('verifyClaim: the search registers the pages, the statement gets a status with evidence; a failed search is an error, not a verdict', {
  skip,
}, async () => {
  serps.set('Regular aerobic exercise lowers resting blood pressure in adults with hypertension.', [
    { url: ew.urls.academicB, title: 'B' },
    { url: ew.urls.lowTrust, title: 'blog' },
  ]);
  const task = await engine.createTask({ question: 'exercise and blood pressure', providers: ['searxng'] });
  const v = await engine.verifyClaim(task.id, 'Regular aerobic exercise lowers resting blood pressure in adults with hypertension.', {
    clientKey: 'verify:bp',
  });
  // The caller finds its search by the query id it is given and by its own key, never by the text.
  const searched = engine.status(task.id).searches.filter((x) => x.clientKey === 'verify:bp');
  assert.deepEqual(
    searched.map((x) => x.queryId),
    [v.queryId],
  );
  assert.equal(engine.store.getQuery(v.queryId)?.clientKey, 'verify:bp');
  assert.throws(
    () => engine.record(task.id, [{ query: 'a' }, { query: 'b' }], { clientKey: 'k' }),
    (e: unknown) => isLyraError(e) && e.code === 'invalid_argument',
  );
  assert.equal(v.claim.statement, 'Regular aerobic exercise lowers resting blood pressure in adults with hypertension.');
  assert.deepEqual(v.queries, ['Regular aerobic exercise lowers resting blood pressure in adults with hypertension.']);
  assert.ok(['VERIFIED', 'CONDITIONED', 'CONTESTED', 'UNSUPPORTED', 'REFUTED'].includes(v.status));
  assert.ok(v.supporting.length + v.refuting.length + v.neutralCount > 0, 'the statement was judged against the fetched pages');
  const [q] = engine.store.listQueries(task.id);
  assert.equal((engine.store.loadCheckpoint(task.id, `q:${q!.id}:input`)?.payload as { deferStance?: boolean }).deferStance, true);

  ew.web.route(`//search.test/search`, { status: 500, body: 'down' });
  try {
    await assert.rejects(engine.verifyClaim(task.id, 'Walking lowers blood pressure.'), (e: unknown) => isLyraError(e) && e.code === 'verify_search_failed');
  } finally {
    ew.web.route(
      `//search.test/search`,
      searxngHandler((qq) => serps.get(qq) ?? []),
    );
  }
});

test('budget: a query beyond the query budget stays pending with the reason; the task completes; pages beyond the page budget are skipped', {
  skip,
}, async () => {
  serps.set(
    'budget one',
    slowPages.slice(0, 4).map((p) => ({ url: slowUrl(p), title: p })),
  );
  const task = await engine.createTask({ question: 'budgets', providers: ['searxng'], budget: { maxQueries: 1, maxPages: 2 } });
  const [first, second] = engine.queueSearches(task.id, [{ query: 'budget one' }, { query: 'budget two' }]);
  await engine.idle(task.id);
  const s = engine.status(task.id);
  assert.equal(s.status, 'completed');
  assert.equal(engine.store.getQuery(first!.queryId)!.status, 'done');
  const held = engine.store.getQuery(second!.queryId)!;
  assert.equal(held.status, 'pending');
  assert.match(held.lastError ?? '', /query budget used up \(1\)/);
  assert.equal(s.budget.exhausted, true);
  assert.equal(s.budget.pagesUsed, 2);
  const pages = engine.store.listPages(task.id);
  assert.equal(pages.filter((p) => p.fetchStatus === 'fetched').length, 2);
  assert.equal(pages.filter((p) => p.fetchStatus === 'skipped').length, 2);
  assert.ok(s.warnings.some((w) => w.code === 'budget_exhausted'));
});

test('one process runs a task at a time: a live lease of another process is task_busy (retryable); a dead one is taken over', { skip }, async () => {
  const task = await engine.createTask({ question: 'lease', providers: ['searxng'] });
  engine.store.saveCheckpoint(task.id, LEASE_KEY, { pid: process.ppid, heartbeatAt: Date.now() });
  await assert.rejects(engine.search(task.id, 'walking trial'), (e: unknown) => isLyraError(e) && e.code === 'task_busy' && e.category === 'retryable');
  assert.equal(engine.store.listQueries(task.id).length, 0, 'nothing recorded while another process runs the task');
  engine.store.saveCheckpoint(task.id, LEASE_KEY, { pid: 2 ** 22 + 12345, heartbeatAt: Date.now() });
  const ok = await engine.search(task.id, 'walking trial');
  assert.equal(ok.status, 'done');
  assert.equal(engine.store.loadCheckpoint(task.id, LEASE_KEY)?.payload, null, 'released when the queue drained');
});
