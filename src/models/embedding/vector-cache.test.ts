// The on-disk vector cache: two processes on one file (a worker and the CLI on the same home) share it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { createSqliteVectorCache } from './vector-cache.js';

test('two caches open on one new file: it is put in WAL once, and what one writes the other reads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-vc-'));
  try {
    const path = join(dir, 'vectors.db');
    const a = createSqliteVectorCache({ path });
    const b = createSqliteVectorCache({ path });
    a.set('m', 'text', new Float32Array([1, 2, 3]));
    assert.deepEqual([...(b.get('m', 'text') ?? [])], [1, 2, 3]);
    assert.equal(b.get('m', 'other'), undefined);
    a.close?.();
    b.close?.();
    const raw = new Database(path, { readonly: true });
    assert.equal(raw.pragma('journal_mode', { simple: true }), 'wal');
    raw.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
