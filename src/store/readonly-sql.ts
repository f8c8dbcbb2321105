// Read-only SQL over a store file, bounded in rows, cell length and time. Statements run in a child
// process (readonly-sql-child.ts) with its own read-only connection, one at a time; a statement
// still running at its deadline, or whose call is cancelled, is ended by killing the child, which
// the next statement starts afresh. A refused or failing statement is an InvalidInputError with the
// reason's code (sql_write_refused, sql_attach_refused, sql_statement_refused, sql_invalid,
// sql_failed); the time limit is a NonRetryableError (sql_time_limit).
//
// Memory: SQLite as better-sqlite3 builds it keeps no memory statistics, so `PRAGMA hard_heap_limit`
// is accepted and ignored (measured: SELECT zeroblob(300000000) returned under a 100 MB limit), and a
// value SQLite makes is copied whole into the child before any check of ours sees it
// (`zeroblob(500 MB)` took the child to ~1 GB). So the parent watches the child's resident memory
// while a statement runs (from /proc, every 50 ms) and kills it past maxRssMb (sql_memory_limit); the
// child bounds its answer to maxResultChars. Where /proc is missing (not Linux) only the child's V8
// heap limit holds.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { InvalidInputError, NonRetryableError, RetryableError, type TableResult } from '../core/index.js';
import type { SqlRequest, SqlResponse } from './readonly-sql-check.js';

export interface ReadonlySqlOptions {
  /** The store's database file (not ':memory:'). */
  path: string;
  /** Rows returned at most (a call may ask for fewer). */
  maxRows: number;
  /** A statement running longer is killed (ms). */
  timeoutMs: number;
  /** Longer text cells are cut to this many characters. */
  maxCellChars: number;
  /** Heap of the child process (MB, default 256). */
  maxHeapMb?: number;
  /** Resident memory of the child while a statement runs (MB, default 256); past it the child is killed. */
  maxRssMb?: number;
  /** Characters of one answer's cells together (default 4,000,000); rows past it are left out. */
  maxResultChars?: number;
}

/** Resident bytes of a process from /proc (Linux), or undefined where it cannot be read. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return Number.isFinite(pages) ? pages * 4096 : undefined;
  } catch {
    return undefined;
  }
}

export interface ReadonlySqlQuery {
  sql: string;
  params?: Array<string | number | null>;
  offset?: number;
  maxRows?: number;
  signal?: AbortSignal;
}

export interface ReadonlySql {
  query(input: ReadonlySqlQuery): Promise<TableResult>;
  close(): Promise<void>;
}

/** The child's entry file next to this one, and how to load it (TypeScript through tsx in development). */
function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const ts = here.endsWith('.ts');
  const file = here.replace(/readonly-sql\.(ts|js)$/, `readonly-sql-child.${ts ? 'ts' : 'js'}`);
  return { file, execArgv: ts ? ['--import', import.meta.resolve('tsx')] : [] };
}

const REFUSED = new Set(['sql_write_refused', 'sql_attach_refused', 'sql_statement_refused', 'sql_too_long', 'sql_invalid', 'sql_failed']);

export function createReadonlySql(options: ReadonlySqlOptions): ReadonlySql {
  if (options.path === ':memory:' || options.path === '') {
    throw new NonRetryableError('read-only SQL needs a store file; an in-memory store has none', { code: 'sql_unavailable' });
  }
  const maxRssMb = options.maxRssMb ?? 256;
  const maxRssBytes = maxRssMb * 1024 * 1024;
  const maxResultChars = options.maxResultChars ?? 4_000_000;
  let child: { proc: ChildProcess; ready: Promise<void> } | undefined;
  let nextId = 1;
  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** Starts the child; `ready` resolves once its connection is open (its start-up is not part of any statement's time). */
  const start = (): { proc: ChildProcess; ready: Promise<void> } => {
    const entry = childEntry();
    const proc = fork(entry.file, [options.path], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${options.maxHeapMb ?? 256}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 2_000) stderr += d.toString('utf8');
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }): void => {
        if (!m.ready) return;
        proc.off('exit', onExit);
        resolve();
      };
      const onExit = (code: number | null): void => {
        proc.off('message', onMessage);
        reject(
          new NonRetryableError(`sql: the query process could not open ${options.path} (exit ${code}): ${stderr.trim().slice(0, 500)}`, {
            code: 'sql_unavailable',
          }),
        );
      };
      proc.on('message', onMessage);
      proc.once('exit', onExit);
    });
    const self = { proc, ready };
    proc.once('exit', () => {
      if (child === self) child = undefined;
    });
    return self;
  };

  const kill = (c: ChildProcess): void => {
    if (child?.proc === c) child = undefined;
    c.kill('SIGKILL');
  };

  const run = async (input: ReadonlySqlQuery): Promise<TableResult> => {
    if (closed) throw new NonRetryableError('read-only SQL: closed', { code: 'sql_closed' });
    const current = (child ??= start());
    await current.ready;
    return send(current.proc, input);
  };

  const send = (c: ChildProcess, input: ReadonlySqlQuery): Promise<TableResult> =>
    new Promise<TableResult>((resolve, reject) => {
      if (input.signal?.aborted) return reject(input.signal.reason ?? new DOMException('Aborted', 'AbortError'));
      const maxRows = Math.max(1, Math.min(input.maxRows ?? options.maxRows, options.maxRows));
      const req: SqlRequest = {
        id: nextId++,
        sql: input.sql,
        params: input.params ?? [],
        offset: input.offset ?? 0,
        maxRows,
        maxCellChars: options.maxCellChars,
        maxResultChars,
        maxRssBytes,
      };
      const started = performance.now();
      const cleanup = (): void => {
        clearTimeout(timer);
        clearInterval(watch);
        c.off('message', onMessage);
        c.off('exit', onExit);
        input.signal?.removeEventListener('abort', onAbort);
      };
      const onMessage = (m: SqlResponse): void => {
        if (m.id !== req.id) return;
        cleanup();
        if (m.ok)
          return resolve({
            columns: m.columns,
            rows: m.rows,
            rowCount: m.rows.length,
            truncated: m.truncated,
            cutCells: m.cutCells,
            maxRows,
            elapsedMs: Math.round(performance.now() - started),
          });
        // The memory it took stays with the process until it ends: the next statement starts a fresh one.
        if (m.code === 'sql_memory_limit') kill(c);
        const details = { code: m.code };
        reject(
          REFUSED.has(m.code)
            ? new InvalidInputError(`sql: ${m.message}`, { code: m.code, details })
            : new NonRetryableError(`sql: ${m.message}`, { code: m.code, details }),
        );
      };
      const onExit = (code: number | null, signal: string | null): void => {
        cleanup();
        reject(new RetryableError(`sql: the query process ended (${signal ?? `exit ${code}`}) before answering`, { code: 'sql_worker_exited' }));
      };
      const onAbort = (): void => {
        cleanup();
        kill(c);
        reject(input.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      };
      const timer = setTimeout(() => {
        cleanup();
        kill(c);
        reject(
          new NonRetryableError(`sql: the statement ran past its time limit of ${options.timeoutMs} ms and was stopped`, {
            code: 'sql_time_limit',
            details: { timeoutMs: options.timeoutMs },
          }),
        );
      }, options.timeoutMs);
      const watch = setInterval(() => {
        const rss = residentBytes(c.pid);
        if (rss === undefined || rss <= maxRssBytes) return;
        cleanup();
        kill(c);
        reject(
          new NonRetryableError(`sql: the statement took the query process past its memory limit of ${maxRssMb} MB (mcp.sql.max_memory_mb) and was stopped`, {
            code: 'sql_memory_limit',
            details: { maxRssMb },
          }),
        );
      }, 50);
      c.on('message', onMessage);
      c.once('exit', onExit);
      input.signal?.addEventListener('abort', onAbort, { once: true });
      c.send(req);
    });

  return {
    query(input) {
      // One statement at a time: the next waits for the previous to answer, fail or be killed.
      const result = tail.then(
        () => run(input),
        () => run(input),
      );
      tail = result.catch(() => undefined);
      return result;
    },
    async close() {
      closed = true;
      const c = child?.proc;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
  };
}
