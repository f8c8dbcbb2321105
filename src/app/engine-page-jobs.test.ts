// Phase 6 through page jobs (engine.fetchPage, as `lyra worker`'s page slots run it): on the loopback
// evidence web, a query whose planned pages go to a PageJobRunner ends with the pages, statuses and
// claims of a query that fetched them itself; a page job run twice at once stores its page once; a page
// whose job ended without storing it is recorded `failed` with that job's error, and the query still ends done. The runner here runs each job in this
// process; app/workers/page-jobs.test.ts has the queue on a real PostgreSQL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import type { PageJob, PageJobFailure, PageJobRunner } from '../core/index.js';
import { checkpointKeys, type PageOutcome } from '../pipeline/index.js';
import { startEvidenceWeb } from '../test-support/evidence-web.js';
import { skipUnlessShared } from '../test-support/shared-data.js';
import { createEngine, loadConfig, type AppEngine } from './index.js';

const skip = skipUnlessShared('api_fixtures/semanticscholar/Paper.json');

test('page jobs fetch what the query planned: same pages and claims as in-process; a lost job leaves its page failed with its error', { skip }, async () => {
  const ew = await startEvidenceWeb();
  const config = loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } });
  const jobs: PageJob[] = [];
  // The runner runs jobs on the engine it is given to, built just after it.
  const ref: { engine?: AppEngine } = {};
  const runner: PageJobRunner = {
    async run(batch, { signal }) {
      const failures = new Map<string, PageJobFailure>();
      for (const job of batch) {
        jobs.push(job);
        const page = ref.engine!.store.getPage(job.pageId)!;
        // Journal B's job is lost (its worker died past its retries): nothing is stored for it.
        if (page.url === ew.urls.academicB) failures.set(job.pageId, { category: 'retryable', code: 'job_expired', message: 'page job expired 4 times' });
        // Journal A's job runs twice at once (a query retried while its earlier page job still ran): stored once.
        else if (page.url === ew.urls.academicA) await Promise.all([ref.engine!.fetchPage(job, { signal }), ref.engine!.fetchPage(job, { signal })]);
        else await ref.engine!.fetchPage(job, { signal });
      }
      return failures;
    },
  };
  const plain = createEngine(config, { resolver: ew.resolver });
  const engine = (ref.engine = createEngine(config, { resolver: ew.resolver, pageJobs: runner }));
  try {
    const question = 'Does aerobic exercise lower blood pressure?';
    // The page-job run first: the plain run's graph step may then mark the blog BLOCKED (L6), which would change what B plans.
    const fetchedEvents: string[] = [];
    engine.on((e) => {
      if (e.type === 'page.fetched') fetchedEvents.push(e.url);
    });
    const b = await engine.createTask({ question });
    const outB = await engine.search(b.id, 'aerobic exercise blood pressure');
    const a = await plain.createTask({ question });
    const outA = await plain.search(a.id, 'aerobic exercise blood pressure');
    assert.equal(outB.status, 'done');
    assert.equal(outA.status, 'done');

    const pagesOf = (e: AppEngine, taskId: string): Map<string, string> => new Map(e.store.listPages(taskId).map((p) => [p.url, p.fetchStatus]));
    const viaJobs = pagesOf(engine, b.id);
    assert.deepEqual([...viaJobs.keys()].sort(), [...pagesOf(plain, a.id).keys()].sort(), 'the same pages registered');
    // One job per page the plan fetches (the three articles; the papers' abstracts need no fetch), all of this query.
    assert.deepEqual(jobs.map((j) => engine.store.getPage(j.pageId)!.url).sort(), Object.values(ew.urls).sort());
    assert.ok(jobs.every((j) => j.taskId === b.id && j.queryId === outB.queryId));
    assert.equal(viaJobs.get(ew.urls.academicA), 'fetched');
    // Journal A's two concurrent runs stored it once: the second found it final and wrote nothing.
    assert.equal(fetchedEvents.filter((u) => u === ew.urls.academicA).length, 1);
    assert.equal(viaJobs.get(ew.urls.lowTrust), 'fetched');

    const lost = engine.store.listPages(b.id).find((p) => p.url === ew.urls.academicB)!;
    assert.equal(lost.fetchStatus, 'failed');
    const outcome = engine.store.loadCheckpoint(b.id, checkpointKeys.page(lost.id))?.payload as PageOutcome | undefined;
    assert.equal(outcome?.error?.code, 'job_expired');
    assert.match(outcome?.error?.message ?? '', /expired 4 times/);

    // What a page job stored is what the in-process fetch stored: the same fragments, page by page.
    const fragmentsOf = (e: AppEngine, taskId: string, url: string): string[] =>
      e.store.listFragments(e.store.listPages(taskId).find((p) => p.url === url)!.id).map((f) => f.text);
    assert.deepEqual(fragmentsOf(engine, b.id, ew.urls.academicA), fragmentsOf(plain, a.id, ew.urls.academicA));
    assert.ok(fragmentsOf(engine, b.id, ew.urls.academicA).length > 0);
    assert.ok(outB.claims.length > 0, 'the graph step read the pages the jobs stored');
  } finally {
    await engine.close();
    await plain.close();
    await ew.close();
    rmSync(ew.home, { recursive: true, force: true });
  }
});
