// Issue 18, "the research workflow enqueues and waits": `lyra research --queue` with LYRA_DATABASE_URL
// runs every search of the run as a job that a `lyra worker` process takes, while planning, VERIFY and
// the report stay in the research process. The reference is the same `lyra research` in one process on
// a SQLite home: the task's queries (text, origin, status), pages, claims with their statuses and edges
// must be equal (natural keys: the runs have their own ids), and so must the answer's verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Store } from '../../core/index.js';
import { openPgStore } from '../../store/pg/index.js';
import { openStore } from '../../store/index.js';
import { skipUnlessPostgres } from '../../test-support/postgres.js';
import { spawnLyra, type LyraHome } from '../../test-support/lyra-process.js';
import { queueTestbed } from '../../test-support/queue-testbed.js';
import { assertSameMap, graphSnapshot } from '../../test-support/graph-snapshot.js';
import { skipUnlessShared } from '../../test-support/shared-data.js';

const skip = skipUnlessPostgres() || skipUnlessShared('api_fixtures/semanticscholar/Paper.json');
const QUESTION = 'Does aerobic exercise lower blood pressure?';
const BUDGET = 'pages=30,queries=60,seconds=900';
const bed = queueTestbed({
  skip,
  prefix: 'research-queue',
  workers: {
    polling_interval_seconds: 0.5,
    busy_delay_seconds: 1,
    shutdown_timeout_seconds: 5,
    retry_delay_seconds: 0,
    job_expire_seconds: 120,
    maintenance_interval_seconds: 2,
  },
});
const lyra = spawnLyra;

interface ResearchLine {
  type: string;
  taskId?: string;
  status?: string;
  searches?: number;
  answer?: { verdict: string };
}

/** `lyra research --json`: the result line. */
async function research(home: LyraHome, extra: string[]): Promise<ResearchLine> {
  const r = await lyra(home, ['research', QUESTION, '--provider', 'searxng', '--budget', BUDGET, '--json', ...extra]).ended;
  assert.equal(r.code, 0, `lyra research ${extra.join(' ')}: ${r.stderr.slice(-2000)}`);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ResearchLine);
  const result = lines.find((l) => l.type === 'research.result');
  assert.ok(result?.taskId, 'a research.result line with the task id');
  return result;
}

const queriesOf = (store: Store, taskId: string): string[] => store.listQueries(taskId).map((q) => `${q.origin} ${q.mode} ${q.status} ${q.text}`);

test('lyra research --queue: every search is a job a lyra worker runs, and the run ends as a single-process run does', { skip, timeout: 900_000 }, async () => {
  const team = bed.home('pg', { LYRA_DATABASE_URL: bed.db.url });
  const single = bed.home('sqlite', { LYRA_DATABASE_URL: '' });
  const worker = lyra(team, ['worker', '--concurrency', '1', '--json']);
  try {
    const ref = await research(single, []);
    const got = await research(team, ['--queue']);
    assert.equal(got.status, 'completed');
    assert.equal(got.answer?.verdict, ref.answer?.verdict, 'the same answer');
    assert.equal(got.searches, ref.searches, 'the same number of searches');

    const teamStore = openPgStore({ url: bed.db.url, readonly: true });
    const refStore = openStore({ path: join(single.dir, 'lyra.db'), readonly: true });
    try {
      assert.deepEqual(queriesOf(teamStore, got.taskId!), queriesOf(refStore, ref.taskId!), 'the same queries, origins and ends');
      const want = graphSnapshot(refStore, ref.taskId!);
      const have = graphSnapshot(teamStore, got.taskId!);
      for (const k of ['pages', 'claims', 'edges'] as const) assertSameMap(have[k], want[k], k);
      assert.ok(want.pages.size > 0 && want.claims.size > 0 && want.edges.size > 0, 'a graph to compare');
      console.log(
        `# research --queue: ${got.searches} searches (${teamStore.listQueries(got.taskId!).length} queries), ${want.pages.size} pages, ${want.claims.size} claims, ${want.edges.size} edges, answer ${got.answer?.verdict}: equal to the one-process run`,
      );
    } finally {
      teamStore.close();
      refStore.close();
    }
  } finally {
    worker.child.kill('SIGTERM');
  }
  const w = await worker.ended;
  assert.equal(w.code, 0, w.stderr);
  const jobs = w.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string });
  const ran = jobs.filter((e) => e.type === 'job.ran').length;
  assert.ok(ran > 0, 'the worker ran the searches');
  console.log(`# research --queue: the worker ran ${ran} jobs`);
  assert.deepEqual(
    jobs.filter((e) => e.type === 'job.failed'),
    [],
  );
});
