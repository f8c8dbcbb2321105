// Caches of embedding vectors keyed by model and text hash: in memory (bounded LRU) or on disk
// (SQLite, bounded by entry count, oldest evicted).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { contentHash, setNewest } from '../../core/index.js';

export interface VectorCache {
  get(model: string, text: string): Float32Array | undefined;
  set(model: string, text: string, vector: Float32Array): void;
  close?(): void;
}

/** Default bound of both caches, in vectors (384 floats of the shipped encoder ≈ 1.5 KiB each). */
export const DEFAULT_VECTOR_CACHE_ENTRIES = 100_000;

function key(model: string, text: string): string {
  return `${model}:${contentHash(text)}`;
}

export function createMemoryVectorCache(options: { maxEntries?: number } = {}): VectorCache {
  const max = options.maxEntries ?? DEFAULT_VECTOR_CACHE_ENTRIES;
  const map = new Map<string, Float32Array>();
  return {
    get(model, text) {
      const k = key(model, text);
      const v = map.get(k);
      if (v) {
        map.delete(k);
        map.set(k, v); // refresh recency
      }
      return v;
    },
    set(model, text, vector) {
      const k = key(model, text);
      setNewest(map, k, vector, max);
    },
  };
}

/** Tries at preparing a new cache file while another process prepares it too, and the wait between them. */
export const CACHE_OPEN_TRIES = 5;
const CACHE_OPEN_WAIT_MS = 50;

/**
 * Runs the cache file's setup (WAL mode, the table). Two processes opening a new cache at once (a worker and
 * the CLI on a fresh home) both switch it to WAL, and SQLite may answer SQLITE_BUSY to the second at once,
 * without waiting in its busy handler (seen as "database is locked" in a test that starts both): a busy setup
 * is tried again, briefly and a bounded number of times, once the other process is done. A file already in
 * WAL is not switched again.
 */
function whenNotBusy(setup: () => void): void {
  for (let attempt = 1; ; attempt++) {
    try {
      setup();
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= CACHE_OPEN_TRIES) throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, CACHE_OPEN_WAIT_MS * attempt);
    }
  }
}

export function createSqliteVectorCache(options: { path: string; maxEntries?: number }): VectorCache {
  const max = options.maxEntries ?? DEFAULT_VECTOR_CACHE_ENTRIES;
  mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  try {
    whenNotBusy(() => {
      if (String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') db.pragma('journal_mode = WAL');
      db.exec('CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vec BLOB NOT NULL, at INTEGER NOT NULL)');
    });
  } catch (cause) {
    db.close();
    throw cause;
  }
  const getStmt = db.prepare<[string], { vec: Buffer }>('SELECT vec FROM vectors WHERE key = ?');
  const setStmt = db.prepare('INSERT OR REPLACE INTO vectors (key, vec, at) VALUES (?, ?, ?)');
  const countStmt = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM vectors');
  const evictStmt = db.prepare('DELETE FROM vectors WHERE key IN (SELECT key FROM vectors ORDER BY at ASC LIMIT ?)');
  let writes = 0;
  let clock = Date.now();
  return {
    get(model, text) {
      const row = getStmt.get(key(model, text));
      if (!row) return undefined;
      const b = row.vec;
      return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    },
    set(model, text, vector) {
      // A monotonic stamp keeps eviction order stable within one millisecond.
      clock = Math.max(clock + 1, Date.now());
      setStmt.run(key(model, text), Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), clock);
      if (++writes % 256 === 0) {
        const n = countStmt.get()?.n ?? 0;
        if (n > max) evictStmt.run(n - max);
      }
    },
    close() {
      const n = countStmt.get()?.n ?? 0;
      if (n > max) evictStmt.run(n - max);
      db.close();
    },
  };
}
