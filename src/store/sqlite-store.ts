// The embedded Store: one SQLite file (better-sqlite3) in WAL mode. Every public write runs in a
// transaction, so a process killed at any point leaves either the whole write or none of it.
import Database from 'better-sqlite3';
import { NonRetryableError, type Store } from '../core/index.js';
import * as corpus from './corpus-tables.js';
import { Db } from './db.js';
import * as feedback from './feedback-tables.js';
import * as graph from './graph-tables.js';
import { migrate } from './migrations.js';
import * as tasks from './task-tables.js';
import * as counts from './task-counts.js';
import * as verification from './verification-tables.js';

export interface OpenStoreOptions {
  /** Database file, or ':memory:' for tests. */
  path: string;
  /** Open without writing (no migrations); fails when the schema is missing. */
  readonly?: boolean;
  /** How long a writer waits for another process's lock, in ms (default 5000). */
  busyTimeoutMs?: number;
}

export type SqliteStore = Store & {
  readonly path: string;
  /** `PRAGMA integrity_check` result: 'ok' when the file is sound. */
  integrityCheck(): string;
};

export function openStore(options: OpenStoreOptions): SqliteStore {
  let raw: Database.Database;
  try {
    raw = new Database(options.path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  } catch (cause) {
    throw new NonRetryableError(`store: cannot open ${options.path}: ${(cause as Error).message}`, {
      code: 'store_open_failed',
      details: { path: options.path },
      cause,
    });
  }
  raw.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  raw.pragma('foreign_keys = ON');
  if (!options.readonly) {
    raw.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives a killed process (not a power cut) and keeps commits fast.
    raw.pragma('synchronous = NORMAL');
    migrate(raw, options.path);
  }
  const db = new Db(raw, options.path);
  // Writes go through tx(): nested calls join the outer transaction (better-sqlite3 uses savepoints).
  const tx =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R =>
      raw.transaction(() => fn(...args))();

  const store: SqliteStore = {
    path: options.path,
    transaction: <T>(fn: () => T): T => raw.transaction(fn)(),
    close: () => {
      if (raw.open) raw.close();
    },
    integrityCheck: () => String(raw.pragma('integrity_check', { simple: true })),
    dataVersion: () => Number(raw.pragma('data_version', { simple: true })),

    createTask: tx((task) => tasks.createTask(db, task)),
    getTask: (id) => tasks.getTask(db, id),
    updateTask: tx((id, patch) => tasks.updateTask(db, id, patch)),
    listTasks: () => tasks.listTasks(db),
    taskCounts: (taskId) => counts.taskCounts(db, taskId),

    insertQuery: tx((q) => tasks.insertQuery(db, q)),
    updateQuery: tx((id, patch) => tasks.updateQuery(db, id, patch)),
    getQuery: (id) => tasks.getQuery(db, id),
    listQueries: (taskId) => tasks.listQueries(db, taskId),

    upsertPage: tx((page) => graph.upsertPage(db, page)),
    updatePage: tx((id, patch) => graph.updatePage(db, id, patch)),
    getPage: (id) => graph.getPage(db, id),
    findPageByUrl: (taskId, url) => graph.findPageByUrl(db, taskId, url),
    findPageByIdentifier: (taskId, kind, value) => graph.findPageByIdentifier(db, taskId, kind, value),
    listPages: (taskId) => graph.listPages(db, taskId),

    insertFragments: tx((fragments) => graph.insertFragments(db, fragments)),
    getFragment: (id) => graph.getFragment(db, id),
    listFragments: (pageId) => graph.listFragments(db, pageId),
    listTaskFragments: (taskId) => graph.listTaskFragments(db, taskId),

    upsertClaim: tx((claim) => graph.upsertClaim(db, claim)),
    updateClaim: tx((taskId, id, patch) => graph.updateClaim(db, taskId, id, patch)),
    getClaim: (taskId, id) => graph.getClaim(db, taskId, id),
    listClaims: (taskId) => graph.listClaims(db, taskId),

    insertEdge: tx((edge) => graph.insertEdge(db, edge)),
    replaceEdge: tx((edge) => graph.replaceEdge(db, edge)),
    getEdge: (id) => graph.getEdge(db, id),
    listEdges: (taskId, kind) => graph.listEdges(db, taskId, kind),

    getDomainState: (domain) => graph.getDomainState(db, domain),
    upsertDomainState: tx((state) => graph.upsertDomainState(db, state)),
    listDomainStates: (options) => graph.listDomainStates(db, options),
    replaceDomainContributions: tx((taskId, rows) => verification.replaceDomainContributions(db, taskId, rows)),
    domainContributionTotals: (domain) => verification.domainContributionTotals(db, domain),

    saveCheckpoint: tx((taskId, stepKey, payload) => tasks.saveCheckpoint(db, taskId, stepKey, payload)),
    loadCheckpoint: (taskId, stepKey) => tasks.loadCheckpoint(db, taskId, stepKey),
    listCheckpoints: (taskId) => tasks.listCheckpoints(db, taskId),
    listCheckpointKeys: (taskId, prefix) => counts.listCheckpointKeys(db, taskId, prefix),

    enqueueAuth: tx((item) => tasks.enqueueAuth(db, item)),
    listAuth: (options) => tasks.listAuth(db, options),
    updateAuthStatus: tx((id, status) => tasks.updateAuthStatus(db, id, status)),

    upsertCorpusDocuments: tx((docs) => corpus.upsertCorpusDocuments(db, docs)),
    getCorpusDocumentHash: (name, id) => corpus.getCorpusDocumentHash(db, name, id),
    getCorpusDocument: (name, id) => corpus.getCorpusDocument(db, name, id),
    listCorpusDocumentIds: (name, origin) => corpus.listCorpusDocumentIds(db, name, origin),
    removeCorpusDocuments: tx((name, ids) => corpus.removeCorpusDocuments(db, name, ids)),
    searchCorpus: (query, opts) => corpus.searchCorpus(db, query, opts),
    listCorpora: () => corpus.listCorpora(db),
    setCorpusTrustLevel: tx((name, level) => corpus.setCorpusTrustLevel(db, name, level)),
    removeCorpus: tx((name) => corpus.removeCorpus(db, name)),

    insertFeedback: tx((record, samples) => feedback.insertFeedback(db, record, samples)),
    listFeedback: (options) => feedback.listFeedback(db, options),
    getCalibrationSample: (edgeId) => feedback.getCalibrationSample(db, edgeId),
    listCalibrationSamples: (options) => feedback.listCalibrationSamples(db, options),
    addCalibration: tx((version) => feedback.addCalibration(db, version)),
    listCalibrations: (backend) => feedback.listCalibrations(db, backend),
    getActiveCalibration: (backend) => feedback.getActiveCalibration(db, backend),
    setActiveCalibration: tx((backend, version) => feedback.setActiveCalibration(db, backend, version)),
  };
  return store;
}
