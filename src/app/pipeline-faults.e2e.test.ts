// Seed 003 under load: with 30 % of the loopback web's requests failing (500/502/503, 429 with
// Retry-After, stalled responses), a task completes, every failed URL and query is listed in its
// status with the error, and nothing stored before the faults began is lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createEngine, loadConfig } from './index.js';
import { edgeNaturalKey } from '../store/index.js';
import { createFaultInjector, startEvidenceWeb } from '../test-support/evidence-web.js';
import { skipUnlessShared } from '../test-support/shared-data.js';

const skip = skipUnlessShared('readability-test-pages/pages') || skipUnlessShared('api_fixtures/semanticscholar/Paper.json');

test('30% of requests failing: the task completes, every failure is listed with its error, nothing stored earlier is lost', {
  skip,
  timeout: 600_000,
}, async () => {
  const faults = createFaultInjector({ rate: 0.3, seed: 20240601 });
  const ew = await startEvidenceWeb({
    faults,
    bulkPages: 36,
    serp: (q, urls) => {
      const batch = /batch (\d)/.exec(q);
      if (!batch) return [urls.academicA, urls.academicB, urls.lowTrust].map((url) => ({ url, title: url }));
      const k = Number(batch[1]);
      return ew.bulkUrls.slice(k * 12, k * 12 + 12).map((url) => ({ url, title: `page ${url}` }));
    },
    fetch: { idle_timeout_ms: 400 },
    pipeline: { serp_limit: 20, fetch_concurrency: 4, max_fragments_per_page: 12, graph: { claims_per_page: 4, candidates_per_claim: 3 } },
  });
  let engine: ReturnType<typeof createEngine> | undefined;
  try {
    engine = createEngine(loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } }), { resolver: ew.resolver });
    const task = await engine.createTask({ question: 'Does aerobic exercise lower blood pressure?' });
    const first = await engine.search(task.id, 'aerobic exercise blood pressure study');
    assert.equal(first.status, 'done');
    const { store } = engine;
    const before = {
      pages: store.listPages(task.id).map((p) => ({ ...p })),
      fragments: store.listTaskFragments(task.id).map((f) => ({ ...f })),
      claims: store.listClaims(task.id).map((c) => c.id),
      edges: store.listEdges(task.id).map(edgeNaturalKey),
    };
    assert.ok(before.fragments.length > 0 && before.claims.length > 0);

    faults.enabled = true;
    const queued = engine.queueSearches(task.id, [{ query: 'batch 0 walking' }, { query: 'batch 1 walking' }, { query: 'batch 2 walking' }]);
    await engine.idle(task.id);
    faults.enabled = false;

    const status = engine.status(task.id);
    assert.equal(status.status, 'completed', 'the task completes');
    const faulted = faults.log.filter((r) => r.fault).length;
    assert.ok(faults.log.length >= 30, `${faults.log.length} requests under faults`);
    assert.ok(faulted / faults.log.length > 0.15 && faulted / faults.log.length < 0.45, `fault share ${faulted}/${faults.log.length}`);

    // Every query ended (done, or failed with its error), and each failed one is in `failures`.
    const byId = new Map(status.searches.map((s) => [s.queryId, s]));
    for (const q of queued) {
      const s = byId.get(q.queryId)!;
      assert.ok(s.status === 'done' || s.status === 'failed', `${q.value}: ${s.status}`);
      if (s.status === 'failed') {
        assert.ok(s.lastError);
        assert.ok(status.failures.some((f) => f.code === 'query_failed' && f.target === q.value && f.message === s.lastError));
      }
    }
    // Every page that failed to fetch is listed with its URL and the error.
    const failedPages = store.listPages(task.id).filter((p) => p.fetchStatus === 'failed' || p.fetchStatus === 'blocked');
    for (const p of failedPages) {
      const f = status.failures.find((x) => x.target === p.url);
      assert.ok(f, `failure listed for ${p.url}`);
      assert.ok(f.message.length > 0 && f.code !== p.fetchStatus, `${p.url}: ${f.category} ${f.code} ${f.message}`);
    }
    // A page whose every request was faulted cannot have been stored; one with an answer was.
    const requestsByKey = new Map<string, { total: number; faulted: number }>();
    for (const r of faults.log) {
      const c = requestsByKey.get(r.key) ?? { total: 0, faulted: 0 };
      c.total += 1;
      if (r.fault) c.faulted += 1;
      requestsByKey.set(r.key, c);
    }
    let pagesAllFaulted = 0;
    for (const url of ew.bulkUrls.slice(0, 36)) {
      const u = new URL(url);
      const c = requestsByKey.get(`${u.hostname}${u.pathname}`);
      const page = store.findPageByUrl(task.id, url);
      if (!c || !page) continue;
      if (c.faulted === c.total) {
        pagesAllFaulted += 1;
        assert.notEqual(page.fetchStatus, 'fetched', `${url} never answered but is stored as fetched`);
        assert.ok(
          status.failures.some((f) => f.target === url),
          `${url}: every request failed, listed`,
        );
      } else assert.equal(page.fetchStatus, 'fetched', `${url} answered once and is stored`);
    }
    assert.ok(pagesAllFaulted >= 1, 'some page failed for good (the test exercises recorded failures)');
    assert.ok(
      store.listPages(task.id).filter((p) => p.fetchStatus === 'fetched').length > before.pages.filter((p) => p.fetchStatus === 'fetched').length,
      'work went on',
    );

    // Nothing stored before the faults is lost or changed.
    const pagesNow = new Map(store.listPages(task.id).map((p) => [p.id, p]));
    for (const p of before.pages) {
      const now = pagesNow.get(p.id);
      assert.ok(now, `page ${p.url} kept`);
      assert.equal(now.fetchStatus, p.fetchStatus);
      assert.equal(now.contentHash, p.contentHash);
    }
    const fragmentsNow = new Map(store.listTaskFragments(task.id).map((f) => [f.id, f.text]));
    for (const f of before.fragments) assert.equal(fragmentsNow.get(f.id), f.text, `fragment ${f.id} kept`);
    const claimsNow = new Set(store.listClaims(task.id).map((c) => c.id));
    for (const c of before.claims) assert.ok(claimsNow.has(c), `claim ${c} kept`);
    const edgesNow = new Set(store.listEdges(task.id).map(edgeNaturalKey));
    for (const e of before.edges) assert.ok(edgesNow.has(e), `edge ${e} kept`);
  } finally {
    await engine?.close();
    await ew.close();
    rmSync(ew.home, { recursive: true, force: true });
  }
});
