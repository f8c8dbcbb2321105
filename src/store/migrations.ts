// Versioned schema migrations. Each migration runs in one transaction with its row in
// schema_migrations, so a process killed mid-migration leaves the previous version intact.
import type Database from 'better-sqlite3';
import { NonRetryableError } from '../core/index.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Columns holding "no task" use '' rather than NULL so UNIQUE constraints apply to them.
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'evidence graph',
    sql: `
CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  question TEXT NOT NULL,
  status TEXT NOT NULL,
  budget_json TEXT NOT NULL,
  language TEXT,
  priority_domains_json TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  stopped_at TEXT,
  stop_reason TEXT,
  config_snapshot_json TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE queries (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  text TEXT NOT NULL,
  mode TEXT NOT NULL,
  origin TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  metrics_json TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX queries_task ON queries(task_id, seq);
CREATE TABLE pages (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL,
  domain TEXT NOT NULL,
  title TEXT,
  source_type TEXT NOT NULL,
  fetch_status TEXT NOT NULL,
  fetched_at TEXT,
  content_hash TEXT,
  published_at TEXT,
  authors_json TEXT NOT NULL DEFAULT '[]',
  organization TEXT,
  doi TEXT, pmid TEXT, arxiv TEXT, s2 TEXT, openalex TEXT,
  abstract_only INTEGER NOT NULL DEFAULT 0,
  trust_level TEXT NOT NULL,
  extra_json TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  UNIQUE (task_id, url)
);
CREATE INDEX pages_doi ON pages(task_id, doi) WHERE doi IS NOT NULL;
CREATE INDEX pages_pmid ON pages(task_id, pmid) WHERE pmid IS NOT NULL;
CREATE INDEX pages_arxiv ON pages(task_id, arxiv) WHERE arxiv IS NOT NULL;
CREATE TABLE fragments (
  id TEXT PRIMARY KEY,
  page_id TEXT NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  text TEXT NOT NULL,
  locator_json TEXT NOT NULL DEFAULT '{}',
  quotable INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX fragments_page ON fragments(page_id, seq);
CREATE TABLE claims (
  task_id TEXT NOT NULL DEFAULT '',
  id TEXT NOT NULL,
  statement TEXT NOT NULL,
  slots_json TEXT NOT NULL DEFAULT '{}',
  scope TEXT,
  decision_relevance TEXT NOT NULL,
  status TEXT,
  confidence REAL,
  rationale TEXT,
  conditions_json TEXT NOT NULL DEFAULT '[]',
  relaxation_reason TEXT,
  extra_json TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  PRIMARY KEY (task_id, id)
);
CREATE TABLE edges (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL,
  -- natural key: one edge per (kind, endpoints), so a resumed run never duplicates an edge
  natural_key TEXT NOT NULL,
  body_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (task_id, natural_key)
);
CREATE INDEX edges_task_kind ON edges(task_id, kind);
CREATE TABLE domain_states (
  domain TEXT PRIMARY KEY,
  trust_level TEXT NOT NULL,
  origin TEXT NOT NULL,
  original_trust_level TEXT NOT NULL,
  blocked_at TEXT,
  reason TEXT,
  causing_claims_json TEXT NOT NULL DEFAULT '[]',
  accepted_count INTEGER NOT NULL DEFAULT 0,
  rejected_count INTEGER NOT NULL DEFAULT 0,
  can_restore INTEGER NOT NULL DEFAULT 1,
  restore_via TEXT,
  updated_at TEXT NOT NULL
);
CREATE TABLE checkpoints (
  task_id TEXT NOT NULL,
  step_key TEXT NOT NULL,
  payload_json TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (task_id, step_key)
);
CREATE TABLE auth_queue (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL,
  domain TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  detail TEXT,
  created_at TEXT NOT NULL,
  resolved_at TEXT
);
CREATE INDEX auth_queue_status ON auth_queue(status, created_at);
CREATE TABLE corpora (
  name TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE corpus_docs (
  rowid INTEGER PRIMARY KEY,
  corpus TEXT NOT NULL REFERENCES corpora(name) ON DELETE CASCADE,
  doc_id TEXT NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  url TEXT,
  published_at TEXT,
  origin TEXT,
  content_hash TEXT NOT NULL,
  UNIQUE (corpus, doc_id)
);
-- Holds the prepared text (CJK bigrams, see fts-text.ts); rowid = corpus_docs.rowid.
CREATE VIRTUAL TABLE corpus_fts USING fts5(title, body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');
`,
  },
  {
    version: 2,
    name: 'corpus trust level, per-task domain contributions',
    sql: `
-- Trust level given to documents of a corpus that have no URL of their own (NULL: the default policy).
ALTER TABLE corpora ADD COLUMN trust_level TEXT;
-- What one task's evidence says about a domain (L6 inputs). Recomputed per task, summed per domain,
-- so re-running a task's graph step never double-counts.
CREATE TABLE domain_contributions (
  task_id TEXT NOT NULL,
  domain TEXT NOT NULL,
  accepted INTEGER NOT NULL DEFAULT 0,
  rejected INTEGER NOT NULL DEFAULT 0,
  causing_claims_json TEXT NOT NULL DEFAULT '[]',
  updated_at TEXT NOT NULL,
  PRIMARY KEY (task_id, domain)
);
`,
  },
  {
    version: 3,
    name: 'feedback corrections and stance calibration',
    sql: `
-- Corrections made by a person or an MCP client (who, when, why) and the edges each one changed.
CREATE TABLE feedback (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  target_id TEXT NOT NULL,
  label TEXT,
  author TEXT NOT NULL,
  reason TEXT NOT NULL,
  changes_json TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
);
CREATE INDEX feedback_task ON feedback(task_id, created_at);
CREATE INDEX feedback_target ON feedback(target_id);
-- One sample per stance edge: the backend's raw judgement against the latest human label.
CREATE TABLE calibration_samples (
  edge_id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL,
  feedback_id TEXT NOT NULL,
  backend TEXT NOT NULL,
  predicted TEXT NOT NULL,
  confidence REAL NOT NULL,
  label TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX calibration_samples_backend ON calibration_samples(backend, created_at);
-- Fitted calibrations, versioned per backend; calibration_active points at the one in force.
CREATE TABLE calibrations (
  backend TEXT NOT NULL,
  version INTEGER NOT NULL,
  method TEXT NOT NULL,
  params_json TEXT NOT NULL,
  samples INTEGER NOT NULL,
  metrics_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (backend, version)
);
CREATE TABLE calibration_active (
  backend TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
`,
  },
  {
    version: 4,
    name: 'query errors as data',
    sql: `
-- A failed query's error as {category, code, message} (JSON), so nothing reads it back out of last_error.
ALTER TABLE queries ADD COLUMN error_json TEXT;
-- Rows written before: last_error was "category: message"; the category is split off once, here.
UPDATE queries SET error_json = CASE
  WHEN substr(last_error, 1, instr(last_error, ': ') - 1) IN ('retryable', 'non_retryable', 'invalid_input', 'blocked')
    THEN json_object('category', substr(last_error, 1, instr(last_error, ': ') - 1), 'code', 'query_failed', 'message', substr(last_error, instr(last_error, ': ') + 2))
  ELSE json_object('category', 'retryable', 'code', 'query_failed', 'message', last_error) END
WHERE status = 'failed' AND last_error IS NOT NULL;
`,
  },
  {
    version: 5,
    name: 'claim status axes as data',
    sql: `
-- The axes a claim's status was decided on (E/C/A/R/T, refutation, independent support, high-trust
-- contest) as JSON, so nothing reads them back out of the rationale. Claims written before keep NULL
-- until the next recompute of their task writes them.
ALTER TABLE claims ADD COLUMN axes_json TEXT;
`,
  },
  {
    version: 6,
    name: 'task kind',
    sql: `
-- What a task was made for: 'research' or 'verify' (a verify task's other claims are side claims, kept
-- out of its counts). Tasks written before keep NULL and read as research.
ALTER TABLE tasks ADD COLUMN kind TEXT;
`,
  },
  {
    version: 7,
    name: 'corpus document fields',
    sql: `
-- A corpus document's other columns (a CSV row's columns besides its id, title, text, URL and date) as a
-- JSON object of strings; authors, DOI and publisher among them reach the page and its exports.
ALTER TABLE corpus_docs ADD COLUMN fields_json TEXT;
`,
  },
  {
    version: 8,
    name: 'query client key',
    sql: `
-- The caller's own id for a search (a research run's entry key), so a resumed run finds the searches it
-- issued before a kill by that id, not by matching their text. Queries written before keep NULL.
ALTER TABLE queries ADD COLUMN client_key TEXT;
`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Applies pending migrations; refuses a database written by a newer Lyra. Returns the versions applied. */
export function migrate(db: Database.Database, path: string): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  const current = row.v ?? 0;
  if (current > SCHEMA_VERSION) {
    throw new NonRetryableError(`store ${path}: schema version ${current} is newer than this Lyra supports (${SCHEMA_VERSION}); upgrade Lyra`, {
      code: 'store_schema_newer',
      details: { path, version: current, supported: SCHEMA_VERSION },
    });
  }
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    })();
    applied.push(m.version);
  }
  return applied;
}
