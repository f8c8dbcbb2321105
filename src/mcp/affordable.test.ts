// What an AI client pays for Lyra's MCP answers, measured through the SDK's own client (in-memory
// transport) on a real runtime with a 100-claim task written into its store: tools/list within 20 KB;
// the default get_materials page within 50 KB, paging through every claim once with contested pairs
// paged too and the whole quote one call away; the text content a summary, the data carried once;
// query_sql refusing writes and ATTACH and stopping at its row and time limits, the database unchanged;
// snake_case names, and the 0.1 names kept under mcp.legacy_output_names.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServeRuntime, loadConfig, lyraVersion, type ServeRuntime } from '../app/index.js';
import { writeLargeTask, type LargeTask } from '../test-support/large-task.js';
import { dbContentHash, scratchHome, structured, toolError, type ScratchHome } from '../test-support/mcp-client.js';
import { createLyraMcpServer } from './index.js';

/** The Acceptance bounds of issue 19. */
const MAX_TOOLS_LIST_BYTES = 20 * 1024;
const MAX_MATERIALS_RESULT_BYTES = 50 * 1024;
const SQL_MAX_ROWS = 50;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let home: ScratchHome;
let runtime: ServeRuntime;
let client: Client;
let task: LargeTask;

before(async () => {
  home = scratchHome('lyra-mcp-afford-');
  const configPath = join(home.dir, 'lyra.config.yaml');
  writeFileSync(configPath, `mcp:\n  sql: { max_rows: ${SQL_MAX_ROWS}, timeout_ms: 500 }\n`);
  runtime = createServeRuntime(loadConfig({ env: { LYRA_HOME: home.home }, cwd: home.dir, configPath }));
  task = writeLargeTask(runtime.store, { claims: 100 });
  const server = createLyraMcpServer({ services: runtime, version: lyraVersion(), settings: runtime.settings });
  client = new Client({ name: 'afford-test', version: '0.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  await client.connect(b);
});

after(async () => {
  await client?.close();
  await runtime?.close();
  home?.cleanup();
});

const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const bytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v), 'utf8');
const textOf = (r: CallToolResult): string => (r.content[0] as { text: string }).text;

test('tools/list: seventeen tools within 20 KB', async () => {
  const listed = await client.listTools();
  const size = bytes(listed);
  console.log(`tools/list: ${listed.tools.length} tools, ${size} bytes`);
  assert.equal(listed.tools.length, 17);
  assert.ok(size <= MAX_TOOLS_LIST_BYTES, `tools/list is ${size} bytes`);
});

interface Page {
  claims: Array<{ id: string; statement?: string; status?: string; supporting?: Array<{ fragment_id: string; quote: string; fragment_chars: number }> }>;
  contested: Array<{ claim_id: string; other_claim_id: string }>;
  pages: Array<{ page_id: string }>;
  task: { id: string; config_snapshot?: unknown };
  paging: { offset: number; returned: number; total_claims: number; next_offset?: number; stopped_by: string; bytes: number };
}

test('get_materials: the default page of a 100-claim task is within 50 KB; pages reach every claim once', async () => {
  const first = await call('get_materials', { task_id: task.taskId });
  const size = bytes(first);
  const page = structured<Page>(first);
  console.log(
    `get_materials default page: ${size} bytes (${page.claims.length} claims, ${page.contested.length} contested pairs, ${page.pages.length} sources); text: ${textOf(first)}`,
  );
  assert.ok(size <= MAX_MATERIALS_RESULT_BYTES, `default page is ${size} bytes`);
  assert.equal(page.paging.total_claims, 100);
  assert.equal(page.task.config_snapshot, undefined, 'no config echo');
  // Carried once: the text is a summary that says how to page, not the JSON again.
  const text = textOf(first);
  assert.ok(text.length < 600 && !text.includes('"claims"'), text);
  assert.match(text, new RegExp(`Claims 1–${page.paging.returned} of 100 of task ${task.taskId}.*Next page: paging\\.offset ${page.paging.next_offset}`));
  // Contested pairs are paged with their claims.
  const onPage = new Set(page.claims.map((c) => c.id));
  assert.ok(page.contested.length > 0 && page.contested.every((p) => onPage.has(p.claim_id) || onPage.has(p.other_claim_id)));

  const seen = [...page.claims.map((c) => c.id)];
  let next = page.paging.next_offset;
  let largest = size;
  while (next !== undefined) {
    const r = await call('get_materials', { task_id: task.taskId, paging: { offset: next } });
    largest = Math.max(largest, bytes(r));
    const p = structured<Page>(r);
    seen.push(...p.claims.map((c) => c.id));
    next = p.paging.next_offset;
  }
  // In the materials order (status, relevance), each claim exactly once.
  assert.equal(new Set(seen).size, seen.length, 'no claim twice');
  assert.deepEqual([...seen].sort(), [...task.claimIds].sort(), 'every claim');
  assert.ok(largest <= MAX_MATERIALS_RESULT_BYTES, `largest page ${largest} bytes`);
});

test('get_materials: fields pick what comes back; a cut quote is whole through fragment_ids', async () => {
  // per_claim 0: no quotes, no contested pairs; statement and status of all 100 claims fit one page.
  const slim = structured<Page>(await call('get_materials', { task_id: task.taskId, fields: ['statement', 'status'], per_claim: 0, paging: { limit: 100 } }));
  assert.equal(slim.claims.length, 100, 'slim claims fit one page');
  assert.deepEqual([slim.contested.length, slim.paging.stopped_by], [0, 'end']);
  assert.ok(
    slim.claims.every((c) => Object.keys(c).sort().join() === 'id,statement,status'),
    JSON.stringify(slim.claims[0]),
  );
  const full = structured<Page>(await call('get_materials', { task_id: task.taskId, claim_ids: [task.claimIds[7]!], quote_chars: 120 }));
  const quote = full.claims[0]!.supporting![0]!;
  assert.ok(quote.quote.length < quote.fragment_chars, 'the quote is cut');
  const whole = structured<{ fragments: Array<{ id: string; text: string }> }>(
    await call('get_materials', { task_id: task.taskId, fragment_ids: [quote.fragment_id] }),
  );
  assert.equal(whole.fragments[0]!.text.length, quote.fragment_chars);
  assert.ok(whole.fragments[0]!.text.includes(quote.quote.replace(/^…|…$/g, '').trim().slice(0, 60)));
});

test('query_sql: writes and ATTACH refused, rows and time limited, the database unchanged', async () => {
  const before = dbContentHash(home.dbPath);
  for (const [sql, code] of [
    ['DELETE FROM claims', 'sql_write_refused'],
    ["UPDATE claims SET status = 'VERIFIED'", 'sql_write_refused'],
    ['DROP TABLE edges', 'sql_write_refused'],
    [`ATTACH DATABASE '${join(home.dir, 'other.db')}' AS other`, 'sql_attach_refused'],
    ["/* hidden */ attach ':memory:' as m", 'sql_attach_refused'],
    ['PRAGMA query_only = 0', 'sql_statement_refused'],
    ['SELECT 1; DELETE FROM claims', 'sql_invalid'],
  ] as const) {
    const e = toolError(await call('query_sql', { sql }));
    assert.deepEqual([e?.category, e?.code], ['invalid_input', code], sql);
  }
  const counted = structured<{ columns: string[]; rows: unknown[][] }>(
    await call('query_sql', { sql: 'SELECT count(*) AS n FROM claims WHERE task_id = ?', params: [task.taskId] }),
  );
  assert.deepEqual([counted.columns, counted.rows], [['n'], [[100]]]);
  const many = await call('query_sql', { sql: 'SELECT id, text FROM fragments' });
  const table = structured<{ row_count: number; truncated: boolean; max_rows: number }>(many);
  assert.deepEqual([table.row_count, table.truncated, table.max_rows], [SQL_MAX_ROWS, true, SQL_MAX_ROWS]);
  assert.match(textOf(many), new RegExp(`${SQL_MAX_ROWS} rows × 2 columns .*more rows left`));
  const asked = structured<{ row_count: number }>(await call('query_sql', { sql: 'SELECT id FROM fragments', max_rows: 100_000 }));
  assert.equal(asked.row_count, SQL_MAX_ROWS, 'a call never gets more than the configured limit');
  const started = Date.now();
  const slow = toolError(await call('query_sql', { sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c' }));
  assert.deepEqual([slow?.category, slow?.code], ['non_retryable', 'sql_time_limit']);
  assert.ok(Date.now() - started < 10_000, 'stopped near its limit');
  assert.deepEqual(structured<{ rows: unknown[][] }>(await call('query_sql', { sql: 'SELECT 2' })).rows, [[2]], 'the next statement runs');
  assert.equal(dbContentHash(home.dbPath).hash, before.hash);
});

test('query_view pages a view of the large task', async () => {
  const listed = structured<{ views: Array<{ name: string; columns: string[] }> }>(await call('list_views', {}));
  assert.equal(listed.views.length, 8);
  const r = await call('query_view', { name: 'contradictions', task_id: task.taskId, limit: 10 });
  const t = structured<{ columns: string[]; rows: unknown[][]; truncated: boolean }>(r);
  assert.deepEqual(t.columns, listed.views.find((v) => v.name === 'contradictions')!.columns);
  assert.equal(t.rows.length, 10);
  assert.equal(t.truncated, true);
  assert.match(textOf(r), /next offset 10/);
  const next = structured<{ rows: unknown[][] }>(await call('query_view', { name: 'contradictions', task_id: task.taskId, limit: 10, offset: 10 }));
  assert.notDeepEqual(next.rows[0], t.rows[0]);
});

test('naming: snake_case results and error details; mcp.legacy_output_names keeps the 0.1 names for the transition', async () => {
  const status = structured<Json>(await call('get_status', { task_id: task.taskId }));
  assert.equal(typeof status.pages_registered, 'number');
  assert.equal(status.pagesRegistered, undefined);
  const missing = await call('query_view', { name: 'contradictions', task_id: 'task_missing' });
  assert.deepEqual(JSON.parse(textOf(missing)).error.details, { task_id: 'task_missing' });

  const legacyServer = createLyraMcpServer({ services: runtime, version: lyraVersion(), settings: { ...runtime.settings, legacyOutputNames: true } });
  const legacy = new Client({ name: 'legacy-client', version: '0.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await legacyServer.connect(a);
  await legacy.connect(b);
  try {
    const old = structured<Json>((await legacy.callTool({ name: 'get_status', arguments: { task_id: task.taskId } })) as CallToolResult);
    assert.equal(old.pagesRegistered, status.pages_registered);
    assert.equal(old.pages_registered, undefined);
    assert.equal(old.task.stopReason, 'measured');
    assert.ok(
      (await legacy.listTools()).tools.every((t) => t.outputSchema === undefined),
      'no snake_case output schema to contradict the old names',
    );
  } finally {
    await legacy.close();
  }
});
