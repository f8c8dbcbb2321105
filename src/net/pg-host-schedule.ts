// The shared per-host schedule (core SharedHostSchedule) in PostgreSQL: one row per host holding the
// earliest time its next request may start (`next_at`) and the unsent reservation that holds it, if
// any. A reservation is one atomic upsert: the row is taken only when no other process holds an unsent
// slot for the host, and `next_at` moves one interval on in the same statement, so two processes can
// never be handed slots closer than the interval. `markSent` moves `next_at` to the send time plus the
// interval and frees the row, which mirrors the in-process rule "no new slot until the last one was
// sent; the interval counts from the send". Times are the database's clock (clock_timestamp()), so
// machines whose clocks disagree still space their requests correctly.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import {
  InvalidInputError,
  POSTGRES_URL_MESSAGE,
  POSTGRES_URL_PATTERN,
  RetryableError,
  delay,
  isLyraError,
  type HostReservation,
  type SharedHostSchedule,
} from '../core/index.js';

/** How long an unsent reservation holds its host before another process may take it over (a process died holding it), ms. */
export const DEFAULT_HOLD_MS = 30_000;
/** How often a process waiting for a host another process holds looks again, ms. */
export const DEFAULT_HOLD_POLL_MS = 20;
/** How long a reservation keeps trying while the database cannot be reached (a restart), ms; as long as the store's reconnect. */
export const DEFAULT_UNREACHABLE_MS = 30_000;

const optionsSchema = z.strictObject({
  /** postgres:// URL of the team database; or hand in `pool`. */
  url: z.string().regex(POSTGRES_URL_PATTERN, POSTGRES_URL_MESSAGE).optional(),
  /** Table holding the schedule (created on first use). */
  table: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case SQL identifier')
    .default('lyra_host_schedule'),
  /** See DEFAULT_HOLD_MS; longer than the fetcher's connect timeout, so a slow connect is not overtaken. */
  holdMs: z.number().int().min(1_000).max(600_000).default(DEFAULT_HOLD_MS),
  /** See DEFAULT_HOLD_POLL_MS. */
  pollMs: z.number().int().min(1).max(5_000).default(DEFAULT_HOLD_POLL_MS),
  /** See DEFAULT_UNREACHABLE_MS; past it a reservation fails with host_schedule_unavailable (retryable). */
  unreachableMs: z.number().int().min(0).max(600_000).default(DEFAULT_UNREACHABLE_MS),
  /** Connections in the pool this schedule opens (ignored with `pool`). */
  maxConnections: z.number().int().min(1).max(100).default(4),
});

export type PgHostScheduleOptions = z.input<typeof optionsSchema> & {
  /** A pool to use instead of opening one from `url` (not closed by the schedule). */
  pool?: pg.Pool;
};

export interface PgHostSchedule extends SharedHostSchedule {
  /** Creates the table when missing (also done on first use); safe to call from many processes at once. */
  ensureTable(): Promise<void>;
}

function unavailable(err: unknown, what: string): RetryableError {
  return new RetryableError(`shared host schedule: ${what} failed: ${(err as Error).message}`, { code: 'host_schedule_unavailable', cause: err });
}

/** Pause between tries while the database cannot be reached, ms. */
const RECONNECT_PAUSE_MS = 250;

/** A lost or refused connection (a socket error, SQLSTATE class 08 or 57: shutdown, cannot connect now), worth trying again; not a bad statement. */
function transient(err: unknown): boolean {
  const seen = (err as { cause?: unknown }).cause ?? err;
  const code = String((seen as { code?: unknown }).code ?? '');
  return code === '' || /^E[A-Z]/.test(code) || code.startsWith('08') || code.startsWith('57');
}

export function createPgHostSchedule(options: PgHostScheduleOptions): PgHostSchedule {
  const { pool: given, ...rest } = options;
  const parsed = optionsSchema.safeParse(rest);
  if (!parsed.success) {
    throw new InvalidInputError(`shared host schedule: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, {
      code: 'config_invalid',
    });
  }
  const o = parsed.data;
  if (!given && !o.url) throw new InvalidInputError('shared host schedule: a database url or a pool is required', { code: 'config_invalid' });
  const pool = given ?? new pg.Pool({ connectionString: o.url, max: o.maxConnections, application_name: 'lyra-host-schedule' });
  // An idle connection closed by the server (a restart) is an 'error' event on the pool, which would end
  // the process unheard; the pool drops that client and the next statement connects anew (or fails, and says so).
  if (!given) pool.on('error', () => undefined);
  const t = o.table;
  let ready: Promise<void> | undefined;

  const ensureTable = (): Promise<void> =>
    (ready ??= (async () => {
      const client = await pool.connect();
      try {
        // CREATE TABLE IF NOT EXISTS races between processes starting together: an advisory lock orders them.
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [t]);
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${t} (
             host text PRIMARY KEY,
             next_at timestamptz NOT NULL,
             hold_id uuid,
             hold_until timestamptz
           )`,
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        ready = undefined;
        throw unavailable(err, 'creating its table');
      } finally {
        client.release();
      }
    })());

  // One statement: a free (or abandoned) row is taken and its clock moved one interval past the slot.
  // A row held by an unsent reservation of another process is left alone and nothing is returned.
  const reserveSql = `
    INSERT INTO ${t} AS s (host, next_at, hold_id, hold_until)
    VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond', $3, clock_timestamp() + $4 * interval '1 millisecond')
    ON CONFLICT (host) DO UPDATE SET
      next_at = GREATEST(s.next_at, clock_timestamp()) + $2 * interval '1 millisecond',
      hold_id = $3,
      hold_until = GREATEST(s.next_at, clock_timestamp()) + $4 * interval '1 millisecond'
    WHERE s.hold_id IS NULL OR s.hold_until < clock_timestamp()
    RETURNING
      extract(epoch FROM s.next_at - $2 * interval '1 millisecond') * 1000 AS slot_ms,
      extract(epoch FROM s.next_at - $2 * interval '1 millisecond' - clock_timestamp()) * 1000 AS wait_ms`;
  const sentSql = `
    UPDATE ${t} SET next_at = GREATEST(next_at, clock_timestamp() + $3 * interval '1 millisecond'), hold_id = NULL, hold_until = NULL
    WHERE host = $1 AND hold_id = $2`;
  const releaseSql = `UPDATE ${t} SET hold_id = NULL, hold_until = NULL WHERE host = $1 AND hold_id = $2`;
  const backoffSql = `
    INSERT INTO ${t} AS s (host, next_at) VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond')
    ON CONFLICT (host) DO UPDATE SET next_at = GREATEST(s.next_at, clock_timestamp() + $2 * interval '1 millisecond')`;

  const reservation = (host: string, id: string, intervalMs: number, row: { slot_ms: string; wait_ms: string }): HostReservation => {
    let ended: Promise<void> | undefined;
    const end = (sql: string, params: unknown[]): Promise<void> =>
      (ended ??= pool.query(sql, params).then(
        () => undefined,
        // The hold lapses after holdMs on its own: a lost update costs the others that wait, never a short gap.
        (err: unknown) => Promise.reject(unavailable(err, `ending the reservation of ${host}`)),
      ));
    return {
      host,
      slotAt: Number(row.slot_ms),
      waitMs: Math.max(0, Number(row.wait_ms)),
      markSent: () => end(sentSql, [host, id, intervalMs]),
      release: () => end(releaseSql, [host, id]),
    };
  };

  return {
    ensureTable,
    async reserve(host, { intervalMs, signal }) {
      if (!(intervalMs >= 0) || !Number.isFinite(intervalMs))
        throw new InvalidInputError(`shared host schedule: interval for ${host} must be a finite number ≥ 0, got ${intervalMs}`, { code: 'invalid_interval' });
      const id = randomUUID();
      const giveUpAt = Date.now() + o.unreachableMs;
      for (;;) {
        signal?.throwIfAborted();
        let rows: Array<{ slot_ms: string; wait_ms: string }>;
        try {
          await ensureTable();
          rows = (await pool.query(reserveSql, [host, intervalMs, id, o.holdMs])).rows;
        } catch (err) {
          // A restarting database: the pool opens new connections on the next try; wait rather than send unspaced.
          if (!transient(err) || Date.now() >= giveUpAt) throw isLyraError(err) ? err : unavailable(err, `reserving a slot for ${host}`);
          await delay(RECONNECT_PAUSE_MS, signal);
          continue;
        }
        if (rows[0]) return reservation(host, id, intervalMs, rows[0]);
        await delay(o.pollMs, signal);
      }
    },
    async backoff(host, ms) {
      await ensureTable();
      try {
        await pool.query(backoffSql, [host, Math.max(0, ms)]);
      } catch (err) {
        throw unavailable(err, `backing off ${host}`);
      }
    },
    async close() {
      if (!given) await pool.end();
    },
  };
}
