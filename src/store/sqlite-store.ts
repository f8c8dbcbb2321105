// The embedded Store: one SQLite file (better-sqlite3) in WAL mode. Every public write runs in a
// transaction, so a process killed at any point leaves either the whole write or none of it.
import Database from 'better-sqlite3';
import { NonRetryableError, type Store } from '../core/index.js';
import { SqliteDb } from './db.js';
import { migrate } from './migrations.js';
import { storeOverTables } from './table-store.js';

export interface OpenStoreOptions {
  /** Database file, or ':memory:' for tests. */
  path: string;
  /** Open without writing (no migrations); fails when the schema is missing. */
  readonly?: boolean;
  /** How long a writer waits for another process's lock, in ms (default 5000). */
  busyTimeoutMs?: number;
}

export type SqliteStore = Store & {
  readonly path: string;
  /** `PRAGMA integrity_check` result: 'ok' when the file is sound. */
  integrityCheck(): string;
};

export function openStore(options: OpenStoreOptions): SqliteStore {
  let raw: Database.Database;
  try {
    raw = new Database(options.path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  } catch (cause) {
    throw new NonRetryableError(`store: cannot open ${options.path}: ${(cause as Error).message}`, {
      code: 'store_open_failed',
      details: { path: options.path },
      cause,
    });
  }
  raw.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  raw.pragma('foreign_keys = ON');
  if (!options.readonly) {
    raw.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives a killed process (not a power cut) and keeps commits fast.
    raw.pragma('synchronous = NORMAL');
    migrate(raw, options.path);
  }
  const db = new SqliteDb(raw, options.path);
  return {
    // better-sqlite3 turns nested transactions into savepoints.
    ...storeOverTables(db, {
      transaction: <T>(fn: () => T): T => raw.transaction(fn)(),
      close: () => {
        if (raw.open) raw.close();
      },
      dataVersion: () => Number(raw.pragma('data_version', { simple: true })),
    }),
    path: options.path,
    integrityCheck: () => String(raw.pragma('integrity_check', { simple: true })),
  };
}
