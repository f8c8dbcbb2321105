// A worker killed after ending a task's last query but before marking the task completed leaves the task
// `running` with nothing left to run; its job comes back to another worker (pg-boss retries a job whose
// worker died), which finds the query final and must mark the task then. Through the real engine on a
// SQLite store with a fake SearXNG.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeSearxng } from '../../test-support/fake-searxng.js';
import { loadConfig } from '../config/index.js';
import { createEngine } from '../engine.js';

test('a job run again for a query already final marks its task completed when nothing else of it is left to run', async () => {
  const searx = await startFakeSearxng(() => []);
  const home = mkdtempSync(join(tmpdir(), 'lyra-recorded-final-'));
  const configPath = join(home, 'lyra.yaml');
  writeFileSync(
    configPath,
    [
      'store: { path: lyra.db }',
      `providers: { searxng: { base_url: "${searx.baseUrl}" } }`,
      'fetch: { respect_robots: false, cache: { enabled: false }, max_retries: 0 }',
      'scholarly:',
      ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`),
      'pipeline: { mirror_queries: false, synonym_queries: 0 }',
      '',
    ].join('\n'),
  );
  const engine = createEngine(loadConfig({ configPath, env: { LYRA_HOME: home } }));
  try {
    const taskId = (await engine.createTask({ question: 'Does exercise lower blood pressure?', providers: ['searxng'] })).id;
    const [first, second] = engine.record(taskId, [{ query: 'exercise blood pressure' }, { query: 'aerobic training hypertension' }]).map((q) => q.queryId);
    assert.deepEqual(await engine.runRecorded(taskId, first!), { ran: true, status: 'done' });
    // The second query is still pending: a job run again for the first leaves the task running.
    assert.deepEqual(await engine.runRecorded(taskId, first!), { ran: false, reason: 'query_final', status: 'done' });
    assert.equal(engine.store.getTask(taskId)?.status, 'running');
    assert.deepEqual(await engine.runRecorded(taskId, second!), { ran: true, status: 'done' });
    assert.equal(engine.store.getTask(taskId)?.status, 'completed', 'the process that ran the last query marks the task');

    // As a worker killed in between would leave it: the last query done, the task still running.
    engine.store.updateTask(taskId, { status: 'running' });
    assert.deepEqual(await engine.runRecorded(taskId, second!), { ran: false, reason: 'query_final', status: 'done' });
    assert.equal(engine.store.getTask(taskId)?.status, 'completed', 'the job run again marks it');
  } finally {
    await engine.close();
    rmSync(home, { recursive: true, force: true });
    await searx.web.close();
  }
});
