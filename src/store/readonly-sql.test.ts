// Read-only SQL over a real store file in its child process: rows and cells bounded, writes, ATTACH,
// PRAGMA and several statements refused with their codes and the file unchanged, a statement past
// its time limit (or cancelled) killed while the next one runs on a fresh process.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLyraError } from '../core/index.js';
import { writeLargeTask } from '../test-support/large-task.js';
import { checkReadonlySql, leadingKeyword } from './readonly-sql-check.js';
import { createReadonlySql, type ReadonlySql } from './readonly-sql.js';
import { openStore, type SqliteStore } from './sqlite-store.js';

let dir: string;
let store: SqliteStore;
let sql: ReadonlySql;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lyra-rosql-'));
  store = openStore({ path: join(dir, 'lyra.db') });
  writeLargeTask(store, { claims: 10, pages: 6, fragmentChars: 400 });
  sql = createReadonlySql({ path: store.path, maxRows: 5, timeoutMs: 20_000, maxCellChars: 20 });
});

after(async () => {
  await sql?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const codeOf = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (err) {
    return isLyraError(err) ? `${err.category}:${err.code}` : `other:${String(err)}`;
  }
  return 'ok';
};

test('the statement check reads past comments and parentheses', () => {
  assert.equal(leadingKeyword('  -- a comment\n /* another */ (SELECT 1)'), 'SELECT');
  assert.equal(leadingKeyword('/* x */attach db'), 'ATTACH');
  assert.equal(checkReadonlySql('with x as (select 1) select * from x'), undefined);
  assert.equal(checkReadonlySql('values (1)'), undefined);
  assert.equal(checkReadonlySql('Attach "x" as y')?.code, 'sql_attach_refused');
  assert.equal(checkReadonlySql('replace into tasks values (1)')?.code, 'sql_write_refused');
  assert.equal(checkReadonlySql('pragma table_info(tasks)')?.code, 'sql_statement_refused');
  assert.equal(checkReadonlySql('x'.repeat(20_001))?.code, 'sql_too_long');
});

test('rows, cells and parameters: counts answer, tables stop at the row limit, long text is cut', async () => {
  const count = await sql.query({ sql: 'SELECT count(*) AS n FROM claims WHERE task_id = ?', params: ['task_large'] });
  assert.deepEqual([count.columns, count.rows, count.truncated], [['n'], [[10]], false]);
  const many = await sql.query({ sql: 'SELECT id, text FROM fragments ORDER BY id' });
  assert.deepEqual([many.rowCount, many.truncated, many.maxRows], [5, true, 5]);
  assert.ok(many.rows.every((r) => typeof r[1] === 'string' && r[1].length <= 20));
  assert.equal(many.cutCells, 5);
  const fewer = await sql.query({ sql: 'SELECT id FROM fragments', maxRows: 2 });
  assert.equal(fewer.rowCount, 2);
  const more = await sql.query({ sql: 'SELECT id FROM fragments', maxRows: 1_000 });
  assert.equal(more.rowCount, 5, 'a call never gets more than the configured limit');
  const skipped = await sql.query({ sql: 'SELECT id FROM claims ORDER BY id', offset: 8 });
  assert.deepEqual(skipped.rows, [['clm_large_0008'], ['clm_large_0009']]);
  const blob = await sql.query({ sql: "SELECT x'0102', 9007199254740993" });
  assert.deepEqual(blob.rows[0]![0], { blob_bytes: 2 });
});

test('writes, ATTACH, PRAGMA and several statements are refused; the file is unchanged', async () => {
  const before = store.listClaims('task_large').map((c) => c.status);
  for (const [statement, code] of [
    ['DELETE FROM claims', 'invalid_input:sql_write_refused'],
    ["UPDATE claims SET status = 'VERIFIED'", 'invalid_input:sql_write_refused'],
    ['WITH x AS (SELECT 1) DELETE FROM claims', 'invalid_input:sql_write_refused'],
    ['CREATE TABLE evil (x)', 'invalid_input:sql_write_refused'],
    [`ATTACH DATABASE '${join(dir, 'other.db')}' AS other`, 'invalid_input:sql_attach_refused'],
    ["/* sneaky */ attach ':memory:' as m", 'invalid_input:sql_attach_refused'],
    ['PRAGMA query_only = 0', 'invalid_input:sql_statement_refused'],
    ['SELECT 1; DELETE FROM claims', 'invalid_input:sql_invalid'],
    ['SELECT FROM WHERE', 'invalid_input:sql_invalid'],
    ['SELEC 1', 'invalid_input:sql_statement_refused'],
    ["SELECT load_extension('/tmp/nothing.so')", 'invalid_input:sql_failed'],
  ] as const) {
    assert.equal(await codeOf(sql.query({ sql: statement })), code, statement);
  }
  assert.deepEqual(
    store.listClaims('task_large').map((c) => c.status),
    before,
  );
  // The main connection keeps writing; the read-only one sees it.
  store.updateClaim('task_large', 'clm_large_0000', { status: 'REFUTED' });
  assert.deepEqual((await sql.query({ sql: "SELECT status FROM claims WHERE id = 'clm_large_0000'" })).rows, [['REFUTED']]);
});

test('a statement past its time limit, or cancelled, is killed; the next statement runs', async () => {
  const slow = createReadonlySql({ path: store.path, maxRows: 5, timeoutMs: 300, maxCellChars: 100 });
  const forever = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';
  try {
    assert.equal(await codeOf(slow.query({ sql: forever })), 'non_retryable:sql_time_limit');
    assert.deepEqual((await slow.query({ sql: 'SELECT 1' })).rows, [[1]]);
    const controller = new AbortController();
    const running = slow.query({ sql: forever, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('the client cancelled')), 50);
    await assert.rejects(running, /the client cancelled/);
    assert.deepEqual((await slow.query({ sql: 'SELECT 2' })).rows, [[2]]);
  } finally {
    await slow.close();
  }
  assert.equal(await codeOf(slow.query({ sql: 'SELECT 1' })), 'non_retryable:sql_closed');
  assert.throws(() => createReadonlySql({ path: ':memory:', maxRows: 1, timeoutMs: 1, maxCellChars: 1 }), /in-memory store/);
});

test('memory: a statement whose values take the query process past its limit is stopped (sql_memory_limit) and the next runs; wide answers stay bounded', async () => {
  const small = createReadonlySql({ path: store.path, maxRows: 50, timeoutMs: 20_000, maxCellChars: 1_000, maxRssMb: 128, maxResultChars: 10_000 });
  try {
    // A row per 32 MB blob: the first rows fit, then the process is past 128 MB (issue 35: zeroblob(500 MB) took it to ~1 GB).
    const blobs = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 40) SELECT zeroblob(33554432) FROM c';
    assert.equal(await codeOf(small.query({ sql: blobs })), 'non_retryable:sql_memory_limit');
    assert.equal(await codeOf(small.query({ sql: 'SELECT zeroblob(500000000)' })), 'non_retryable:sql_memory_limit');
    assert.deepEqual((await small.query({ sql: 'SELECT 1' })).rows, [[1]]);
    // 50 rows of 20 cells of 1,000 characters would be 1,000,000 characters: cut at 10,000.
    const cols = Array.from({ length: 20 }, (_, i) => `printf('%.1000c', 'x') AS c${i}`).join(', ');
    const wide = await small.query({ sql: `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50) SELECT ${cols} FROM c` });
    assert.equal(wide.truncated, true);
    assert.ok(wide.rows.length < 50 && wide.rows.length >= 1, String(wide.rows.length));
  } finally {
    await small.close();
  }
});
