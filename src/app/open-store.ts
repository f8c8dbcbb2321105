// Opens the configured store: the SQLite file at `store.path`, or the PostgreSQL database at
// `store.url` / $LYRA_DATABASE_URL (issue 18). Callers pass `config.store`; a bare path is a SQLite file.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { isPostgresUrl, redactDatabaseUrl, type Store } from '../core/index.js';
import { openStore } from '../store/index.js';
import { openPgStore } from '../store/pg/index.js';

/** Where the store is: `config.store`. */
export type StoreLocation = string | { path: string; url?: string };

function location(where: StoreLocation): { path: string; url?: string } {
  return typeof where === 'string' ? { path: where } : where;
}

/** The store's name for messages: the file path, or the database URL without its password. */
export function storeLabel(where: StoreLocation): string {
  const { path, url } = location(where);
  return url ? redactDatabaseUrl(url) : path;
}

/**
 * Opens the store when it exists; read-only commands use this so they never create data. A PostgreSQL
 * database exists when it holds Lyra's schema (an empty one is left as it is); one with an older schema
 * is an error that says which command migrates it (`store_schema_outdated`), not "no store".
 */
export function openExistingStore(where: StoreLocation): Store | undefined {
  const { path, url } = location(where);
  if (isPostgresUrl(url)) {
    try {
      return openPgStore({ url, readonly: true });
    } catch (err) {
      if ((err as { code?: string }).code === 'store_schema_missing') return undefined;
      throw err;
    }
  }
  return existsSync(path) ? openStore({ path }) : undefined;
}

/** Opens the store, creating its folder and file (or, on PostgreSQL, its tables) when needed. */
export function openOrCreateStore(where: StoreLocation): Store {
  const { path, url } = location(where);
  if (isPostgresUrl(url)) return openPgStore({ url });
  mkdirSync(dirname(path), { recursive: true });
  return openStore({ path });
}
