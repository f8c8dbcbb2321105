// A synchronous PostgreSQL connection for the store's tables: libpq through pg-native's *Sync calls,
// so the PostgreSQL store keeps the Store interface's synchronous, atomic transactions exactly as the
// SQLite store has them. Prepared statements are cached per SQL text; `?` placeholders become `$n`.
// One writer at a time (a transaction-scoped advisory lock), as SQLite has it: the tables' read-then-
// write steps (next query seq, claim merge) stay correct with many workers writing at once.
import { createRequire } from 'node:module';
import { NonRetryableError, RetryableError, redactDatabaseUrl } from '../../core/index.js';
import type { Db } from '../db.js';

/** The part of pg-native's Client this module uses (the package ships no types). */
interface NativeClient {
  connectSync(params: string): void;
  querySync(text: string, values?: unknown[]): Array<Record<string, unknown>>;
  prepareSync(name: string, text: string, nParams: number): void;
  executeSync(name: string, values: unknown[]): Array<Record<string, unknown>>;
  end(cb?: () => void): void;
  pq: { cmdTuples(): string; transactionStatus(): number; finish(): void; connected?: boolean };
}
type NativeClientCtor = new (options: { types: unknown }) => NativeClient;

/** Times a write transaction whose connection was lost before COMMIT runs again on a new connection. */
export const TX_RETRIES = 2;
/** libpq's PQtransactionStatus: the connection is bad. */
const PQTRANS_UNKNOWN = 4;
/** Key of the advisory lock every write transaction takes (any constant unique to Lyra). */
export const WRITE_LOCK_KEY = 0x4c797261; // "Lyra"

export interface PgDbOptions {
  /** postgres://user[:password]@host[:port]/database[?…] */
  url: string;
  /** How long a lost connection is retried before an operation fails, in ms (default 30,000). */
  reconnectTimeoutMs?: number;
  /** Pause between reconnect attempts, in ms (default 250). */
  reconnectIntervalMs?: number;
}

const require = createRequire(import.meta.url);

function loadDriver(): { Client: NativeClientCtor; types: unknown } {
  try {
    const Client = require('pg-native') as NativeClientCtor;
    // pg-types from the same tree as pg-native: int8 (COUNT, bigserial) and numeric as JS numbers.
    const types = require('pg-types') as { setTypeParser(oid: number, fn: (v: string) => unknown): void };
    types.setTypeParser(20, (v) => Number(v));
    types.setTypeParser(1700, (v) => Number(v));
    return { Client, types };
  } catch (cause) {
    throw new NonRetryableError(
      'store: a PostgreSQL store needs the optional package pg-native, which did not install (it builds against libpq: install Debian package libpq-dev, then npm install)',
      { code: 'store_driver_missing', cause },
    );
  }
}

/** `?` placeholders → `$1…$n`, leaving quoted strings and identifiers alone. */
export function numberPlaceholders(sql: string): { text: string; count: number } {
  let out = '';
  let n = 0;
  let quote: string | undefined;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = undefined;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') out += `$${++n}`;
    else out += ch;
  }
  return { text: out, count: n };
}

function param(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  throw new NonRetryableError(`store: cannot bind a ${typeof value} as a SQL parameter`, { code: 'store_bad_param' });
}

/**
 * Connections finished but kept reachable for a moment: libpq's addon closes its socket watcher with an
 * asynchronous uv_close and lets the connection be garbage-collected at once, so a collection before
 * the loop runs the close frees memory libuv still holds (Node aborts in uv__finish_close). Holding the
 * object for a second outlives the close.
 */
const retired = new Set<NativeClient>();
const RETIRE_MS = 1000;

function finish(client: NativeClient | undefined): void {
  if (!client) return;
  retired.add(client);
  setTimeout(() => retired.delete(client), RETIRE_MS).unref();
  try {
    client.pq.finish();
  } catch {
    // already gone
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export class PgDb implements Db {
  readonly dialect = 'postgres' as const;
  readonly path: string;
  private client: NativeClient | undefined;
  private readonly driver = loadDriver();
  private statements = new Map<string, string>();
  private depth = 0;
  private ownBumps = 0;
  private closed = false;

  constructor(private readonly options: PgDbOptions) {
    this.path = redactDatabaseUrl(options.url);
    this.connect();
  }

  private connect(): NativeClient {
    const deadline = Date.now() + (this.options.reconnectTimeoutMs ?? 30_000);
    for (;;) {
      const client = new this.driver.Client({ types: this.driver.types });
      try {
        client.connectSync(this.options.url);
        // libpq prints NOTICEs (an IF NOT EXISTS that found the table) to stderr; Lyra's output is its own.
        client.querySync('SET client_min_messages TO warning');
        this.client = client;
        this.statements = new Map();
        return client;
      } catch (cause) {
        if (Date.now() >= deadline)
          throw new RetryableError(`store: cannot connect to ${this.path}: ${(cause as Error).message.trim()}`, {
            code: 'store_unreachable',
            details: { url: this.path },
            cause,
          });
        sleepSync(this.options.reconnectIntervalMs ?? 250);
      }
    }
  }

  private broken(): boolean {
    return !this.client || this.client.pq.transactionStatus() === PQTRANS_UNKNOWN;
  }

  /** The live connection; reconnects first when it was lost (only between transactions). */
  private live(): NativeClient {
    if (this.closed) throw new NonRetryableError(`store ${this.path} is closed`, { code: 'store_closed' });
    if (this.broken()) {
      if (this.depth > 0) throw this.lost(new Error('connection lost inside a transaction'));
      finish(this.client);
      this.client = undefined;
      this.connect();
    }
    return this.client!;
  }

  private lost(cause: unknown): RetryableError {
    return new RetryableError(`store: the connection to ${this.path} was lost: ${(cause as Error).message.trim()}`, {
      code: 'store_connection_lost',
      details: { url: this.path },
      cause,
    });
  }

  private execute(sql: string, params: unknown[]): { rows: Array<Record<string, unknown>>; changes: number } {
    for (let attempt = 0; ; attempt++) {
      const client = this.live();
      try {
        let name = this.statements.get(sql);
        if (!name) {
          const { text, count } = numberPlaceholders(sql);
          name = `lyra_${this.statements.size}`;
          client.prepareSync(name, text, count);
          this.statements.set(sql, name);
        }
        const rows = client.executeSync(name, params.map(param));
        const changes = Number.parseInt(client.pq.cmdTuples(), 10);
        return { rows, changes: Number.isFinite(changes) ? changes : 0 };
      } catch (cause) {
        if (!this.broken()) throw cause;
        // Outside a transaction a statement is retried once on a new connection; inside, the whole transaction fails.
        if (this.depth > 0 || attempt > 0) throw this.lost(cause);
      }
    }
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.execute(sql, params).rows as T[];
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.execute(sql, params).rows[0] as T | undefined;
  }

  run(sql: string, ...params: unknown[]): { changes: number } {
    return { changes: this.execute(sql, params).changes };
  }

  /** Runs SQL text without parameters (several statements allowed): migrations. */
  exec(sql: string): void {
    this.live().querySync(sql);
  }

  /** Runs `fn` in one transaction holding the write lock; nested calls become savepoints. */
  transaction<T>(fn: () => T): T {
    const client = this.live();
    if (this.depth > 0) {
      const sp = `lyra_sp_${this.depth}`;
      client.querySync(`SAVEPOINT ${sp}`);
      this.depth++;
      try {
        const out = fn();
        this.depth--;
        client.querySync(`RELEASE SAVEPOINT ${sp}`);
        return out;
      } catch (err) {
        this.depth--;
        if (!this.broken()) client.querySync(`ROLLBACK TO SAVEPOINT ${sp}`);
        throw err;
      }
    }
    // A connection lost before COMMIT was sent committed nothing (a server restart, a dropped socket): the
    // transaction runs again on a new connection, at most TX_RETRIES times. Lost during COMMIT, the outcome
    // is unknown and the error is the caller's.
    for (let attempt = 0; ; attempt++) {
      const conn = attempt === 0 ? client : this.live();
      let committing = false;
      try {
        conn.querySync('BEGIN');
        this.depth = 1;
        conn.querySync(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);
        const out = fn();
        // Other connections learn that something changed (dataVersion) from this non-transactional counter.
        conn.querySync("SELECT nextval('lyra_changes')");
        this.ownBumps++;
        committing = true;
        conn.querySync('COMMIT');
        this.depth = 0;
        return out;
      } catch (err) {
        this.depth = 0;
        if (!this.broken()) {
          try {
            conn.querySync('ROLLBACK');
          } catch {
            // the connection died during the rollback; nothing was committed
          }
        }
        if (this.broken() && !committing && attempt < TX_RETRIES) continue;
        throw this.broken() && !(err instanceof RetryableError) ? this.lost(err) : err;
      }
    }
  }

  /** Changes whenever another connection commits; this connection's own commits leave it unchanged. */
  dataVersion(): number {
    const row = this.get<{ v: number }>('SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM lyra_changes');
    return (row?.v ?? 0) - this.ownBumps;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    finish(this.client);
    this.client = undefined;
  }
}
