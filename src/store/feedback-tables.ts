// Feedback corrections, calibration samples and calibration versions (migration 3).
import {
  InvalidInputError,
  type CalibrationSample,
  type CalibrationVersion,
  type FeedbackEdgeChange,
  type FeedbackRecord,
  type Stance,
} from '../core/index.js';
import { type Db, compact, opt, parseJson } from './db.js';

interface FeedbackRow {
  id: string;
  task_id: string;
  kind: string;
  target_id: string;
  label: string | null;
  author: string;
  reason: string;
  changes_json: string;
  created_at: string;
}

function feedbackFromRow(r: FeedbackRow): FeedbackRecord {
  return compact({
    id: r.id,
    taskId: r.task_id,
    kind: r.kind as FeedbackRecord['kind'],
    targetId: r.target_id,
    label: opt(r.label) as Stance | undefined,
    author: r.author,
    reason: r.reason,
    createdAt: r.created_at,
    changes: parseJson<FeedbackEdgeChange[]>(r.changes_json, `feedback.changes_json (${r.id})`),
  });
}

export function insertFeedback(db: Db, record: FeedbackRecord, samples: CalibrationSample[]): void {
  db.run(
    'INSERT INTO feedback (id, task_id, kind, target_id, label, author, reason, changes_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    record.id,
    record.taskId,
    record.kind,
    record.targetId,
    record.label ?? null,
    record.author,
    record.reason,
    JSON.stringify(record.changes),
    record.createdAt,
  );
  for (const s of samples) {
    // A later label for the same edge replaces the earlier one; the backend's own judgement stays as first recorded.
    db.run(
      `INSERT INTO calibration_samples (edge_id, task_id, feedback_id, backend, predicted, confidence, label, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (edge_id) DO UPDATE SET feedback_id = excluded.feedback_id, label = excluded.label, created_at = excluded.created_at`,
      s.edgeId,
      s.taskId,
      s.feedbackId,
      s.backend,
      s.predicted,
      s.confidence,
      s.label,
      s.createdAt,
    );
  }
}

export function listFeedback(db: Db, options: { taskId?: string; targetId?: string } = {}): FeedbackRecord[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.taskId !== undefined) {
    where.push('task_id = ?');
    params.push(options.taskId);
  }
  if (options.targetId !== undefined) {
    where.push('target_id = ?');
    params.push(options.targetId);
  }
  const sql = `SELECT * FROM feedback ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, rowid`;
  return db.all<FeedbackRow>(sql, ...params).map(feedbackFromRow);
}

interface SampleRow {
  edge_id: string;
  task_id: string;
  feedback_id: string;
  backend: string;
  predicted: string;
  confidence: number;
  label: string;
  created_at: string;
}

function sampleFromRow(r: SampleRow): CalibrationSample {
  return {
    edgeId: r.edge_id,
    taskId: r.task_id,
    feedbackId: r.feedback_id,
    backend: r.backend,
    predicted: r.predicted as Stance,
    confidence: r.confidence,
    label: r.label as Stance,
    createdAt: r.created_at,
  };
}

export function getCalibrationSample(db: Db, edgeId: string): CalibrationSample | undefined {
  const r = db.get<SampleRow>('SELECT * FROM calibration_samples WHERE edge_id = ?', edgeId);
  return r ? sampleFromRow(r) : undefined;
}

export function listCalibrationSamples(db: Db, options: { backend?: string } = {}): CalibrationSample[] {
  const rows =
    options.backend === undefined
      ? db.all<SampleRow>('SELECT * FROM calibration_samples ORDER BY backend, created_at, edge_id')
      : db.all<SampleRow>('SELECT * FROM calibration_samples WHERE backend = ? ORDER BY created_at, edge_id', options.backend);
  return rows.map(sampleFromRow);
}

interface CalibrationRow {
  backend: string;
  version: number;
  method: string;
  params_json: string;
  samples: number;
  metrics_json: string;
  created_at: string;
}

function calibrationFromRow(r: CalibrationRow): CalibrationVersion {
  const where = `calibrations (${r.backend}, ${r.version})`;
  return {
    backend: r.backend,
    version: r.version,
    method: r.method as CalibrationVersion['method'],
    params: parseJson<CalibrationVersion['params']>(r.params_json, where),
    samples: r.samples,
    metrics: parseJson<CalibrationVersion['metrics']>(r.metrics_json, where),
    createdAt: r.created_at,
  };
}

export function addCalibration(db: Db, v: Omit<CalibrationVersion, 'version'>): CalibrationVersion {
  const last = db.get<{ n: number | null }>('SELECT MAX(version) AS n FROM calibrations WHERE backend = ?', v.backend)?.n ?? 0;
  const stored: CalibrationVersion = { ...v, version: last + 1 };
  db.run(
    'INSERT INTO calibrations (backend, version, method, params_json, samples, metrics_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    stored.backend,
    stored.version,
    stored.method,
    JSON.stringify(stored.params),
    stored.samples,
    JSON.stringify(stored.metrics),
    stored.createdAt,
  );
  setActiveCalibration(db, stored.backend, stored.version);
  return stored;
}

export function listCalibrations(db: Db, backend?: string): CalibrationVersion[] {
  const rows =
    backend === undefined
      ? db.all<CalibrationRow>('SELECT * FROM calibrations ORDER BY backend, version')
      : db.all<CalibrationRow>('SELECT * FROM calibrations WHERE backend = ? ORDER BY version', backend);
  return rows.map(calibrationFromRow);
}

export function getActiveCalibration(db: Db, backend: string): CalibrationVersion | undefined {
  const r = db.get<CalibrationRow>(
    'SELECT c.* FROM calibration_active a JOIN calibrations c ON c.backend = a.backend AND c.version = a.version WHERE a.backend = ?',
    backend,
  );
  return r ? calibrationFromRow(r) : undefined;
}

export function setActiveCalibration(db: Db, backend: string, version: number): void {
  if (version !== 0 && !db.get('SELECT 1 FROM calibrations WHERE backend = ? AND version = ?', backend, version)) {
    throw new InvalidInputError(`store: no calibration version ${version} for stance backend ${backend}`, {
      code: 'calibration_not_found',
      details: { backend, version },
    });
  }
  db.run(
    `INSERT INTO calibration_active (backend, version, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (backend) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at`,
    backend,
    version,
    new Date().toISOString(),
  );
}
