// store/pg/: the Store on PostgreSQL.
export { openPgStore, type OpenPgStoreOptions, type PgStore } from './pg-store.js';
export { PG_MIGRATIONS, PG_SCHEMA_VERSION } from './pg-migrations.js';
export { PgDb, numberPlaceholders, WRITE_LOCK_KEY, type PgDbOptions } from './pg-db.js';
export { PG_TS_CONFIG } from './corpus-index-pg.js';
