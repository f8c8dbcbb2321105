// The configured store: a SQLite file, or the PostgreSQL database of store.url / $LYRA_DATABASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, skipUnlessPostgres } from '../test-support/postgres.js';
import { PgDb, PG_SCHEMA_VERSION } from '../store/pg/index.js';
import { isLyraError } from '../core/index.js';
import { openExistingStore, openOrCreateStore, storeLabel } from './open-store.js';

test('read-only commands never create a store: no SQLite file, or a PostgreSQL database without the schema, is no store', {
  skip: skipUnlessPostgres(),
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-open-'));
  const db = await createTestDatabase();
  try {
    assert.equal(openExistingStore(join(dir, 'lyra.db')), undefined);
    const where = { path: join(dir, 'lyra.db'), url: db.url };
    assert.equal(openExistingStore(where), undefined, 'an empty database is left alone');
    const created = openOrCreateStore(where);
    created.createTask({
      id: 't1',
      question: 'Q?',
      status: 'created',
      budget: { maxPages: 1, maxQueries: 1, maxSeconds: 1 },
      priorityDomains: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      configSnapshot: {},
    });
    created.close();
    const again = openExistingStore(where);
    assert.equal(again?.getTask('t1')?.question, 'Q?');
    again?.close();
    // A schema other than this Lyra's is not "no store". Newer (a newer Lyra wrote it): the reader is told
    // to upgrade, and nothing changes. (PostgreSQL has one migration so far, so no older schema exists;
    // an older one is store_schema_outdated, naming the commands that migrate it.)
    const raw = new PgDb({ url: db.url });
    raw.run('UPDATE schema_migrations SET version = ? WHERE version = ?', PG_SCHEMA_VERSION + 1, PG_SCHEMA_VERSION);
    assert.throws(
      () => openExistingStore(where),
      (e: unknown) => isLyraError(e) && e.code === 'store_schema_newer' && /newer than this Lyra supports .*upgrade Lyra/.test(e.message),
    );
    assert.throws(
      () => openOrCreateStore(where),
      (e: unknown) => isLyraError(e) && e.code === 'store_schema_newer',
    );
    assert.equal(raw.get<{ n: number }>('SELECT COUNT(*) AS n FROM tasks')?.n, 1);
    raw.close();
  } finally {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('messages name the store without a password', () => {
  assert.equal(storeLabel('/home/a/lyra.db'), '/home/a/lyra.db');
  assert.equal(storeLabel({ path: '/x', url: 'postgres://team:s3cret@db.example:5432/lyra' }), 'postgres://team:***@db.example:5432/lyra');
});
