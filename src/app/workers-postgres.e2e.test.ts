// Issue 18 acceptance: with LYRA_DATABASE_URL (the store, the jobs and the politeness schedule in one
// PostgreSQL), `lyra task create`, two `lyra worker` processes and `lyra task search --queue` finish a
// task whose materials equal a single-process run's. The reference is the same two queries run one
// after the other by `lyra task search` in one process on a SQLite home. Pages, claims and edges are
// compared by natural keys (URL, fragment locator, statement), since the two runs have their own ids.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Edge, Store } from '../core/index.js';
import { openPgStore } from '../store/pg/index.js';
import { openStore } from '../store/index.js';
import { createTestDatabase, findPostgresBin, skipUnlessPostgres, startTempPostgres } from '../test-support/postgres.js';
import { startEvidenceWeb, type EvidenceWeb } from '../test-support/evidence-web.js';
import { PROJECT_ROOT, skipUnlessShared } from '../test-support/shared-data.js';

const skip = skipUnlessPostgres() || skipUnlessShared('readability-test-pages/pages') || skipUnlessShared('api_fixtures/semanticscholar/Paper.json');
const QUERIES = ['aerobic exercise blood pressure', 'bulk pages study'];
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let ew: EvidenceWeb | undefined;

before(async () => {
  if (skip) return;
  db = await createTestDatabase();
  ew = await startEvidenceWeb({
    mode: 'loopback',
    bulkPages: 12,
    serp: (q, urls) =>
      /bulk/.test(q) ? ew!.bulkUrls.map((url, i) => ({ url, title: `result ${i}` })) : Object.values(urls).map((url, i) => ({ url, title: `article ${i}` })),
    pipeline: { serp_limit: 50, fetch_concurrency: 2, max_fragments_per_page: 4, citation_limit: 5, graph: { claims_per_page: 2, candidates_per_claim: 3 } },
    extraYaml: [
      'workers:',
      '  polling_interval_seconds: 0.5',
      '  busy_delay_seconds: 1',
      '  shutdown_timeout_seconds: 5',
      '  retry_delay_seconds: 0',
      '  job_expire_seconds: 60',
      '  maintenance_interval_seconds: 2',
    ].join('\n'),
  });
});
after(async () => {
  await ew?.close();
  await db?.drop();
});

interface Home {
  dir: string;
  configPath: string;
  env: NodeJS.ProcessEnv;
}

function newHome(name: string, databaseUrl: string): Home {
  const dir = mkdtempSync(join(tmpdir(), `lyra-team-${name}-`));
  const configPath = join(dir, 'lyra.config.yaml');
  copyFileSync(ew!.configPath, configPath);
  return { dir, configPath, env: { ...process.env, LYRA_HOME: dir, LYRA_DATABASE_URL: databaseUrl } };
}

function lyra(home: Home, args: string[]) {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'lyra.js'), '--config', home.configPath, ...args], {
    env: home.env,
    cwd: home.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, ended };
}

async function cli(home: Home, args: string[]): Promise<string> {
  const r = await lyra(home, args).ended;
  assert.equal(r.code, 0, `lyra ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** The graph in run-independent terms (as the crash test's): pages by URL, claims by statement, edges by natural key. */
function snapshot(store: Store, taskId: string): Record<'pages' | 'claims' | 'edges', Map<string, string>> {
  const pages = store.listPages(taskId);
  const urlOf = new Map(pages.map((p) => [p.id, p.url]));
  const claims = store.listClaims(taskId);
  const statementOf = new Map(claims.map((c) => [c.id, c.statement]));
  const fragmentKey = new Map<string, string>();
  for (const f of store.listTaskFragments(taskId)) fragmentKey.set(f.id, `${urlOf.get(f.pageId)}@${JSON.stringify(f.locator)}`);
  const edgeKey = (e: Edge): string => {
    if (e.kind === 'cites') return `cites:${urlOf.get(e.fromPageId)}>${urlOf.get(e.toPageId)}`;
    if (e.kind === 'contradicts') return `contradicts:${[statementOf.get(e.claimId), statementOf.get(e.otherClaimId)].sort().join('~')}`;
    return `stance:${fragmentKey.get(e.fragmentId)}>${statementOf.get(e.claimId)}`;
  };
  const edgeValue = (e: Edge): string => {
    if (e.kind === 'cites') return `cites influential=${e.influential} ${e.relevance.toFixed(6)}`;
    if (e.kind === 'contradicts') return `${e.contradictionType} ${e.trustLevel}/${e.otherTrustLevel}`;
    return `${e.kind} ${e.confidence.toFixed(6)} ${e.model ?? ''}`;
  };
  return {
    pages: new Map(pages.map((p) => [p.url, `${p.fetchStatus} ${p.contentHash ?? ''} ${store.listFragments(p.id).length}`])),
    claims: new Map(claims.map((c) => [c.statement, `${c.status ?? 'PENDING'} ${(c.confidence ?? 0).toFixed(6)}`])),
    edges: new Map(store.listEdges(taskId).map((e) => [edgeKey(e), edgeValue(e)])),
  };
}

test('LYRA_DATABASE_URL: task create, two lyra workers and task search --queue give the materials of a single-process run', {
  skip,
  timeout: 900_000,
}, async () => {
  const team = newHome('pg', db!.url);
  const single = newHome('sqlite', '');
  const workers = [lyra(team, ['worker', '--concurrency', '1', '--json']), lyra(team, ['worker', '--concurrency', '1', '--json'])];
  let ends: Array<{ stdout: string }>;
  try {
    // The single-process reference, on the SQLite home, one query after the other.
    const refTask = (JSON.parse(await cli(single, ['task', 'create', 'What do these pages claim?', '--budget-pages', '500', '--json'])) as { id: string }).id;
    for (const q of QUERIES) await cli(single, ['task', 'search', refTask, q, '--json']);

    // The team run: the queries queued as jobs, taken by two workers.
    const taskId = (JSON.parse(await cli(team, ['task', 'create', 'What do these pages claim?', '--budget-pages', '500', '--json'])) as { id: string }).id;
    for (const q of QUERIES) {
      const queued = JSON.parse(await cli(team, ['task', 'search', taskId, q, '--queue', '--json'])) as { jobs?: string[] };
      assert.equal(queued.jobs?.length, 1, 'a job per queued query');
    }
    const waited = JSON.parse(await cli(team, ['task', 'wait', taskId, '--timeout', '600', '--json'])) as { endedBy: string; status: { status: string } };
    assert.equal(waited.endedBy, 'idle');
    assert.equal(waited.status.status, 'completed');

    const teamStore = openPgStore({ url: db!.url, readonly: true });
    const refStore = openStore({ path: join(single.dir, 'lyra.db'), readonly: true });
    try {
      assert.deepEqual(
        teamStore.listQueries(taskId).map((q) => [q.text, q.status]),
        QUERIES.map((q) => [q, 'done']),
      );
      const got = snapshot(teamStore, taskId);
      const want = snapshot(refStore, refTask);
      assert.ok(
        want.pages.size >= 15 && want.claims.size > 0 && want.edges.size > 0,
        `a reference graph to compare: ${want.pages.size} pages, ${want.claims.size} claims, ${want.edges.size} edges`,
      );
      for (const k of ['pages', 'claims', 'edges'] as const)
        assert.deepEqual(Object.fromEntries([...got[k]].sort()), Object.fromEntries([...want[k]].sort()), k);
    } finally {
      teamStore.close();
      refStore.close();
    }
  } finally {
    for (const w of workers) w.child.kill('SIGTERM');
    ends = await Promise.all(workers.map((w) => w.ended));
    for (const h of [team, single]) rmSync(h.dir, { recursive: true, force: true });
  }
  const events = ends.flatMap((e) => e.stdout.trim().split('\n').filter(Boolean)).map((l) => JSON.parse(l) as { type: string; message: string });
  const jobs = events.map((e) => e.type);
  // Each queued query ran once; a job that met its task busy in the other worker was deferred, never failed.
  assert.deepEqual(
    events.filter((e) => e.type === 'job.failed').map((e) => e.message),
    [],
  );
  assert.equal(jobs.filter((t) => t === 'job.ran').length + jobs.filter((t) => t === 'job.skipped').length, QUERIES.length, jobs.join(' '));
});

test('PostgreSQL restarting mid-run: the worker reconnects and the query completes with every page once', {
  skip: skip || (findPostgresBin() ? false : 'needs initdb/pg_ctl to restart a server of its own'),
  timeout: 900_000,
}, async () => {
  const server = await startTempPostgres();
  const home = newHome('restart', server.url);
  const worker = lyra(home, ['worker', '--concurrency', '1', '--json']);
  try {
    const taskId = (JSON.parse(await cli(home, ['task', 'create', 'What do these pages claim?', '--budget-pages', '500', '--json'])) as { id: string }).id;
    await cli(home, ['task', 'search', taskId, 'bulk pages study', '--queue', '--json']);
    const fetched = (): number => {
      const store = openPgStore({ url: server.url, readonly: true });
      try {
        return store.listPages(taskId).filter((p) => p.fetchStatus === 'fetched').length;
      } finally {
        store.close();
      }
    };
    for (let i = 0; fetched() < 3; i++) {
      assert.ok(i < 600, 'the worker started fetching');
      await new Promise((r) => setTimeout(r, 250));
    }
    const atStop = openPgStore({ url: server.url, readonly: true });
    const queryAtStop = atStop.listQueries(taskId)[0]?.status;
    atStop.close();
    server.stop();
    assert.equal(queryAtStop, 'running', 'the server went down in the middle of the query');
    await new Promise((r) => setTimeout(r, 2_000));
    server.start();
    const waited = JSON.parse(await cli(home, ['task', 'wait', taskId, '--timeout', '600', '--json'])) as { endedBy: string; status: { status: string } };
    assert.deepEqual([waited.endedBy, waited.status.status], ['idle', 'completed']);
    const store = openPgStore({ url: server.url, readonly: true });
    try {
      assert.deepEqual(
        store.listQueries(taskId).map((q) => q.status),
        ['done'],
      );
      const pages = store.listPages(taskId);
      assert.equal(new Set(pages.map((p) => p.url)).size, pages.length, 'no page stored twice');
      assert.equal(pages.filter((p) => p.fetchStatus === 'fetched' && ew!.bulkUrls.includes(p.url)).length, ew!.bulkUrls.length, 'every page fetched');
    } finally {
      store.close();
    }
  } finally {
    worker.child.kill('SIGTERM');
    const r = await worker.ended;
    rmSync(home.dir, { recursive: true, force: true });
    server.destroy();
    assert.equal(r.code, 0, r.stderr);
  }
});
