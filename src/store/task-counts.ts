// Counting a task's rows by state without reading them, and the store's change counter: what a view
// polled while a task runs (the browser UI's live updates) reads instead of loading the whole graph.
import type { TaskRowCounts } from '../core/index.js';
import type { Db } from './db.js';

function grouped(db: Db, sql: string, taskId: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of db.all<{ k: string | null; n: number }>(sql, taskId)) out[r.k ?? 'PENDING'] = r.n;
  return out;
}

export function taskCounts(db: Db, taskId: string): TaskRowCounts {
  return {
    queries: grouped(db, 'SELECT status AS k, COUNT(*) AS n FROM queries WHERE task_id = ? GROUP BY status', taskId),
    pages: grouped(db, 'SELECT fetch_status AS k, COUNT(*) AS n FROM pages WHERE task_id = ? GROUP BY fetch_status', taskId),
    // A claim without a status has not been judged yet: PENDING, as in TaskStatusView.claimCounts.
    claims: grouped(db, 'SELECT status AS k, COUNT(*) AS n FROM claims WHERE task_id = ? GROUP BY status', taskId),
    edges: grouped(db, 'SELECT kind AS k, COUNT(*) AS n FROM edges WHERE task_id = ? GROUP BY kind', taskId),
    feedback: db.get<{ n: number }>('SELECT COUNT(*) AS n FROM feedback WHERE task_id = ?', taskId)?.n ?? 0,
  };
}

export function listCheckpointKeys(db: Db, taskId: string, prefix = ''): Array<{ stepKey: string; updatedAt: string }> {
  // substr instead of LIKE: a key may hold `%` or `_`, which LIKE would read as wildcards.
  return db
    .all<{ step_key: string; updated_at: string }>(
      'SELECT step_key, updated_at FROM checkpoints WHERE task_id = ? AND substr(step_key, 1, ?) = ? ORDER BY step_key',
      taskId,
      prefix.length,
      prefix,
    )
    .map((r) => ({ stepKey: r.step_key, updatedAt: r.updated_at }));
}
