// The MCP server as a client sees it: `node bin/lyra.js serve` started as a subprocess, driven by the
// SDK's own client over stdio through create_task → search → get_status → stop_task →
// get_materials on the shipped offline corpus, then feedback and calibration on what it found, then
// 1,000 invalid calls over every tool that must all be structured errors leaving the database
// byte-for-byte as it was. Results are read as sent: snake_case keys in structuredContent.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { FUZZ_TOOLS, invalidCases } from '../test-support/mcp-fuzz.js';
import { dbContentHash, scratchHome, startStdioServer, structured, toolError, type ScratchHome, type StdioServer } from '../test-support/mcp-client.js';

/** Invalid calls sent; the acceptance figure. */
const FUZZ_CASES = 1_000;
const QUESTION = 'Is the recent warming of the climate caused by human activity?';

let home: ScratchHome;
let server: StdioServer;
let taskId = '';
let edgeId: string | undefined;

before(async () => {
  home = scratchHome();
  server = await startStdioServer({ home: home.home, cwd: home.dir });
});

after(async () => {
  await server?.close();
  home?.cleanup();
});

const call = (name: string, args: unknown): Promise<CallToolResult> =>
  server.client.callTool({ name, arguments: args as Record<string, unknown> }, undefined, { timeout: 900_000 }) as Promise<CallToolResult>;

test('lists the eleven tools and the six extra ones, each with input and output schemas and a description', async () => {
  const { tools } = await server.client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), [
    'calibration_metrics',
    'calibration_rollback',
    'create_task',
    'feedback',
    'get_auth_queue',
    'get_materials',
    'get_status',
    'list_views',
    'query_sql',
    'query_view',
    'queue_reference_candidates',
    'queue_searches',
    'queue_targets',
    'resolve_auth',
    'search',
    'stop_task',
    'vector_search',
  ]);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object', t.name);
    assert.equal(t.outputSchema?.type, 'object', t.name);
    assert.ok((t.description ?? '').length > 60, t.name);
  }
  assert.match(server.client.getInstructions() ?? '', /you \(the client\) design every query/);
});

test('create_task → search → get_status → stop_task → get_materials over stdio on corpus:example', async () => {
  const created = structured<{ task_id: string; task: { question: string; status: string; budget: { max_pages: number }; config_snapshot?: unknown } }>(
    await call('create_task', { question: QUESTION, providers: ['corpus:example'], budget: { max_pages: 3, max_seconds: 600 } }),
  );
  taskId = created.task_id;
  assert.match(taskId, /^task_/);
  assert.deepEqual([created.task.question, created.task.status, created.task.budget.max_pages], [QUESTION, 'created', 3]);
  assert.equal(created.task.config_snapshot, undefined, 'no config echo unless include_config');

  const progress: string[] = [];
  const s = structured<{
    status: string;
    query: string;
    sent_queries: string[];
    results_found: number;
    new_pages: number;
    claims: Array<{ id: string; statement: string; confidence: number; source: { url: string; trust_level: string } }>;
    budget: { pages_used: number; pages_left: number; max_pages: number };
    harvest_rate: number;
    novelty: number;
  }>(
    (await server.client.callTool({ name: 'search', arguments: { task_id: taskId, query: 'human activity global warming' } }, undefined, {
      timeout: 900_000,
      onprogress: (p) => progress.push(p.message ?? ''),
    })) as CallToolResult,
  );
  assert.equal(s.status, 'done');
  assert.equal(s.query, 'human activity global warming');
  // The client's query and its WordNet synonym query (seed 002 同義語展開).
  assert.deepEqual(s.sent_queries, ['human activity global warming', 'human action global warming']);
  assert.ok(s.results_found >= 3, `results_found ${s.results_found}`);
  assert.equal(s.new_pages, 3);
  assert.deepEqual([s.budget.max_pages, s.budget.pages_used, s.budget.pages_left], [3, 3, 0]);
  assert.ok(s.claims.length > 0);
  for (const c of s.claims) {
    assert.match(c.source.url, /^corpus:\/\/example\//);
    assert.ok(c.confidence >= 0 && c.confidence <= 1);
  }
  assert.ok(s.harvest_rate > 0 && s.harvest_rate <= 1);
  assert.ok(s.novelty > 0 && s.novelty <= 1);
  assert.ok(
    progress.some((m) => m.startsWith('phase.start serp')),
    progress.slice(0, 5).join(' | '),
  );
  assert.ok(progress.some((m) => m.startsWith('query.end')));

  const st = structured<{
    status: string;
    searches: Array<{ text: string; status: string }>;
    pages_registered: number;
    blocked_domains: unknown[];
    auth_queue_size: number;
    novelty_trend: number[];
    waiting_for: unknown[];
    wait: { ended_by: string };
  }>(await call('get_status', { task_id: taskId }));
  assert.deepEqual(
    st.searches.map((q) => [q.text, q.status]),
    [['human activity global warming', 'done']],
  );
  assert.equal(st.pages_registered, 3);
  assert.deepEqual(st.novelty_trend, [s.novelty]);
  assert.deepEqual(st.blocked_domains, []);
  assert.equal(st.auth_queue_size, 0);
  assert.deepEqual([st.waiting_for, st.wait.ended_by], [[], 'no_wait']);

  const stopped = structured<{
    status: { status: string; task: { stop_reason: string } };
    summary: { reason: string; queries: Record<string, number>; claims: number };
  }>(await call('stop_task', { task_id: taskId, reason: 'the client has enough material' }));
  assert.equal(stopped.status.status, 'stopped');
  assert.equal(stopped.status.task.stop_reason, 'the client has enough material');
  assert.deepEqual(stopped.summary.queries, { done: 1 });
  assert.ok(stopped.summary.claims >= s.claims.length);

  const materials = await call('get_materials', { task_id: taskId, paging: { limit: 20 } });
  const m = structured<{
    task: { status: string };
    claims: Array<{
      id: string;
      statement: string;
      origins: string[];
      supporting: Array<{ edge_id: string; quote: string; model?: string; page_id: string }>;
      refuting: Array<{ edge_id: string; model?: string }>;
    }>;
    pages: Array<{ page_id: string; url: string }>;
    paging: { offset: number; limit: number; total_claims: number; returned: number };
    resources: { materials: string; graph: string };
  }>(materials);
  // The text content is a summary saying how to page, not the data a second time.
  assert.match((materials.content[0] as { text: string }).text, /^Claims 1–\d+ of \d+ of task /);
  assert.equal(m.task.status, 'stopped');
  assert.ok(m.pages.length > 0 && m.pages.length <= 3);
  assert.deepEqual([m.paging.offset, m.paging.limit], [0, 20]);
  assert.equal(m.paging.total_claims, stopped.summary.claims);
  assert.ok(m.claims.length > 0 && m.claims.length <= 20 && m.claims.length === m.paging.returned);
  const pageUrl = new Map(m.pages.map((p) => [p.page_id, p.url]));
  const quotes = m.claims.flatMap((c) => c.supporting);
  assert.ok(quotes.every((q) => q.quote.length > 0 && pageUrl.get(q.page_id)?.startsWith('corpus://example/')));
  assert.ok(
    m.claims.every((c) => c.origins.every((id) => pageUrl.has(id))),
    'every page a claim refers to is in pages',
  );
  assert.equal(m.resources.materials, `lyra://tasks/${taskId}/materials`);
  edgeId = m.claims.flatMap((c) => [...c.supporting, ...c.refuting]).find((e) => e.model && e.model !== 'origin')?.edge_id;

  // The same materials as a resource, whole.
  const res = await server.client.readResource({ uri: m.resources.materials });
  const whole = JSON.parse((res.contents[0] as { text: string }).text) as { claims: unknown[]; paging: { total_claims: number } };
  assert.equal(whole.claims.length, Math.min(whole.paging.total_claims, 1000));
  const graph = JSON.parse(((await server.client.readResource({ uri: m.resources.graph })).contents[0] as { text: string }).text) as {
    task_id: string;
    edges: unknown[];
    pages: unknown[];
  };
  assert.equal(graph.task_id, taskId);
  assert.equal(graph.pages.length, 3);
  assert.ok(graph.edges.length > 0);
  const listed = await server.client.listResources();
  assert.ok(listed.resources.some((r) => r.uri === m.resources.materials));
  const completion = await server.client.complete({
    ref: { type: 'ref/resource', uri: 'lyra://tasks/{task_id}/materials' },
    argument: { name: 'task_id', value: 'task_' },
  });
  assert.deepEqual(completion.completion.values, [taskId]);
});

test('feedback corrects a judged edge, keeps a calibration sample and shows in calibration_metrics', { skip: false }, async (t) => {
  if (!edgeId) return t.skip('the search judged no edge with a stance model');
  const before = structured<{ backends: Array<{ backend: string; samples: number }> }>(await call('calibration_metrics', {}));
  const fb = structured<{
    feedback: { author: string; reason: string; changes: Array<{ edge_id: string; to: string; model?: string }> };
    samples: number;
    recomputed?: { claim_counts: Record<string, number> };
  }>(
    await call('feedback', {
      task_id: taskId,
      kind: 'edge_stance',
      target_id: edgeId,
      label: 'neutral',
      author: 'reviewer',
      reason: 'the passage is about something else',
    }),
  );
  assert.deepEqual(
    [fb.feedback.author, fb.feedback.reason, fb.feedback.changes[0]?.edge_id, fb.feedback.changes[0]?.to],
    ['reviewer', 'the passage is about something else', edgeId, 'neutral'],
  );
  assert.equal(fb.samples, 1);
  const after = structured<{ backends: Array<{ backend: string; samples: number; brier: number; ece: number }> }>(await call('calibration_metrics', {}));
  const backend = fb.feedback.changes[0]!.model!.replace(/\+cal\d+$/, '');
  const row = after.backends.find((b) => b.backend === backend)!;
  assert.equal(row.samples, (before.backends.find((b) => b.backend === backend)?.samples ?? 0) + 1);
  assert.ok(row.brier >= 0 && row.brier <= 1 && row.ece >= 0 && row.ece <= 1);
  // Every claim with every quote: the whole set in one page (a client may ask for a larger budget).
  const everything = { task_id: taskId, paging: { limit: 1000 }, per_claim: 100, max_bytes: 10_000_000 };
  const m = structured<{
    claims: Array<{ id: string; supporting: Array<{ edge_id: string }>; refuting: Array<{ edge_id: string }> }>;
    paging: { stopped_by: string };
  }>(await call('get_materials', everything));
  assert.equal(m.paging.stopped_by, 'end');
  assert.ok(!m.claims.some((c) => [...c.supporting, ...c.refuting].some((e) => e.edge_id === edgeId)), 'a neutral edge is no longer evidence');
  assert.ok(fb.recomputed && typeof fb.recomputed.claim_counts === 'object', 'statuses were recomputed after the change');
  // A rejected claim stays in the materials, marked with who rejected it and why.
  const claimId = m.claims[0]!.id;
  structured(await call('feedback', { task_id: taskId, kind: 'claim_rejected', target_id: claimId, author: 'reviewer', reason: 'not a checkable claim' }));
  const marked = structured<{ claims: Array<{ id: string; feedback?: { rejected: boolean; by: string; reason: string } }> }>(
    await call('get_materials', everything),
  );
  const f = marked.claims.find((c) => c.id === claimId)?.feedback;
  assert.deepEqual([f?.rejected, f?.by, f?.reason], [true, 'reviewer', 'not a checkable claim']);
  const fitTooEarly = toolError(await call('calibration_metrics', { action: 'fit', backend }));
  assert.deepEqual([fitTooEarly?.category, fitTooEarly?.code], ['invalid_input', 'calibration_too_few_samples']);
});

test('calibration through MCP: labels on judged edges, a fitted version that the next search judges with, rollback to raw', async (t) => {
  const graph = JSON.parse(((await server.client.readResource({ uri: `lyra://tasks/${taskId}/graph` })).contents[0] as { text: string }).text) as {
    edges: Array<{ id: string; kind: string; model?: string }>;
  };
  const judged = graph.edges.filter(
    (e) => ['supports', 'refutes', 'neutral'].includes(e.kind) && e.model && e.model !== 'origin' && !e.model.startsWith('feedback:'),
  );
  if (judged.length < 12) return t.skip(`only ${judged.length} judged edges`);
  const backend = judged[0]!.model!;
  // A reviewer confirms every third judgement and relabels the others.
  for (const [i, e] of judged.slice(0, 12).entries()) {
    const label = i % 3 === 0 ? e.kind : e.kind === 'neutral' ? 'supports' : 'neutral';
    structured(
      await call('feedback', {
        task_id: taskId,
        kind: 'edge_stance',
        target_id: e.id,
        label,
        author: 'reviewer',
        reason: i % 3 === 0 ? 'right' : 'wrong stance',
      }),
    );
  }
  const fitted = structured<{
    fitted: { backend: string; version: number; method: string; samples: number; metrics: { ece_before: number; ece_after: number } };
    backends: Array<{ backend: string; active?: { version: number } }>;
  }>(await call('calibration_metrics', { backend, action: 'fit', method: 'temperature' }));
  assert.deepEqual([fitted.fitted.backend, fitted.fitted.version, fitted.fitted.method], [backend, 1, 'temperature']);
  assert.ok(fitted.fitted.samples >= 12);
  assert.ok(fitted.fitted.metrics.ece_after <= fitted.fitted.metrics.ece_before + 1e-9, JSON.stringify(fitted.fitted.metrics));
  assert.equal(fitted.backends[0]?.active?.version, 1);

  // The next search is judged by the calibrated model, and its edges say so.
  const second = structured<{ task_id: string }>(
    await call('create_task', { question: 'Do oceans absorb heat?', providers: ['corpus:example'], budget: { max_pages: 2 } }),
  );
  structured(await call('search', { task_id: second.task_id, query: 'ocean heat content' }));
  const g2 = JSON.parse(((await server.client.readResource({ uri: `lyra://tasks/${second.task_id}/graph` })).contents[0] as { text: string }).text) as {
    edges: Array<{ model?: string }>;
  };
  const models = new Set(g2.edges.map((e) => e.model).filter((m) => m && m !== 'origin'));
  assert.deepEqual([...models], [`${backend}+cal1`]);

  const rolled = structured<{ backend: string; previous: number; active: number }>(await call('calibration_rollback', { backend, version: 0 }));
  assert.deepEqual(rolled, { backend, previous: 1, active: 0 });
  const metrics = structured<{ backends: Array<{ backend: string; active?: unknown; versions: Array<{ version: number }> }> }>(
    await call('calibration_metrics', { backend }),
  );
  assert.equal(metrics.backends[0]?.active, undefined);
  assert.deepEqual(
    metrics.backends[0]?.versions.map((v) => v.version),
    [1],
  );
  const missing = toolError(await call('calibration_rollback', { backend, version: 5 }));
  assert.deepEqual([missing?.category, missing?.code], ['invalid_input', 'calibration_not_found']);
});

test(`${FUZZ_CASES} invalid tool calls: structured errors, no crash, database unchanged`, async () => {
  assert.ok(taskId, 'the loop test created a task');
  const before = dbContentHash(home.dbPath);
  const cases = invalidCases({ n: FUZZ_CASES, seed: 20261122, context: { taskId, ...(edgeId ? { edgeId } : {}) } });
  const categories: Record<string, number> = {};
  const perTool: Record<string, number> = {};
  let protocolErrors = 0;
  for (const c of cases) {
    let r: CallToolResult;
    try {
      r = await call(c.tool, c.args);
    } catch (err) {
      // Arguments that are not an object break the tools/call request itself: JSON-RPC InvalidParams.
      assert.ok(err instanceof McpError && err.code === ErrorCode.InvalidParams, `${c.tool} (${c.kind}): ${String(err)}`);
      assert.equal(c.kind, 'arguments not an object');
      protocolErrors++;
      continue;
    }
    const e = toolError(r);
    assert.ok(e, `${c.tool} (${c.kind}) returned a result instead of an error: ${JSON.stringify(r).slice(0, 300)}`);
    assert.ok(['invalid_input', 'non_retryable', 'retryable', 'blocked'].includes(e.category), JSON.stringify(e));
    assert.ok(e.code.length > 0 && e.message.length > 0 && e.message.length <= 2_100);
    assert.notEqual(e.code, 'internal', `${c.tool} (${c.kind}): ${e.message}`);
    categories[e.category] = (categories[e.category] ?? 0) + 1;
    perTool[c.tool] = (perTool[c.tool] ?? 0) + 1;
  }
  // Every published tool, the six extra ones included, gets invalid calls.
  const listed = (await server.client.listTools()).tools.map((t) => t.name).sort();
  assert.deepEqual(Object.keys(perTool).sort(), listed);
  assert.deepEqual([...FUZZ_TOOLS].sort(), listed);
  assert.equal(server.transport.pid !== null, true, 'the server process is still running');
  const status = structured<{ status: string }>(await call('get_status', { task_id: taskId }));
  assert.equal(status.status, 'stopped');
  const afterHash = dbContentHash(home.dbPath);
  assert.equal(afterHash.hash, before.hash, `rows before ${before.rows}, after ${afterHash.rows}`);
  assert.equal(Object.values(categories).reduce((a, b) => a + b, 0) + protocolErrors, FUZZ_CASES);
  console.log(
    `fuzz: ${FUZZ_CASES} invalid calls → tool errors ${JSON.stringify(categories)}, JSON-RPC InvalidParams ${protocolErrors}; ${before.rows} rows unchanged`,
  );
});
