// What the read-only SQL connection accepts, decided before SQLite compiles anything: one statement
// that reads (SELECT, WITH … SELECT, VALUES). ATTACH is refused by name (SQLite counts ATTACH as
// read-only, since it changes the connection rather than a file, and it would open other files on
// disk); writes and everything else (PRAGMA, DETACH, VACUUM…) are refused too. The child process
// checks the compiled statement again (readonly, returns rows), and the connection itself is opened
// read-only with query_only on.

export interface SqlRequest {
  id: number;
  sql: string;
  params: Array<string | number | null>;
  /** Rows skipped first (views page with it). */
  offset: number;
  maxRows: number;
  maxCellChars: number;
  /** Characters of all returned cells together; rows past it are left out (truncated). */
  maxResultChars: number;
  /** The child's resident bytes checked after every row; past it the statement fails with sql_memory_limit. */
  maxRssBytes: number;
}

export type SqlResponse =
  | { id: number; ok: true; columns: string[]; rows: unknown[][]; truncated: boolean; cutCells: number; elapsedMs: number }
  | { id: number; ok: false; code: string; message: string };

/** Longest SQL text accepted (characters). */
export const MAX_SQL_CHARS = 20_000;

const WRITES = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'REPLACE',
  'UPSERT',
  'CREATE',
  'DROP',
  'ALTER',
  'REINDEX',
  'VACUUM',
  'ANALYZE',
  'BEGIN',
  'COMMIT',
  'END',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
]);
const READS = new Set(['SELECT', 'WITH', 'VALUES']);

/** The first keyword, past whitespace, comments and opening parentheses. */
export function leadingKeyword(sql: string): string {
  let s = sql;
  for (;;) {
    const next = s
      .replace(/^[\s(]+/, '')
      .replace(/^--[^\n]*(\n|$)/, '')
      .replace(/^\/\*[\s\S]*?(\*\/|$)/, '');
    if (next === s) break;
    s = next;
  }
  return (/^[A-Za-z]+/.exec(s)?.[0] ?? '').toUpperCase();
}

/** Why the statement is refused, or undefined when it may run. */
export function checkReadonlySql(sql: string): { code: string; message: string } | undefined {
  if (sql.length > MAX_SQL_CHARS) return { code: 'sql_too_long', message: `the statement has ${sql.length} characters; at most ${MAX_SQL_CHARS}` };
  const word = leadingKeyword(sql);
  if (word === 'ATTACH' || word === 'DETACH') return { code: 'sql_attach_refused', message: `${word} is refused: queries read this database only` };
  if (WRITES.has(word)) return { code: 'sql_write_refused', message: `${word} is refused: the connection is read-only` };
  if (!READS.has(word))
    return { code: 'sql_statement_refused', message: `${word || 'an empty statement'} is refused: only SELECT, WITH … SELECT and VALUES run here` };
  return undefined;
}
