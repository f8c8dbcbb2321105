// bench:workers — `lyra worker` processes (1, 2, 4; one job at a time each) on a loopback web of many
// hosts (bench/lib/workers-web.ts: one server per 127.0.0.x address, qps 1–2 each in domains.yaml),
// jobs in pg-boss and politeness shared through the team database (a throwaway PostgreSQL, or
// $LYRA_TEST_DATABASE_URL). Each run: TASKS tasks of one query each, the query's SERP pointing at
// PAGES pages spread over the hosts; the tasks are created and their jobs enqueued, and the clock runs
// from the enqueue until every query is final. Reports pages/s, wall ÷ politeness bound (max over hosts
// of requests ÷ qps: a polite crawl cannot beat 1.0), and the smallest gap between two requests to one
// host, over all workers, as sent (client stamps, bench/lib/send-recorder.mjs) and as arrived (server
// stamps), ÷ 1/qps (≥ 1.0: the host's qps held across workers). Measured and printed, never asserted.
// The worker runs keep everything in one PostgreSQL database (LYRA_DATABASE_URL: the store, the jobs, the
// politeness schedule), as a team would; one more run of a single worker on a SQLite store (jobs and
// politeness still in PostgreSQL through workers.database_url) gives the store's overhead. A second
// table puts the same 16 queries in ONE task, whose queries run one at a time under the task's lease:
// 1 and 4 workers with page jobs off (a query's worker fetches its pages) and on (workers.page_jobs: the
// pages go to every worker's page slots), so what page jobs add to one big task is measured; and with
// graph jobs on (workers.graph_jobs: each query's graph step goes to every worker's graph slots), in both layouts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createEngine, enqueueQueryJobs, loadConfig } from '../src/app/index.js';
import { openStore } from '../src/store/index.js';
import { openPgStore } from '../src/store/pg/index.js';
import type { Store } from '../src/core/index.js';
import { createTestDatabase, skipUnlessPostgres } from '../src/test-support/postgres.js';
import { PROJECT_ROOT } from '../src/test-support/shared-data.js';
import { benchQpsOf } from './lib/workers-web.js';

const HOSTS = 24;
const TASKS = 16;
const PAGES = 9;
const WORKER_COUNTS = (process.env.LYRA_BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const qpsOf = benchQpsOf;
const hostName = (i: number): string => `127.0.0.${2 + i}`;

interface Arrival {
  host: string;
  path: string;
  at: number;
}

/** The bench web in a child process (bench/lib/workers-web-server.ts), so this process's store reads never delay its arrival stamps. */
interface RemoteWeb {
  searchBase: string;
  arrivals(): Promise<Arrival[]>;
  close(): void;
}

async function startRemoteWeb(dir: string): Promise<RemoteWeb> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'bench/lib/workers-web-server.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(l: string) => void> = [];
  lines.on('line', (l) => waiting.shift()?.(l));
  const send = (line: string): Promise<string> =>
    new Promise((resolve) => {
      waiting.push(resolve);
      child.stdin.write(`${line}\n`);
    });
  const first = JSON.parse(await send(JSON.stringify({ hosts: HOSTS, tasks: TASKS, pagesPerTask: PAGES }))) as { searchBase: string };
  let dumps = 0;
  return {
    searchBase: first.searchBase,
    async arrivals() {
      const file = join(dir, `arrivals-${dumps++}.json`);
      await send(`dump ${file}`);
      return JSON.parse(readFileSync(file, 'utf8')) as Arrival[];
    },
    close: () => {
      child.stdin.write('quit\n');
      child.stdin.end();
    },
  };
}

type StoreKind = 'postgres' | 'sqlite';

/** `tasks`: TASKS tasks of one query each; `one-task`: the same queries in one task. */
interface Layout {
  oneTask: boolean;
  pageJobs: boolean;
  /** workers.graph_jobs: each query's graph step as a graph job. */
  graphJobs: boolean;
}
const MANY_TASKS: Layout = { oneTask: false, pageJobs: false, graphJobs: false };

interface RunResult {
  workers: number;
  store: StoreKind;
  layout: Layout;
  wallS: number;
  pages: number;
  requests: number;
  boundS: number;
  sentMinRatio: number;
  sentMinHost: string;
  arrivedMinRatio: number;
  failedQueries: number;
}

interface Home {
  dir: string;
  configPath: string;
  env: NodeJS.ProcessEnv;
}

/** A home whose store is the PostgreSQL database (LYRA_DATABASE_URL), or its own SQLite file with jobs and politeness in the database. */
function writeHome(web: RemoteWeb, databaseUrl: string, store: StoreKind, layout: Layout): Home {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-bench-workers-'));
  const domainsPath = join(dir, 'domains.yaml');
  const domains = [
    '{ domain: 127.0.0.1, trust_level: unverified, qps: 20 }',
    ...Array.from({ length: HOSTS }, (_, i) => `{ domain: ${hostName(i)}, trust_level: unverified, qps: ${qpsOf(i)} }`),
  ];
  writeFileSync(domainsPath, ['domains:', ...domains.map((d) => `  - ${d}`), ''].join('\n'));
  const configPath = join(dir, 'lyra.config.yaml');
  const off = { enabled: false };
  writeFileSync(
    configPath,
    [
      'store: { path: lyra.db }',
      `domains: { file: ${JSON.stringify(domainsPath)}, watch: false }`,
      `fetch: ${JSON.stringify({ allow_private: ['127.0.0.0/8:1-65535'], cache: { enabled: false }, timeout_ms: 10000, max_retries: 1, per_host_concurrency: 2, render: { enabled: false } })}`,
      `providers: { searxng: { base_url: "${web.searchBase}" } }`,
      `scholarly: ${JSON.stringify({ semantic_scholar: off, openalex: off, crossref: off, arxiv: off, pubmed: off })}`,
      `pipeline: ${JSON.stringify({ query_backoff_ms: 50, mirror_queries: false, synonym_queries: 0, serp_limit: 50, fetch_concurrency: 4, graph: { claims_per_page: 1, candidates_per_claim: 2 } })}`,
      `workers: ${JSON.stringify({ ...(store === 'sqlite' ? { database_url: databaseUrl } : {}), polling_interval_seconds: 0.5, busy_delay_seconds: 1, maintenance_interval_seconds: 5, page_jobs: layout.pageJobs, graph_jobs: layout.graphJobs })}`,
      '',
    ].join('\n'),
  );
  return { dir, configPath, env: { LYRA_HOME: dir, LYRA_DATABASE_URL: store === 'postgres' ? databaseUrl : '' } };
}

function startWorker(home: Home, sendLog: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'lyra.js'), '--config', home.configPath, 'worker', '--concurrency', '1', '--json'], {
    env: {
      ...process.env,
      ...home.env,
      LYRA_BENCH_SEND_LOG: sendLog,
      NODE_OPTIONS: `--import=${join(PROJECT_ROOT, 'bench', 'lib', 'send-recorder.mjs')}`,
    },
    cwd: home.dir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (l) => {
      if (l.includes('"worker.started"')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it started`)));
  });
}

/** Smallest gap between two stamps of one host ÷ that host's 1/qps, and the host. */
function minGapRatio(stamps: Array<{ host: string; at: number }>, qpsFor: (host: string) => number): { ratio: number; host: string } {
  const byHost = new Map<string, number[]>();
  for (const s of stamps) byHost.set(s.host, [...(byHost.get(s.host) ?? []), s.at]);
  let best = { ratio: Infinity, host: '' };
  for (const [host, ts] of byHost) {
    ts.sort((a, b) => a - b);
    for (let i = 1; i < ts.length; i++) {
      const r = (ts[i]! - ts[i - 1]!) / (1000 / qpsFor(host));
      if (r < best.ratio) best = { ratio: r, host };
    }
  }
  return best;
}

async function run(web: RemoteWeb, databaseUrl: string, workers: number, storeKind: StoreKind, layout: Layout): Promise<RunResult> {
  const home = writeHome(web, databaseUrl, storeKind, layout);
  const sendLog = join(home.dir, 'sent.jsonl');
  writeFileSync(sendLog, '');
  const children: ChildProcess[] = [];
  try {
    for (let i = 0; i < workers; i++) children.push(await startWorker(home, sendLog));
    const config = loadConfig({ configPath: home.configPath, env: home.env });
    const engine = createEngine(config);
    const jobs: Array<{ taskId: string; queryId: string }> = [];
    try {
      const budget = { maxPages: 500, maxQueries: 20 };
      const one = layout.oneTask ? await engine.createTask({ question: 'What do the studies of all topics find?', budget }) : undefined;
      for (let t = 0; t < TASKS; t++) {
        const task = one ?? (await engine.createTask({ question: `What do the studies of topic ${t} find?`, budget }));
        const [item] = engine.record(task.id, [{ query: `topic ${t} blood pressure` }]);
        jobs.push({ taskId: task.id, queryId: item!.queryId });
      }
    } finally {
      await engine.close();
    }
    const arrivalsBefore = (await web.arrivals()).length;
    const started = performance.now();
    await enqueueQueryJobs(config, jobs);
    const store: Store =
      storeKind === 'postgres' ? openPgStore({ url: databaseUrl, readonly: true }) : openStore({ path: join(home.dir, 'lyra.db'), readonly: true });
    let failedQueries = 0;
    let pages = 0;
    try {
      for (;;) {
        const qs = jobs.map((j) => store.getQuery(j.queryId));
        if (qs.every((q) => q && (q.status === 'done' || q.status === 'failed'))) {
          failedQueries = qs.filter((q) => q?.status === 'failed').length;
          pages = [...new Set(jobs.map((j) => j.taskId))].reduce(
            (n, taskId) => n + store.listPages(taskId).filter((p) => p.fetchStatus === 'fetched').length,
            0,
          );
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      store.close();
    }
    const wallS = (performance.now() - started) / 1000;
    const allArrivals = await web.arrivals();
    const arrivals = allArrivals.slice(arrivalsBefore);
    const qpsFor = (host: string): number => (host === '127.0.0.1' ? 20 : qpsOf(Number(host.split('.')[3]) - 2));
    const perHost = new Map<string, number>();
    for (const a of arrivals) perHost.set(a.host, (perHost.get(a.host) ?? 0) + 1);
    // Robots.txt fetched by a worker before the clock started count too: the bound covers what each host received while timed.
    const boundS = Math.max(...[...perHost].map(([h, n]) => n / qpsFor(h)));
    const sent = readFileSync(sendLog, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { host: string; at: number });
    const sentMin = minGapRatio(sent, qpsFor);
    const arrivedMin = minGapRatio(allArrivals, qpsFor);
    return {
      workers,
      store: storeKind,
      layout,
      wallS,
      pages,
      requests: arrivals.length,
      boundS,
      sentMinRatio: sentMin.ratio,
      sentMinHost: sentMin.host,
      arrivedMinRatio: arrivedMin.ratio,
      failedQueries,
    };
  } finally {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    if (existsSync(home.dir)) rmSync(home.dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const skip = skipUnlessPostgres();
  if (skip) {
    console.log(`bench:workers skipped: ${skip}`);
    return;
  }
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'cli', 'main.js'))) throw new Error('bench:workers runs the built CLI: run `npm run build` first');
  const rows: RunResult[] = [];
  const oneTaskWorkers = [1, Math.max(...WORKER_COUNTS)].filter((n, i, a) => a.indexOf(n) === i);
  const plan: Array<[number, StoreKind, Layout]> = [
    ...WORKER_COUNTS.map((n): [number, StoreKind, Layout] => [n, 'postgres', MANY_TASKS]),
    [1, 'sqlite', MANY_TASKS],
    [Math.max(...WORKER_COUNTS), 'postgres', { oneTask: false, pageJobs: true, graphJobs: false }],
    [Math.max(...WORKER_COUNTS), 'postgres', { oneTask: false, pageJobs: false, graphJobs: true }],
    ...[false, true].flatMap((pageJobs) =>
      oneTaskWorkers.map((n): [number, StoreKind, Layout] => [n, 'postgres', { oneTask: true, pageJobs, graphJobs: false }]),
    ),
    ...oneTaskWorkers.map((n): [number, StoreKind, Layout] => [n, 'postgres', { oneTask: true, pageJobs: false, graphJobs: true }]),
  ];
  for (const [n, storeKind, layout] of plan) {
    // A fresh database and web per run: the store, the queue, the arrival log and the per-host clocks start empty.
    const db = await createTestDatabase();
    const scratch = mkdtempSync(join(tmpdir(), 'lyra-bench-web-'));
    const web = await startRemoteWeb(scratch);
    try {
      rows.push(await run(web, db.url, n, storeKind, layout));
    } finally {
      web.close();
      rmSync(scratch, { recursive: true, force: true });
      await db.drop();
    }
  }
  console.log(
    `bench:workers — ${TASKS} tasks × 1 query × ${PAGES} pages over ${HOSTS} hosts (qps 1–2 each), one query job at a time per worker (page jobs, when on: 4 at a time)\n`,
  );
  printTable(rows.filter((r) => !r.layout.oneTask));
  const pg = rows.filter((r) => r.store === 'postgres' && !r.layout.oneTask && !r.layout.pageJobs && !r.layout.graphJobs);
  const base = pg.find((r) => r.workers === 1);
  if (base)
    console.log(
      `\nthroughput vs 1 worker (PostgreSQL store): ${pg.map((r) => `${r.workers}: ×${(r.pages / r.wallS / (base.pages / base.wallS)).toFixed(2)}`).join(', ')}`,
    );
  const lite = rows.find((r) => r.store === 'sqlite');
  if (base && lite)
    console.log(
      `one worker, PostgreSQL store vs SQLite store: ${base.wallS.toFixed(1)} s vs ${lite.wallS.toFixed(1)} s (×${(base.wallS / lite.wallS).toFixed(2)} the wall time)`,
    );
  const one = rows.filter((r) => r.layout.oneTask);
  if (one.length > 0) {
    console.log(`\nthe same ${TASKS} queries in ONE task (its queries one at a time under the task's lease), page or graph jobs off and on:\n`);
    printTable(one);
    const rate = (r: RunResult | undefined): number => (r ? r.pages / r.wallS : NaN);
    const at = (n: number, pageJobs: boolean, graphJobs = false): RunResult | undefined =>
      one.find((r) => r.workers === n && r.layout.pageJobs === pageJobs && r.layout.graphJobs === graphJobs);
    const most = Math.max(...oneTaskWorkers);
    console.log(
      `\none task, ${most} workers vs 1: page jobs off ×${(rate(at(most, false)) / rate(at(1, false))).toFixed(2)}, on ×${(rate(at(most, true)) / rate(at(1, true))).toFixed(2)}; ${most} workers, on vs off: ×${(rate(at(most, true)) / rate(at(most, false))).toFixed(2)} pages/s`,
    );
    console.log(
      `one task, graph jobs on vs off: 1 worker ×${(rate(at(1, false, true)) / rate(at(1, false))).toFixed(2)}, ${most} workers ×${(rate(at(most, false, true)) / rate(at(most, false))).toFixed(2)} pages/s`,
    );
  }
  console.log(
    [
      '',
      'The clock runs from the enqueue to the last query final; worker start-up (models) is before it. "sent" gaps are',
      'stamped by each worker as undici writes the request (epoch ms, one machine); "arrived" by the bench web (its own process). Requests',
      "include each worker's robots.txt per host and the searches (127.0.0.1, qps 20).",
      `machine: ${cpus().length} cores, load average at the end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    ].join('\n'),
  );
}

function printTable(rows: RunResult[]): void {
  const head = [
    'workers',
    'page jobs',
    'graph jobs',
    'store',
    'wall s',
    'pages',
    'pages/s',
    'requests',
    'bound s',
    'wall ÷ bound',
    'sent: min gap ÷ 1/qps',
    'arrived: min gap ÷ 1/qps',
    'failed queries',
  ];
  const body = rows.map((r) => [
    String(r.workers),
    r.layout.pageJobs ? 'on' : 'off',
    r.layout.graphJobs ? 'on' : 'off',
    r.store,
    r.wallS.toFixed(1),
    String(r.pages),
    (r.pages / r.wallS).toFixed(2),
    String(r.requests),
    r.boundS.toFixed(1),
    (r.wallS / r.boundS).toFixed(2),
    `${r.sentMinRatio.toFixed(3)} (${r.sentMinHost})`,
    r.arrivedMinRatio.toFixed(3),
    String(r.failedQueries),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log([line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
