// The Store on PostgreSQL (issue 18): the same tables and behaviour as the SQLite store, for a team's
// shared evidence graph and `lyra worker` processes on many machines. Opened from `store.url` or
// LYRA_DATABASE_URL; the connection is synchronous (libpq via pg-native), like better-sqlite3's.
import { NonRetryableError, type Store } from '../../core/index.js';
import { storeOverTables } from '../table-store.js';
import { PgDb, type PgDbOptions } from './pg-db.js';
import { migratePg, pgSchemaVersion, PG_SCHEMA_VERSION } from './pg-migrations.js';

export interface OpenPgStoreOptions extends PgDbOptions {
  /** Do not migrate: fail when the schema is missing or older (read-only commands). */
  readonly?: boolean;
}

export type PgStore = Store & {
  /** The database URL without its password. */
  readonly path: string;
  readonly backend: 'postgres';
};

export function openPgStore(options: OpenPgStoreOptions): PgStore {
  const db = new PgDb(options);
  try {
    if (options.readonly) {
      const version = pgSchemaVersion(db);
      // No schema at all is a database Lyra never wrote to; an older one holds data that a writing open
      // migrates (a reader must not migrate behind the user's back); a newer one needs a newer Lyra.
      if (version === 0)
        throw new NonRetryableError(`store ${db.path}: no Lyra schema (this Lyra needs version ${PG_SCHEMA_VERSION})`, {
          code: 'store_schema_missing',
          details: { url: db.path, version },
        });
      if (version < PG_SCHEMA_VERSION)
        throw new NonRetryableError(
          `store ${db.path}: schema version ${version} is older than this Lyra's ${PG_SCHEMA_VERSION}; a command that writes to the store (lyra task create, lyra research, lyra worker) migrates it first`,
          { code: 'store_schema_outdated', details: { url: db.path, version, supported: PG_SCHEMA_VERSION } },
        );
      if (version > PG_SCHEMA_VERSION)
        throw new NonRetryableError(`store ${db.path}: schema version ${version} is newer than this Lyra supports (${PG_SCHEMA_VERSION}); upgrade Lyra`, {
          code: 'store_schema_newer',
          details: { url: db.path, version, supported: PG_SCHEMA_VERSION },
        });
    } else migratePg(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return {
    ...storeOverTables(db, {
      transaction: <T>(fn: () => T): T => db.transaction(fn),
      close: () => db.close(),
      dataVersion: () => db.dataVersion(),
    }),
    path: db.path,
    backend: 'postgres',
  };
}
