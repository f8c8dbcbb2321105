// The child process of readonly-sql.ts: one read-only SQLite connection (opened read-only, with
// query_only on) that answers one statement at a time over IPC. It lives in its own process so that
// a statement past its time limit can be killed: better-sqlite3 runs a statement to its end inside one
// native call, which no timer in the same process can interrupt.
import Database from 'better-sqlite3';
import { checkReadonlySql, type SqlRequest, type SqlResponse } from './readonly-sql-check.js';

const path = process.argv[2];
if (!path || !process.send) {
  process.stderr.write('readonly-sql-child: started without a database path or an IPC channel\n');
  process.exit(2);
}

const db = new Database(path, { readonly: true, fileMustExist: true });
db.pragma('query_only = ON');

function cell(value: unknown, maxChars: number, cut: { n: number }): unknown {
  if (typeof value === 'string' && value.length > maxChars) {
    cut.n += 1;
    return value.slice(0, maxChars);
  }
  if (Buffer.isBuffer(value)) return { blob_bytes: value.length };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function answer(req: SqlRequest): SqlResponse {
  const refused = checkReadonlySql(req.sql);
  if (refused) return { id: req.id, ok: false, ...refused };
  let stmt: Database.Statement;
  try {
    stmt = db.prepare(req.sql);
  } catch (err) {
    return { id: req.id, ok: false, code: 'sql_invalid', message: (err as Error).message };
  }
  // The statement as SQLite compiled it: a write hidden behind WITH, or a statement returning no rows, is refused here.
  if (!stmt.readonly) return { id: req.id, ok: false, code: 'sql_write_refused', message: 'the statement would write; only reading statements run here' };
  if (!stmt.reader)
    return { id: req.id, ok: false, code: 'sql_statement_refused', message: 'the statement returns no rows; only SELECT, WITH … SELECT and VALUES run here' };
  const started = performance.now();
  const cut = { n: 0 };
  const rows: unknown[][] = [];
  let skipped = 0;
  let truncated = false;
  let chars = 0;
  try {
    for (const row of stmt.raw(true).iterate(...req.params) as Iterable<unknown[]>) {
      if (skipped < req.offset) {
        skipped += 1;
        continue;
      }
      if (rows.length >= req.maxRows) {
        truncated = true;
        break;
      }
      // A value SQLite made (zeroblob, a huge string) is copied whole into this process before any check sees it:
      // after each row, past the limit, the statement stops here and the parent ends this process.
      if (process.memoryUsage.rss() > req.maxRssBytes)
        return {
          id: req.id,
          ok: false,
          code: 'sql_memory_limit',
          message: `a row took the query process past its memory limit of ${Math.round(req.maxRssBytes / 1048576)} MB (mcp.sql.max_memory_mb)`,
        };
      const out = row.map((v) => cell(v, req.maxCellChars, cut));
      // Many columns of long cells: the answer stays bounded in size, whatever the row and column counts.
      for (const v of out) chars += typeof v === 'string' ? v.length : 16;
      if (chars > req.maxResultChars && rows.length > 0) {
        truncated = true;
        break;
      }
      rows.push(out);
    }
  } catch (err) {
    return { id: req.id, ok: false, code: 'sql_failed', message: (err as Error).message };
  }
  return {
    id: req.id,
    ok: true,
    columns: stmt.columns().map((c) => c.name),
    rows,
    truncated,
    cutCells: cut.n,
    elapsedMs: Math.round(performance.now() - started),
  };
}

process.on('message', (req: SqlRequest) => {
  process.send!(answer(req));
});
process.send({ ready: true });
process.on('disconnect', () => {
  db.close();
  process.exit(0);
});
