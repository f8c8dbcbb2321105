// Read-only SQL over a store file, bounded in rows, cell length and time. Statements run in a child
// process (readonly-sql-child.ts) with its own read-only connection, one at a time; a statement
// still running at its deadline, or whose call is cancelled, is ended by killing the child, which
// the next statement starts afresh. A refused or failing statement is an InvalidInputError with the
// reason's code (sql_write_refused, sql_attach_refused, sql_statement_refused, sql_invalid,
// sql_failed); the time limit is a NonRetryableError (sql_time_limit).
import { fork, type ChildProcess } from 'node:child_process';
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
      };
      const started = performance.now();
      const cleanup = (): void => {
        clearTimeout(timer);
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
