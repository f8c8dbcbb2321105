// What only the PostgreSQL store has: placeholders, one writer at a time across processes, a server
// restart under an open store, and read-only opening of a database without Lyra's schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { Task } from '../../core/index.js';
import { createTestDatabase, skipUnlessPostgres } from '../../test-support/postgres.js';
import { PgDb, numberPlaceholders, openPgStore } from './index.js';
import { siblingModule } from '../../test-support/sibling-module.js';

const skip = skipUnlessPostgres();
const now = '2026-01-01T00:00:00.000Z';
const task: Task = {
  id: 'task_pg',
  question: 'Q?',
  status: 'running',
  budget: { maxPages: 5, maxQueries: 500, maxSeconds: 60 },
  priorityDomains: [],
  createdAt: now,
  configSnapshot: {},
};

test('placeholders: ? becomes $n outside quoted strings and identifiers', () => {
  assert.deepEqual(numberPlaceholders("SELECT ? , '?' , \"a?\" FROM t WHERE x = ? AND y = 'it''s ?'"), {
    text: "SELECT $1 , '?' , \"a?\" FROM t WHERE x = $2 AND y = 'it''s ?'",
    count: 2,
  });
});

test('writers in two processes never interleave a read-then-write: query numbers stay unique', { skip }, async () => {
  const db = await createTestDatabase();
  const store = openPgStore({ url: db.url });
  try {
    store.createTask(task);
    const child = siblingModule(import.meta.url, './pg-writer.fixture');
    const startAt = String(Date.now() + 4000);
    const run = (prefix: string) =>
      new Promise<void>((resolve, reject) => {
        const p = spawn(process.execPath, [...child.execArgv, child.file, db.url, prefix, '300', startAt], { stdio: ['ignore', 'ignore', 'pipe'] });
        let err = '';
        p.stderr.on('data', (d: Buffer) => (err += d.toString()));
        p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer ${prefix} exited ${code}: ${err}`))));
      });
    await Promise.all([run('a'), run('b')]);
    assert.equal(store.listQueries('task_pg').length, 600);
    // insertQuery numbers a query MAX(seq) + 1: without the write lock two writers read the same MAX.
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("SELECT COUNT(DISTINCT seq) AS n FROM queries WHERE task_id = 'task_pg'");
      assert.equal(Number(rows[0]!.n), 600, 'every query has a number of its own');
    } finally {
      await client.end();
    }
  } finally {
    store.close();
    await db.drop();
  }
});

test('a restarted server: the next call reconnects; while it is down a call fails as retryable, naming the store', { skip }, async () => {
  const db = await createTestDatabase({ ownServer: true });
  const store = openPgStore({ url: db.url, reconnectTimeoutMs: 600, reconnectIntervalMs: 100 });
  try {
    store.createTask(task);
    db.server!.stop();
    db.server!.start();
    assert.equal(store.getTask('task_pg')?.question, 'Q?', 'read after a restart');
    store.updateTask('task_pg', { status: 'completed' });
    db.server!.stop();
    assert.throws(
      () => store.getTask('task_pg'),
      (err: Error & { code?: string; category?: string }) =>
        err.code === 'store_unreachable' && err.category === 'retryable' && /127\.0\.0\.1/.test(err.message),
    );
    db.server!.start();
    assert.equal(store.getTask('task_pg')?.status, 'completed', 'the committed write survived');
  } finally {
    store.close();
    await db.drop();
  }
});

test('read-only opening refuses a database without the schema; opening to write migrates it', { skip }, async () => {
  const db = await createTestDatabase();
  try {
    assert.throws(
      () => openPgStore({ url: db.url, readonly: true }),
      (err: Error & { code?: string }) => err.code === 'store_schema_missing',
    );
    openPgStore({ url: db.url }).close();
    openPgStore({ url: db.url, readonly: true }).close();
  } finally {
    await db.drop();
  }
});

test('a write transaction whose connection dies before COMMIT runs again on a new connection; nothing is written twice', { skip }, async () => {
  const db = await createTestDatabase();
  const store = openPgStore({ url: db.url });
  const conn = new PgDb({ url: db.url });
  const killer = new PgDb({ url: db.url });
  try {
    store.createTask(task);
    conn.exec('CREATE TABLE t (n BIGINT)');
    let attempts = 0;
    conn.transaction(() => {
      attempts++;
      conn.run('INSERT INTO t VALUES (?)', attempts);
      // The first attempt's backend is killed by another connection, as a server restart would.
      if (attempts === 1) killer.get('SELECT pg_terminate_backend(?)', conn.get<{ pid: number }>('SELECT pg_backend_pid() AS pid')!.pid);
      conn.run('INSERT INTO t VALUES (?)', attempts);
    });
    assert.equal(attempts, 2);
    assert.deepEqual(conn.all<{ n: number }>('SELECT n FROM t ORDER BY n'), [{ n: 2 }, { n: 2 }], 'only the second attempt committed');
  } finally {
    conn.close();
    killer.close();
    store.close();
    await db.drop();
  }
});
