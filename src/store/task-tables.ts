// Tasks, queries, checkpoints and the auth queue.
import {
  InvalidInputError,
  type AuthItem,
  type AuthStatus,
  type Budget,
  type Checkpoint,
  type Query,
  type QueryMetrics,
  type StoredError,
  type Task,
} from '../core/index.js';
import { type Db, compact, opt, parseJson, taskKey, taskOf } from './db.js';

interface TaskRow {
  id: string;
  question: string;
  status: string;
  kind: string | null;
  budget_json: string;
  language: string | null;
  priority_domains_json: string;
  created_at: string;
  stopped_at: string | null;
  stop_reason: string | null;
  config_snapshot_json: string;
}

function taskFromRow(r: TaskRow): Task {
  return compact({
    id: r.id,
    question: r.question,
    status: r.status as Task['status'],
    kind: opt(r.kind) as Task['kind'],
    budget: parseJson<Budget>(r.budget_json, `tasks.budget_json (${r.id})`),
    language: opt(r.language),
    priorityDomains: parseJson<string[]>(r.priority_domains_json, `tasks.priority_domains_json (${r.id})`),
    createdAt: r.created_at,
    stoppedAt: opt(r.stopped_at),
    stopReason: opt(r.stop_reason),
    configSnapshot: parseJson<Record<string, unknown>>(r.config_snapshot_json, `tasks.config_snapshot_json (${r.id})`),
  });
}

function taskParams(t: Task): unknown[] {
  return [
    t.id,
    t.question,
    t.status,
    JSON.stringify(t.budget),
    t.language ?? null,
    JSON.stringify(t.priorityDomains),
    t.createdAt,
    t.stoppedAt ?? null,
    t.stopReason ?? null,
    JSON.stringify(t.configSnapshot),
    t.kind ?? null,
  ];
}

export function createTask(db: Db, task: Task): void {
  db.run(
    `INSERT INTO tasks (id, question, status, budget_json, language, priority_domains_json, created_at, stopped_at, stop_reason, config_snapshot_json, kind)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ...taskParams(task),
  );
}

export function getTask(db: Db, id: string): Task | undefined {
  const r = db.get<TaskRow>('SELECT * FROM tasks WHERE id = ?', id);
  return r ? taskFromRow(r) : undefined;
}

export function updateTask(db: Db, id: string, patch: Partial<Omit<Task, 'id'>>): Task {
  const current = getTask(db, id);
  if (!current) throw new InvalidInputError(`store: no task ${id}`, { code: 'task_not_found', details: { taskId: id } });
  const next: Task = { ...current, ...patch, id };
  db.run(
    `UPDATE tasks SET question = ?, status = ?, budget_json = ?, language = ?, priority_domains_json = ?, created_at = ?,
     stopped_at = ?, stop_reason = ?, config_snapshot_json = ?, kind = ? WHERE id = ?`,
    ...taskParams(next).slice(1),
    id,
  );
  return next;
}

export function setTaskStatusIf(db: Db, id: string, from: Task['status'], to: Task['status']): boolean {
  return db.run('UPDATE tasks SET status = ? WHERE id = ? AND status = ?', to, id, from).changes === 1;
}

export function listTasks(db: Db): Task[] {
  return db.all<TaskRow>('SELECT * FROM tasks ORDER BY created_at, id').map(taskFromRow);
}

interface QueryRow {
  id: string;
  task_id: string;
  text: string;
  mode: string;
  origin: string;
  status: string;
  attempts: number;
  last_error: string | null;
  error_json: string | null;
  metrics_json: string;
  created_at: string;
  finished_at: string | null;
  client_key: string | null;
}

function queryFromRow(r: QueryRow): Query {
  return compact({
    id: r.id,
    taskId: r.task_id,
    text: r.text,
    mode: r.mode as Query['mode'],
    origin: r.origin as Query['origin'],
    status: r.status as Query['status'],
    attempts: r.attempts,
    lastError: opt(r.last_error),
    error: r.error_json === null ? undefined : parseJson<StoredError>(r.error_json, `queries.error_json (${r.id})`),
    metrics: parseJson<QueryMetrics>(r.metrics_json, `queries.metrics_json (${r.id})`),
    createdAt: r.created_at,
    finishedAt: opt(r.finished_at),
    clientKey: opt(r.client_key),
  });
}

export function insertQuery(db: Db, q: Query): void {
  const seq = db.get<{ n: number | null }>('SELECT MAX(seq) AS n FROM queries WHERE task_id = ?', q.taskId)?.n ?? 0;
  db.run(
    `INSERT INTO queries (id, task_id, seq, text, mode, origin, status, attempts, last_error, error_json, metrics_json, created_at, finished_at, client_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    q.id,
    q.taskId,
    seq + 1,
    q.text,
    q.mode,
    q.origin,
    q.status,
    q.attempts,
    q.lastError ?? null,
    q.error ? JSON.stringify(q.error) : null,
    JSON.stringify(q.metrics),
    q.createdAt,
    q.finishedAt ?? null,
    q.clientKey ?? null,
  );
}

export function getQuery(db: Db, id: string): Query | undefined {
  const r = db.get<QueryRow>('SELECT * FROM queries WHERE id = ?', id);
  return r ? queryFromRow(r) : undefined;
}

export function updateQuery(db: Db, id: string, patch: Partial<Omit<Query, 'id' | 'taskId'>>): Query {
  const current = getQuery(db, id);
  if (!current) throw new InvalidInputError(`store: no query ${id}`, { code: 'query_not_found', details: { queryId: id } });
  const n: Query = { ...current, ...patch, id, taskId: current.taskId };
  db.run(
    `UPDATE queries SET text = ?, mode = ?, origin = ?, status = ?, attempts = ?, last_error = ?, error_json = ?, metrics_json = ?, created_at = ?, finished_at = ?
     WHERE id = ?`,
    n.text,
    n.mode,
    n.origin,
    n.status,
    n.attempts,
    n.lastError ?? null,
    n.error ? JSON.stringify(n.error) : null,
    JSON.stringify(n.metrics),
    n.createdAt,
    n.finishedAt ?? null,
    id,
  );
  return n;
}

export function listQueries(db: Db, taskId: string): Query[] {
  return db.all<QueryRow>('SELECT * FROM queries WHERE task_id = ? ORDER BY seq', taskId).map(queryFromRow);
}

export function saveCheckpoint(db: Db, taskId: string, stepKey: string, payload: unknown): void {
  db.run(
    `INSERT INTO checkpoints (task_id, step_key, payload_json, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (task_id, step_key) DO UPDATE SET payload_json = excluded.payload_json, updated_at = excluded.updated_at`,
    taskId,
    stepKey,
    JSON.stringify(payload ?? null),
    new Date().toISOString(),
  );
}

interface CheckpointRow {
  task_id: string;
  step_key: string;
  payload_json: string;
  updated_at: string;
}

function checkpointFromRow(r: CheckpointRow): Checkpoint {
  return compact({
    taskId: r.task_id,
    stepKey: r.step_key,
    payload: parseJson<unknown>(r.payload_json, `checkpoints (${r.task_id}, ${r.step_key})`),
    updatedAt: r.updated_at,
  });
}

export function loadCheckpoint(db: Db, taskId: string, stepKey: string): Checkpoint | undefined {
  const r = db.get<CheckpointRow>('SELECT * FROM checkpoints WHERE task_id = ? AND step_key = ?', taskId, stepKey);
  return r ? checkpointFromRow(r) : undefined;
}

export function listCheckpoints(db: Db, taskId: string): Checkpoint[] {
  return db.all<CheckpointRow>('SELECT * FROM checkpoints WHERE task_id = ? ORDER BY step_key', taskId).map(checkpointFromRow);
}

interface AuthRow {
  id: string;
  task_id: string;
  url: string;
  domain: string;
  kind: string;
  status: string;
  detail: string | null;
  created_at: string;
}

function authFromRow(r: AuthRow): AuthItem {
  return compact({
    id: r.id,
    taskId: taskOf(r.task_id),
    url: r.url,
    domain: r.domain,
    kind: r.kind as AuthItem['kind'],
    status: r.status as AuthStatus,
    detail: opt(r.detail),
    createdAt: r.created_at,
  });
}

/** Adds an item unless a pending item for the same task and URL is already queued. */
export function enqueueAuth(db: Db, item: AuthItem): void {
  const pending = db.get<{ id: string }>("SELECT id FROM auth_queue WHERE task_id = ? AND url = ? AND status = 'pending'", taskKey(item.taskId), item.url);
  if (pending) return;
  db.run(
    'INSERT INTO auth_queue (id, task_id, url, domain, kind, status, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    item.id,
    taskKey(item.taskId),
    item.url,
    item.domain,
    item.kind,
    item.status,
    item.detail ?? null,
    item.createdAt,
  );
}

export function listAuth(db: Db, options: { taskId?: string; status?: AuthStatus } = {}): AuthItem[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.taskId !== undefined) {
    where.push('task_id = ?');
    params.push(options.taskId);
  }
  if (options.status !== undefined) {
    where.push('status = ?');
    params.push(options.status);
  }
  const sql = `SELECT * FROM auth_queue ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id`;
  return db.all<AuthRow>(sql, ...params).map(authFromRow);
}

export function updateAuthStatus(db: Db, id: string, status: AuthStatus): void {
  const res = db.run('UPDATE auth_queue SET status = ?, resolved_at = ? WHERE id = ?', status, status === 'pending' ? null : new Date().toISOString(), id);
  if (res.changes === 0) throw new InvalidInputError(`store: no auth queue item ${id}`, { code: 'auth_item_not_found', details: { id } });
}
