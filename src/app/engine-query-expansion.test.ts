// Seed 002 同義語展開 through the real engine: an English client query reaches the web provider with its
// WordNet synonym queries (pipeline.synonym_queries, default 2), and none when turned off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeSearxng } from '../test-support/fake-searxng.js';
import { createEngine, loadConfig } from './index.js';

/**
 * A config file `<name>.yaml` in `home` searching only the fake SearXNG at `baseUrl`, on the store file
 * `store`, with no mirror queries and `pipeline` (flow-mapping entries, e.g. ', synonym_queries: 0') added.
 */
function writeConfig(home: string, options: { name: string; store: string; baseUrl: string; pipeline: string }): string {
  const path = join(home, `${options.name}.yaml`);
  writeFileSync(
    path,
    [
      `store: { path: ${options.store} }`,
      `providers: { searxng: { base_url: "${options.baseUrl}" } }`,
      'fetch: { respect_robots: false, cache: { enabled: false }, max_retries: 0 }',
      'scholarly:',
      ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`),
      `pipeline: { mirror_queries: false${options.pipeline} }`,
      '',
    ].join('\n'),
  );
  return path;
}

test('the SERP phase sends the synonym queries of an English query to the provider; pipeline.synonym_queries: 0 turns them off', async () => {
  const searx = await startFakeSearxng(() => []);
  const home = mkdtempSync(join(tmpdir(), 'lyra-synonyms-'));
  try {
    const config = (extra: string): string =>
      writeConfig(home, { name: `lyra-${extra ? 'off' : 'on'}.config`, store: `${extra ? 'off' : 'on'}.db`, baseUrl: searx.baseUrl, pipeline: extra });
    const engine = createEngine(loadConfig({ configPath: config(''), env: { LYRA_HOME: home } }));
    try {
      const task = await engine.createTask({ question: 'Does exercise lower the risk of hypertension?', providers: ['searxng'] });
      const out = await engine.search(task.id, 'exercise hypertension risk');
      assert.deepEqual(out.sentQueries, ['exercise hypertension risk', 'physical exercise hypertension risk', 'exercise high blood pressure risk']);
      assert.deepEqual(searx.queries(), out.sentQueries);
    } finally {
      await engine.close();
    }
    const off = createEngine(loadConfig({ configPath: config(', synonym_queries: 0'), env: { LYRA_HOME: home } }));
    try {
      const task = await off.createTask({ question: 'q?', providers: ['searxng'] });
      const out = await off.search(task.id, 'exercise hypertension risk');
      assert.deepEqual(out.sentQueries, ['exercise hypertension risk']);
    } finally {
      await off.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
    await searx.web.close();
  }
});

test('a recorded query is expanded as the recording engine asked, whichever engine runs it (a worker runs what lyra research --queue recorded)', async () => {
  const searx = await startFakeSearxng(() => []);
  const home = mkdtempSync(join(tmpdir(), 'lyra-recorded-expansion-'));
  try {
    const path = (name: string, pipeline: string): string => writeConfig(home, { name, store: 'shared.db', baseUrl: searx.baseUrl, pipeline });
    // The recording engine turns synonyms off (as the research workflow does); the running one has the default 2.
    const recorder = createEngine(loadConfig({ configPath: path('recorder', ', synonym_queries: 0'), env: { LYRA_HOME: home } }));
    let taskId: string;
    let queryIds: string[];
    try {
      taskId = (await recorder.createTask({ question: 'Does exercise lower the risk of hypertension?', providers: ['searxng'] })).id;
      queryIds = recorder.record(taskId, [{ query: 'exercise hypertension risk' }], { origin: 'gap' }).map((q) => q.queryId);
    } finally {
      await recorder.close();
    }
    const worker = createEngine(loadConfig({ configPath: path('worker', ''), env: { LYRA_HOME: home } }));
    try {
      const r = await worker.runRecorded(taskId, queryIds[0]!);
      assert.deepEqual(r, { ran: true, status: 'done' });
      assert.deepEqual(searx.queries(), ['exercise hypertension risk'], 'no synonym query: the recording engine had them off');
      const out = worker.queryOutcome(taskId, queryIds[0]!);
      assert.deepEqual([out.query, out.status, out.sentQueries], ['exercise hypertension risk', 'done', ['exercise hypertension risk']]);
      assert.equal(worker.store.getQuery(queryIds[0]!)?.origin, 'gap', 'the origin is recorded too');
      assert.throws(() => worker.queryOutcome(taskId, 'q_missing'), /has no query q_missing/);
    } finally {
      await worker.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
    await searx.web.close();
  }
});
