// The ready-made views on a large task written straight into a store: each runs on the read-only
// connection with the task id as its parameter, returns the columns it declares, and agrees with the
// rows it summarises (edges, pages, claims). The evidence-web run through MCP is in mcp/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CitesEdge, ContradictsEdge, TableResult } from '../core/index.js';
import { writeLargeTask, type LargeTask } from '../test-support/large-task.js';
import { EVIDENCE_VIEWS, evidenceView } from './evidence-views.js';
import { createReadonlySql, type ReadonlySql } from './readonly-sql.js';
import { openStore, type SqliteStore } from './sqlite-store.js';

let dir: string;
let store: SqliteStore;
let sql: ReadonlySql;
let task: LargeTask;
const results = new Map<string, TableResult>();

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lyra-views-'));
  store = openStore({ path: join(dir, 'lyra.db') });
  task = writeLargeTask(store, { claims: 24, pages: 12, fragmentChars: 300 });
  // Another task's rows must never show in this task's views.
  writeLargeTask(store, { taskId: 'task_other', claims: 3, pages: 2 });
  sql = createReadonlySql({ path: store.path, maxRows: 10_000, timeoutMs: 20_000, maxCellChars: 10_000 });
  for (const v of EVIDENCE_VIEWS) results.set(v.name, await sql.query({ sql: v.sql, params: [task.taskId] }));
});

after(async () => {
  await sql?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (name: string): Array<Record<string, unknown>> => {
  const t = results.get(name)!;
  return t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i]])));
};

test('every view answers with the columns it declares, for this task only', () => {
  assert.deepEqual(
    EVIDENCE_VIEWS.map((v) => v.name),
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
  for (const v of EVIDENCE_VIEWS) {
    const t = results.get(v.name)!;
    assert.deepEqual(t.columns, v.columns, v.name);
    assert.ok(t.rowCount > 0, `${v.name} has rows`);
    assert.equal(t.truncated, false);
  }
  const json = JSON.stringify([...results.values()].map((t) => t.rows));
  assert.ok(json.includes('pg_large_') && !json.includes('pg_other_') && !json.includes('clm_other_'), 'rows are pages and claims of this task only');
  assert.equal(evidenceView('nope'), undefined);
});

test('contradictions, origins and unsupported claims agree with the stored graph', () => {
  const edges = store.listEdges(task.taskId, 'contradicts') as ContradictsEdge[];
  assert.equal(rows('contradictions').length, edges.length);
  const first = rows('contradictions').find((r) => r.claim_id === edges[0]!.claimId && r.other_claim_id === edges[0]!.otherClaimId)!;
  assert.equal(first.claim, store.getClaim(task.taskId, edges[0]!.claimId)!.statement);
  assert.ok(['contested', 'misinformation'].includes(String(first.type)));
  assert.deepEqual(new Set(rows('claim_origins').map((r) => r.claim_id)), new Set(task.claimIds));
  assert.ok(rows('claim_origins').every((r) => String(r.url).startsWith('https://journal-')));
  const unsupported = store
    .listClaims(task.taskId)
    .filter((c) => c.status === 'UNSUPPORTED')
    .map((c) => c.id);
  assert.deepEqual(
    rows('unsupported_claims')
      .map((r) => r.claim_id)
      .sort(),
    unsupported.sort(),
  );
});

test("recent and outdated evidence are measured against the task's newest date; impact, candidates and coupling from the citations", () => {
  // Pages are dated 2008-06-01 … 2019-06-01 (12 pages): recent means on or after 2017-06-01.
  for (const r of rows('emerging_consensus')) assert.ok(Number(r.recent_supports) > Number(r.recent_refutes));
  for (const r of rows('outdated_evidence')) {
    assert.equal(r.newest_in_task, '2019-06-01');
    assert.ok(String(r.newest_support) < '2017-06-01' && Number(r.years_behind) >= 2, JSON.stringify(r));
  }
  const impact = rows('source_impact');
  assert.ok(impact.every((r, i) => i === 0 || Number(impact[i - 1]!.impact) >= Number(r.impact)));
  assert.ok(impact.every((r) => Number(r.impact) === Number(r.claims_originated) + Number(r.claims_supported) + Number(r.claims_refuted) + Number(r.cited_by)));
  const cites = store.listEdges(task.taskId, 'cites') as CitesEdge[];
  const unread = new Set(
    store
      .listPages(task.taskId)
      .filter((p) => p.fetchStatus !== 'fetched')
      .map((p) => p.id),
  );
  const candidates = rows('reference_candidates');
  assert.deepEqual(new Set(candidates.map((r) => r.page_id)), new Set(cites.filter((e) => unread.has(e.toPageId)).map((e) => e.toPageId)));
  assert.ok(candidates.every((r) => String(r.doi).startsWith('10.5555/') && r.fetch_status === 'abstract_only'));
  // Page i cites i+1, i+2, i+3: pages one or two apart share references.
  const coupling = rows('bibliographic_coupling');
  const pair = coupling.find((r) => r.page_a === 'pg_large_0' && r.page_b === 'pg_large_1')!;
  assert.equal(pair.shared_references, 2);
});
