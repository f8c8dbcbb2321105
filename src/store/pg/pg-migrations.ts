// Schema migrations of the PostgreSQL store. Version 1 is the SQLite store's schema at its version 5
// in PostgreSQL types: TEXT COLLATE "C" (byte order, as SQLite sorts), BIGINT, DOUBLE PRECISION, a
// `rowid` BIGSERIAL where insertion order breaks ties, and the corpus index as a tsvector with a GIN
// index instead of FTS5. Workers migrating at once queue on an advisory lock; a database written by a
// newer Lyra is refused.
import { NonRetryableError } from '../../core/index.js';
import type { Migration } from '../migrations.js';
import type { PgDb } from './pg-db.js';

/** Advisory lock key held while migrating (distinct from the write lock). */
const MIGRATE_LOCK_KEY = 0x4c796d67;

export const PG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'evidence graph (SQLite schema 5)',
    sql: `
CREATE TABLE tasks (
  id TEXT COLLATE "C" PRIMARY KEY,
  question TEXT COLLATE "C" NOT NULL,
  status TEXT COLLATE "C" NOT NULL,
  budget_json TEXT COLLATE "C" NOT NULL,
  language TEXT COLLATE "C",
  priority_domains_json TEXT COLLATE "C" NOT NULL DEFAULT '[]',
  created_at TEXT COLLATE "C" NOT NULL,
  stopped_at TEXT COLLATE "C",
  stop_reason TEXT COLLATE "C",
  config_snapshot_json TEXT COLLATE "C" NOT NULL DEFAULT '{}'
);
CREATE TABLE queries (
  id TEXT COLLATE "C" PRIMARY KEY,
  task_id TEXT COLLATE "C" NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  seq BIGINT NOT NULL,
  text TEXT COLLATE "C" NOT NULL,
  mode TEXT COLLATE "C" NOT NULL,
  origin TEXT COLLATE "C" NOT NULL,
  status TEXT COLLATE "C" NOT NULL,
  attempts BIGINT NOT NULL DEFAULT 0,
  last_error TEXT COLLATE "C",
  error_json TEXT COLLATE "C",
  metrics_json TEXT COLLATE "C" NOT NULL DEFAULT '{}',
  created_at TEXT COLLATE "C" NOT NULL,
  finished_at TEXT COLLATE "C"
);
CREATE INDEX queries_task ON queries(task_id, seq);
CREATE TABLE pages (
  rowid BIGSERIAL,
  id TEXT COLLATE "C" PRIMARY KEY,
  task_id TEXT COLLATE "C" NOT NULL DEFAULT '',
  url TEXT COLLATE "C" NOT NULL,
  domain TEXT COLLATE "C" NOT NULL,
  title TEXT COLLATE "C",
  source_type TEXT COLLATE "C" NOT NULL,
  fetch_status TEXT COLLATE "C" NOT NULL,
  fetched_at TEXT COLLATE "C",
  content_hash TEXT COLLATE "C",
  published_at TEXT COLLATE "C",
  authors_json TEXT COLLATE "C" NOT NULL DEFAULT '[]',
  organization TEXT COLLATE "C",
  doi TEXT COLLATE "C", pmid TEXT COLLATE "C", arxiv TEXT COLLATE "C", s2 TEXT COLLATE "C", openalex TEXT COLLATE "C",
  abstract_only BIGINT NOT NULL DEFAULT 0,
  trust_level TEXT COLLATE "C" NOT NULL,
  extra_json TEXT COLLATE "C" NOT NULL DEFAULT '{}',
  created_at TEXT COLLATE "C" NOT NULL,
  UNIQUE (task_id, url)
);
CREATE INDEX pages_doi ON pages(task_id, doi) WHERE doi IS NOT NULL;
CREATE INDEX pages_pmid ON pages(task_id, pmid) WHERE pmid IS NOT NULL;
CREATE INDEX pages_arxiv ON pages(task_id, arxiv) WHERE arxiv IS NOT NULL;
CREATE TABLE fragments (
  id TEXT COLLATE "C" PRIMARY KEY,
  page_id TEXT COLLATE "C" NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  seq BIGINT NOT NULL,
  text TEXT COLLATE "C" NOT NULL,
  locator_json TEXT COLLATE "C" NOT NULL DEFAULT '{}',
  quotable BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX fragments_page ON fragments(page_id, seq);
CREATE TABLE claims (
  rowid BIGSERIAL,
  task_id TEXT COLLATE "C" NOT NULL DEFAULT '',
  id TEXT COLLATE "C" NOT NULL,
  statement TEXT COLLATE "C" NOT NULL,
  slots_json TEXT COLLATE "C" NOT NULL DEFAULT '{}',
  scope TEXT COLLATE "C",
  decision_relevance TEXT COLLATE "C" NOT NULL,
  status TEXT COLLATE "C",
  confidence DOUBLE PRECISION,
  rationale TEXT COLLATE "C",
  axes_json TEXT COLLATE "C",
  conditions_json TEXT COLLATE "C" NOT NULL DEFAULT '[]',
  relaxation_reason TEXT COLLATE "C",
  extra_json TEXT COLLATE "C" NOT NULL DEFAULT '{}',
  created_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (task_id, id)
);
CREATE TABLE edges (
  rowid BIGSERIAL,
  id TEXT COLLATE "C" PRIMARY KEY,
  task_id TEXT COLLATE "C" NOT NULL DEFAULT '',
  kind TEXT COLLATE "C" NOT NULL,
  -- natural key: one edge per (kind, endpoints), so a resumed run never duplicates an edge
  natural_key TEXT COLLATE "C" NOT NULL,
  body_json TEXT COLLATE "C" NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  UNIQUE (task_id, natural_key)
);
CREATE INDEX edges_task_kind ON edges(task_id, kind);
CREATE TABLE domain_states (
  domain TEXT COLLATE "C" PRIMARY KEY,
  trust_level TEXT COLLATE "C" NOT NULL,
  origin TEXT COLLATE "C" NOT NULL,
  original_trust_level TEXT COLLATE "C" NOT NULL,
  blocked_at TEXT COLLATE "C",
  reason TEXT COLLATE "C",
  causing_claims_json TEXT COLLATE "C" NOT NULL DEFAULT '[]',
  accepted_count BIGINT NOT NULL DEFAULT 0,
  rejected_count BIGINT NOT NULL DEFAULT 0,
  can_restore BIGINT NOT NULL DEFAULT 1,
  restore_via TEXT COLLATE "C",
  updated_at TEXT COLLATE "C" NOT NULL
);
CREATE TABLE checkpoints (
  task_id TEXT COLLATE "C" NOT NULL,
  step_key TEXT COLLATE "C" NOT NULL,
  payload_json TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (task_id, step_key)
);
CREATE TABLE auth_queue (
  id TEXT COLLATE "C" PRIMARY KEY,
  task_id TEXT COLLATE "C" NOT NULL DEFAULT '',
  url TEXT COLLATE "C" NOT NULL,
  domain TEXT COLLATE "C" NOT NULL,
  kind TEXT COLLATE "C" NOT NULL,
  status TEXT COLLATE "C" NOT NULL,
  detail TEXT COLLATE "C",
  created_at TEXT COLLATE "C" NOT NULL,
  resolved_at TEXT COLLATE "C"
);
CREATE INDEX auth_queue_status ON auth_queue(status, created_at);
CREATE TABLE corpora (
  name TEXT COLLATE "C" PRIMARY KEY,
  trust_level TEXT COLLATE "C",
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);
CREATE TABLE corpus_docs (
  rowid BIGSERIAL PRIMARY KEY,
  corpus TEXT COLLATE "C" NOT NULL REFERENCES corpora(name) ON DELETE CASCADE,
  doc_id TEXT COLLATE "C" NOT NULL,
  title TEXT COLLATE "C" NOT NULL,
  text TEXT COLLATE "C" NOT NULL,
  url TEXT COLLATE "C",
  published_at TEXT COLLATE "C",
  origin TEXT COLLATE "C",
  content_hash TEXT COLLATE "C" NOT NULL,
  -- title (weight A) and body (weight D) of the prepared text (CJK bigrams, fts-text.ts)
  tsv tsvector NOT NULL DEFAULT '',
  UNIQUE (corpus, doc_id)
);
CREATE INDEX corpus_docs_tsv ON corpus_docs USING GIN (tsv);
-- Documents per lexeme over the whole index (the re-rank's idf), kept with every add and remove.
CREATE TABLE corpus_terms (
  term TEXT COLLATE "C" PRIMARY KEY,
  df BIGINT NOT NULL
);

-- Trust level given to documents of a corpus that have no URL of their own (NULL: the default policy).
-- What one task's evidence says about a domain (L6 inputs). Recomputed per task, summed per domain,
-- so re-running a task's graph step never double-counts.
CREATE TABLE domain_contributions (
  task_id TEXT COLLATE "C" NOT NULL,
  domain TEXT COLLATE "C" NOT NULL,
  accepted BIGINT NOT NULL DEFAULT 0,
  rejected BIGINT NOT NULL DEFAULT 0,
  causing_claims_json TEXT COLLATE "C" NOT NULL DEFAULT '[]',
  updated_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (task_id, domain)
);

-- Corrections made by a person or an MCP client (who, when, why) and the edges each one changed.
CREATE TABLE feedback (
  rowid BIGSERIAL,
  id TEXT COLLATE "C" PRIMARY KEY,
  task_id TEXT COLLATE "C" NOT NULL,
  kind TEXT COLLATE "C" NOT NULL,
  target_id TEXT COLLATE "C" NOT NULL,
  label TEXT COLLATE "C",
  author TEXT COLLATE "C" NOT NULL,
  reason TEXT COLLATE "C" NOT NULL,
  changes_json TEXT COLLATE "C" NOT NULL DEFAULT '[]',
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX feedback_task ON feedback(task_id, created_at);
CREATE INDEX feedback_target ON feedback(target_id);
-- One sample per stance edge: the backend's raw judgement against the latest human label.
CREATE TABLE calibration_samples (
  edge_id TEXT COLLATE "C" PRIMARY KEY,
  task_id TEXT COLLATE "C" NOT NULL,
  feedback_id TEXT COLLATE "C" NOT NULL,
  backend TEXT COLLATE "C" NOT NULL,
  predicted TEXT COLLATE "C" NOT NULL,
  confidence DOUBLE PRECISION NOT NULL,
  label TEXT COLLATE "C" NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX calibration_samples_backend ON calibration_samples(backend, created_at);
-- Fitted calibrations, versioned per backend; calibration_active points at the one in force.
CREATE TABLE calibrations (
  backend TEXT COLLATE "C" NOT NULL,
  version BIGINT NOT NULL,
  method TEXT COLLATE "C" NOT NULL,
  params_json TEXT COLLATE "C" NOT NULL,
  samples BIGINT NOT NULL,
  metrics_json TEXT COLLATE "C" NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (backend, version)
);
CREATE TABLE calibration_active (
  backend TEXT COLLATE "C" PRIMARY KEY,
  version BIGINT NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);

-- A failed query's error as {category, code, message} (JSON), so nothing reads it back out of last_error.

-- The axes a claim's status was decided on (E/C/A/R/T, refutation, independent support, high-trust
-- contest) as JSON, so nothing reads them back out of the rationale. Claims written before keep NULL
-- until the next recompute of their task writes them.
-- Bumped by every write transaction: other connections poll it (Store.dataVersion).
CREATE SEQUENCE lyra_changes;
`,
  },
  {
    version: 2,
    name: 'task kind (SQLite schema 6)',
    sql: `
-- What a task was made for: 'research' or 'verify' (a verify task's other claims are side claims, kept
-- out of its counts). Tasks written before keep NULL and read as research.
ALTER TABLE tasks ADD COLUMN kind TEXT COLLATE "C";
`,
  },
  {
    version: 3,
    name: 'corpus document fields (SQLite schema 7)',
    sql: `
-- A corpus document's other columns (a CSV row's columns besides its id, title, text, URL and date) as a
-- JSON object of strings; authors, DOI and publisher among them reach the page and its exports.
ALTER TABLE corpus_docs ADD COLUMN fields_json TEXT COLLATE "C";
`,
  },
  {
    version: 4,
    name: 'query client key (SQLite schema 8)',
    sql: `
-- The caller's own id for a search (a research run's entry key), so a resumed run finds the searches it
-- issued before a kill by that id, not by matching their text. Queries written before keep NULL.
ALTER TABLE queries ADD COLUMN client_key TEXT COLLATE "C";
`,
  },
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS[PG_MIGRATIONS.length - 1]!.version;

/** The schema version stored in the database, 0 when it has none (a new database). */
export function pgSchemaVersion(db: PgDb): number {
  const exists = db.get<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t")?.t;
  if (!exists) return 0;
  return db.get<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations')?.v ?? 0;
}

/** Applies pending migrations; returns the versions applied. */
export function migratePg(db: PgDb): number[] {
  const applied: number[] = [];
  db.transaction(() => {
    db.exec(`SELECT pg_advisory_xact_lock(${MIGRATE_LOCK_KEY})`);
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const current = pgSchemaVersion(db);
    if (current > PG_SCHEMA_VERSION) {
      throw new NonRetryableError(`store ${db.path}: schema version ${current} is newer than this Lyra supports (${PG_SCHEMA_VERSION}); upgrade Lyra`, {
        code: 'store_schema_newer',
        details: { url: db.path, version: current, supported: PG_SCHEMA_VERSION },
      });
    }
    for (const m of PG_MIGRATIONS) {
      if (m.version <= current) continue;
      db.exec(m.sql);
      db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', m.version, m.name, new Date().toISOString());
      applied.push(m.version);
    }
  });
  return applied;
}
