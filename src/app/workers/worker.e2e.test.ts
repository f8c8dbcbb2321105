// `lyra worker` processes against a real PostgreSQL (jobs in pg-boss, the shared host schedule) and the
// loopback web, everything through the real CLI in child processes: a query queued with `lyra task
// search --queue` goes round through a worker; a worker killed with SIGKILL in the middle of a job has
// its job taken over by another once the job expires, and the task ends with every page stored once.
// The store is the SQLite file of the home (shared by the processes of this machine); the team database
// is named by workers.database_url.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Query, Store } from '../../core/index.js';
import { openStore } from '../../store/index.js';
import { skipUnlessPostgres } from '../../test-support/postgres.js';
import { spawnLyra, type LyraHome } from '../../test-support/lyra-process.js';
import { lyraOk, queueTestbed } from '../../test-support/queue-testbed.js';
import { skipUnlessShared } from '../../test-support/shared-data.js';
import { loadConfig } from '../config/index.js';
import { openJobQueue } from './jobs.js';

const skip = skipUnlessPostgres() || skipUnlessShared('readability-test-pages/pages') || skipUnlessShared('api_fixtures/semanticscholar/Paper.json');
const PAGES = 24;
// A short lease and a fast maintenance pass, so a killed worker's job comes back in seconds.
const bed = queueTestbed({
  skip,
  prefix: 'worker',
  workers: (db) => ({
    database_url: db.url,
    job_expire_seconds: 6,
    page_job_expire_seconds: 6,
    maintenance_interval_seconds: 1,
    polling_interval_seconds: 0.5,
    retry_delay_seconds: 0,
    busy_delay_seconds: 1,
    host_hold_ms: 2000,
    shutdown_timeout_seconds: 5,
  }),
  web: {
    bulkPages: PAGES,
    serp: (q) => (/bulk/.test(q) ? bed.ew.bulkUrls.map((url, i) => ({ url, title: `result ${i}` })) : []),
    pipeline: { serp_limit: 50, fetch_concurrency: 2, max_fragments_per_page: 4, citation_limit: 5, graph: { claims_per_page: 2, candidates_per_claim: 3 } },
  },
});
const newHome = (name: string): LyraHome => bed.home(name, { LYRA_DATABASE_URL: '' });
const cli = lyraOk;

function withStore<T>(home: LyraHome, fn: (store: Store) => T): T {
  const store = openStore({ path: join(home.dir, 'lyra.db'), readonly: true });
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

/** The job, once the queue has it completed (its completion is written just after the query ends), or as it stands after 10 s. */
async function jobOnceCompleted(home: LyraHome, jobId: string) {
  const queue = openJobQueue(loadConfig({ configPath: home.configPath, env: { LYRA_HOME: home.dir } }));
  try {
    for (let i = 0; i < 40 && (await queue.job(jobId))?.state !== 'completed'; i++) await new Promise((r) => setTimeout(r, 250));
    return await queue.job(jobId);
  } finally {
    await queue.close();
  }
}

/** Polls the store (twice a second) until `ready` holds, or fails after `limitMs`. */
async function until<T>(home: LyraHome, what: string, read: (store: Store) => T, ready: (value: T) => boolean, limitMs = 300_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = withStore(home, read);
    if (ready(value)) return value;
    if (Date.now() > deadline) assert.fail(`${what}: not reached within ${limitMs} ms (last ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function createAndQueue(home: LyraHome, query: string): Promise<{ taskId: string; queryId: string; jobId: string }> {
  const taskId = (JSON.parse(await cli(home, ['task', 'create', 'What do these pages claim?', '--budget-pages', '500', '--json'])) as { id: string }).id;
  const queued = JSON.parse(await cli(home, ['task', 'search', taskId, query, '--queue', '--json'])) as { queued: Array<{ queryId: string }>; jobs: string[] };
  assert.equal(queued.jobs.length, 1, 'with a team database --queue enqueues one job per query');
  return { taskId, queryId: queued.queued[0]!.queryId, jobId: queued.jobs[0]! };
}

const queryOf =
  (id: string) =>
  (store: Store): Query | undefined =>
    store.getQuery(id);

test('a queued query goes round through lyra worker: lyra task wait returns when it is done, job completed, SIGTERM stops the worker cleanly', {
  skip,
  timeout: 600_000,
}, async () => {
  const home = newHome('round');
  const { taskId, queryId, jobId } = await createAndQueue(home, 'aerobic exercise blood pressure');
  const { child: worker, ended } = spawnLyra(home, ['worker', '--concurrency', '1', '--json']);
  // lyra task wait returns once nothing of the task is pending or running.
  const waited = JSON.parse(await cli(home, ['task', 'wait', taskId, '--timeout', '300', '--json'])) as { endedBy: string; waitingFor: unknown[] };
  assert.deepEqual([waited.endedBy, waited.waitingFor], ['idle', []]);
  const q = withStore(home, queryOf(queryId));
  assert.equal(q?.status, 'done', q?.lastError);
  // The job's completion is written just after the query's end: give the worker a moment before stopping it.
  const job = await jobOnceCompleted(home, jobId);
  assert.equal(job?.state, 'completed');
  assert.deepEqual(job?.output, { outcome: 'ran', queryStatus: 'done' });
  worker.kill('SIGTERM');
  const r = await ended;
  assert.equal(r.code, 0, r.stderr);
  const events = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string });
  assert.deepEqual(
    events.map((e) => e.type),
    ['worker.started', 'job.started', 'job.ran', 'worker.stopped'],
  );
});

test('a worker killed with SIGKILL mid-job: its job is taken over after it expires, every page stored once', { skip, timeout: 900_000 }, async () => {
  const home = newHome('kill');
  const { taskId, queryId, jobId } = await createAndQueue(home, 'bulk pages study');
  const { child: first, ended: firstEnded } = spawnLyra(home, ['worker', '--concurrency', '1', '--json']);
  // Killed once some of the query's pages are fetched and more are to come.
  await until(
    home,
    'the first worker fetching',
    (s) => s.listPages(taskId).filter((p) => p.fetchStatus === 'fetched').length,
    (n) => n >= 3,
  );
  first.kill('SIGKILL');
  const killed = await firstEnded;
  assert.equal(killed.signal, 'SIGKILL');
  assert.equal(withStore(home, queryOf(queryId))?.status, 'running', 'the kill left the query running');
  const { child: second, ended: secondEnded } = spawnLyra(home, ['worker', '--concurrency', '1', '--json']);
  const q = await until(home, 'query done after the takeover', queryOf(queryId), (x) => x?.status === 'done' || x?.status === 'failed');
  assert.equal(q?.status, 'done', q?.lastError);
  const job = await jobOnceCompleted(home, jobId);
  assert.equal(job?.state, 'completed');
  assert.ok(job!.retryCount >= 1, `the job was retried after its worker died (retryCount ${job?.retryCount})`);
  second.kill('SIGTERM');
  assert.equal((await secondEnded).code, 0);
  const pages = withStore(home, (s) => s.listPages(taskId));
  const urls = pages.map((p) => p.url);
  assert.equal(new Set(urls).size, urls.length, 'no page stored twice');
  assert.equal(pages.filter((p) => p.fetchStatus === 'fetched' && bed.ew.bulkUrls.includes(p.url)).length, PAGES, 'every page of the query fetched');
  // Each page was requested once, except those in flight at the kill (fetched, not yet stored).
  const refetched = bed.ew.bulkUrls.filter((u) => bed.ew.web.requestsTo(bed.ew.logKey(u)).length > 1);
  assert.ok(refetched.length <= 2, `pages fetched again after the takeover: ${refetched.length} (${refetched.join(', ')})`);
});
