// The Store's methods over the shared tables, for any backend's connection: every write runs in the
// backend's transaction, so a process killed at any point leaves either the whole write or none of it.
import type { Store } from '../core/index.js';
import * as corpus from './corpus-tables.js';
import type { Db } from './db.js';
import * as feedback from './feedback-tables.js';
import * as graph from './graph-tables.js';
import * as tasks from './task-tables.js';
import * as counts from './task-counts.js';
import * as verification from './verification-tables.js';

/** What a backend adds to the tables: its transaction, closing, and its change counter. */
export type StoreBase = Pick<Store, 'transaction' | 'close' | 'dataVersion'>;

export function storeOverTables(db: Db, base: StoreBase): Store {
  // Nested calls join the outer transaction (both backends use savepoints).
  const tx =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R =>
      base.transaction(() => fn(...args));
  return {
    ...base,
    createTask: tx((task) => tasks.createTask(db, task)),
    getTask: (id) => tasks.getTask(db, id),
    updateTask: tx((id, patch) => tasks.updateTask(db, id, patch)),
    setTaskStatusIf: tx((id, from, to) => tasks.setTaskStatusIf(db, id, from, to)),
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
}
