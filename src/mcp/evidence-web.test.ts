// The original system's extra tools and the long-poll through the SDK's own client (in-memory
// transport), on a task searched over the evidence web (loopback: real article pages, recorded
// Semantic Scholar and OpenAlex responses): progress notifications while a search runs, the eight
// ready-made views answering on what the search found, reference candidates, vector search, a search
// returning at once with its query queued and get_status waiting for it, queue_targets skipping a
// duplicate.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServeRuntime, loadConfig, lyraVersion, type ServeRuntime } from '../app/index.js';
import { startEvidenceWeb, type EvidenceWeb } from '../test-support/evidence-web.js';
import { structured } from '../test-support/mcp-client.js';
import { skipUnlessShared } from '../test-support/shared-data.js';
import { createLyraMcpServer } from './index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const skip = skipUnlessShared('api_fixtures/semanticscholar/Paper.json');
let ew: EvidenceWeb;
let runtime: ServeRuntime;
let client: Client;
let taskId = '';

before(async () => {
  if (skip) return;
  ew = await startEvidenceWeb({ pipeline: { citation_limit: 5 }, extraYaml: 'mcp: { progress_interval_ms: 100 }' });
  runtime = createServeRuntime(loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } }), { resolver: ew.resolver });
  const server = createLyraMcpServer({ services: runtime, version: lyraVersion(), settings: runtime.settings });
  client = new Client({ name: 'evidence-web-test', version: '0.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  await client.connect(b);
});

after(async () => {
  if (skip) return;
  await client.close();
  await runtime.close();
  await ew.close();
  rmSync(ew.home, { recursive: true, force: true });
});

const call = async (name: string, args: Json): Promise<Json> =>
  structured<Json>((await client.callTool({ name, arguments: args }, undefined, { timeout: 900_000 })) as CallToolResult);

test('a search sends progress while it runs (engine events and the heartbeat), keeping a short request timeout alive', { skip }, async () => {
  ({ task_id: taskId } = await call('create_task', { question: 'Does regular aerobic exercise lower blood pressure?' }));
  const progress: string[] = [];
  const at: number[] = [];
  // A request timeout shorter than the search (about 20 s here on two busy cores): the client resets it
  // on each progress notification (the SDK's resetTimeoutOnProgress), so the call still answers. The
  // heartbeat cannot fire while the event loop is busy (the longest gap measured here is about 6 s),
  // hence 12 s rather than a tighter timeout.
  const started = Date.now();
  const r = (await client.callTool({ name: 'search', arguments: { task_id: taskId, query: 'aerobic exercise blood pressure study' } }, undefined, {
    timeout: 12_000,
    resetTimeoutOnProgress: true,
    maxTotalTimeout: 900_000,
    onprogress: (p) => void (progress.push(p.message ?? ''), at.push(Date.now())),
  })) as CallToolResult;
  const gap = Math.max(...at.map((t, i) => t - (i === 0 ? started : at[i - 1]!)));
  console.log(
    `search over MCP: ${Date.now() - started} ms with a 12 s request timeout reset on progress; ${progress.length} notifications, longest gap ${gap} ms`,
  );
  const s = structured<Json>(r);
  assert.equal(s.status, 'done');
  assert.ok(s.claims_total > 0, 'the search found claims');
  assert.ok(
    progress.some((m) => m.startsWith('query.end')),
    progress.slice(0, 5).join(' | '),
  );
  assert.ok(
    progress.some((m) => /^search: working \(\d+ s\)$/.test(m)),
    'the heartbeat keeps the request alive',
  );
});

test('the eight views answer on the searched task with the columns list_views declares', { skip }, async () => {
  assert.ok(taskId);
  const { views } = await call('list_views', {});
  assert.deepEqual(
    views.map((v: Json) => v.name),
    [
      'contradictions',
      'unsupported_claims',
      'claim_origins',
      'emerging_consensus',
      'outdated_evidence',
      'source_impact',
      'reference_candidates',
      'bibliographic_coupling',
    ],
  );
  const counts: Record<string, number> = {};
  for (const v of views) {
    const t = await call('query_view', { name: v.name, task_id: taskId });
    assert.deepEqual(t.columns, v.columns, v.name);
    assert.equal(t.row_count, t.rows.length);
    counts[v.name] = t.row_count;
  }
  console.log(`views on the evidence-web task: ${JSON.stringify(counts)}`);
  // One search over the evidence web gives every view something to show (contested claims, old and
  // new sources, cited works not read, papers sharing references).
  for (const v of views) assert.ok(counts[v.name]! > 0, `${v.name} has rows`);
  const pages = await call('query_sql', { sql: 'SELECT count(*) FROM pages WHERE task_id = ?', params: [taskId] });
  assert.ok((pages.rows[0][0] as number) >= counts.source_impact!, 'source_impact lists pages of the task');

  const dry = await call('queue_reference_candidates', { task_id: taskId, dry_run: true, limit: 3 });
  assert.equal(dry.total_candidates, counts.reference_candidates);
  assert.equal(dry.candidates.length, Math.min(3, counts.reference_candidates!));
  assert.equal(dry.queued_count, 0);
  assert.ok(dry.candidates.every((c: Json) => c.query_id === undefined && (c.target === 'doi' ? typeof c.doi === 'string' : c.url.startsWith('http'))));
});

test("vector_search ranks the task's fragments by meaning", { skip }, async () => {
  const r = await call('vector_search', { task_id: taskId, query: 'exercise reduces blood pressure', limit: 5 });
  assert.ok(r.hits.length > 0 && r.hits.length <= 5);
  assert.ok(r.fragments_compared > 0 && r.fragments_compared <= r.fragments_in_task);
  const scores = r.hits.map((h: Json) => h.score as number);
  assert.deepEqual(
    scores,
    [...scores].sort((a, b) => b - a),
    'best first',
  );
  const known = await call('query_sql', { sql: 'SELECT count(*) FROM fragments WHERE id = ?', params: [r.hits[0].fragment_id] });
  assert.deepEqual(known.rows, [[1]]);
});

test('search background: true returns at once; get_status wait_seconds returns at the milestone; queue_targets skips duplicates', { skip }, async () => {
  const queued = await call('search', { task_id: taskId, query: 'exercise hypertension trial', options: { background: true } });
  assert.deepEqual([queued.status, queued.background], ['pending', true]);
  let st: Json = {};
  const milestones: Json[] = [];
  for (let i = 0; i < 20; i++) {
    st = await call('get_status', { task_id: taskId, wait_seconds: 30 });
    milestones.push(...st.milestones);
    if (st.waiting_for.length === 0) break;
  }
  assert.ok(
    milestones.some((m) => m.kind === 'search_done' && m.query_id === queued.query_id),
    JSON.stringify(milestones),
  );
  assert.equal(st.searches.find((q: Json) => q.query_id === queued.query_id)?.status, 'done');
  assert.deepEqual(st.waiting_for, []);

  const targets = await call('queue_targets', {
    task_id: taskId,
    targets: [
      { kind: 'query', query: 'walking blood pressure' },
      { kind: 'query', query: 'walking blood pressure' },
    ],
  });
  assert.deepEqual([targets.queued.length, targets.skipped.map((s: Json) => [s.kind, s.reason])], [1, [['query', 'duplicate']]]);
  const waited = await call('get_status', { task_id: taskId, wait_seconds: 30 });
  assert.ok(['milestone', 'idle'].includes(waited.wait.ended_by), waited.wait.ended_by);
  await runtime.engine.idle(taskId);
});
