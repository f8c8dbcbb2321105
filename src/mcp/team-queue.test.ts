// lyra serve with a team database: MCP's queued searches (queue_searches, search with background,
// queue_targets) are recorded and become jobs for `lyra worker`; nothing runs in the server's process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { tempHome } from '../test-support/cli.js';
import { createTestDatabase, skipUnlessPostgres } from '../test-support/postgres.js';
import { QUERY_QUEUE } from '../queue/index.js';
import { loadConfig } from '../app/config/index.js';
import { createServeRuntime } from '../app/ui/serve.js';
import { queueSearchesTool } from './tools/search-tools.js';

test('with a team database, queue_searches records the queries and enqueues one job each; the server runs none of them', {
  skip: skipUnlessPostgres(),
}, async () => {
  const home = tempHome();
  const db = await createTestDatabase();
  const runtime = createServeRuntime(loadConfig({ cwd: home, env: { LYRA_HOME: home, LYRA_DATABASE_URL: db.url } }));
  try {
    assert.ok(runtime.queue, 'a team database gives the server a job queue');
    runtime.store.upsertCorpusDocuments([
      { corpus: 'notes', id: 'd1', title: 'Exercise', text: 'Aerobic exercise lowered blood pressure.', contentHash: 'h1' },
    ]);
    const task = await runtime.engine.createTask({ question: 'Does exercise lower blood pressure?', providers: ['corpus:notes'] });
    const ctx = {
      services: runtime,
      settings: runtime.settings,
      signal: new AbortController().signal,
      progress: () => undefined,
      followTask: () => () => undefined,
    };
    const result = (await queueSearchesTool.run(
      { task_id: task.id, targets: [{ query: 'aerobic exercise blood pressure' }, { query: 'exercise trials' }] },
      ctx,
    )) as { queued: Array<{ queryId: string }> };
    assert.equal(result.queued.length, 2);
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ data: { taskId: string; queryId: string } }>('SELECT data FROM pgboss.job WHERE name = $1 ORDER BY created_on', [
        QUERY_QUEUE,
      ]);
      assert.deepEqual(rows.map((r) => r.data.queryId).sort(), result.queued.map((q) => q.queryId).sort());
    } finally {
      await client.end();
    }
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(
      runtime.store.listQueries(task.id).map((q) => q.status),
      ['pending', 'pending'],
      'left for the workers',
    );
  } finally {
    await runtime.close();
    await db.drop();
    rmSync(home, { recursive: true, force: true });
  }
});
