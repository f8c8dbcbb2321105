// Persistence of the evidence graph. The embedded implementation is SQLite (store/), whose calls
// are synchronous and short; the interface is synchronous to keep transactions simple and atomic.
import type { AuthItem, Checkpoint, Claim, DomainState, Edge, Fragment, Page, Query, Task } from '../entities.js';
import type { AuthStatus, EdgeKind, Stance, TrustLevel } from '../enums.js';
import type { z } from 'zod';
import type { calibrationVersionSchema, FEEDBACK_KINDS, feedbackEdgeChangeSchema, feedbackRecordSchema } from '../schemas/feedback.js';

/** One task's L6 evidence about a domain: contributions accepted and rejected, and the claims that rejected it. */
export interface DomainContribution {
  domain: string;
  accepted: number;
  rejected: number;
  causingClaimIds: string[];
}

export interface CorpusDocument {
  corpus: string;
  /** Document id, unique within the corpus. */
  id: string;
  title: string;
  text: string;
  url?: string;
  publishedAt?: string;
  /**
   * The record's other columns (a CSV row's besides id, title, text, URL and date), by column name.
   * `authors`/`author`, `doi`, `pmid`, `arxiv` and `publisher` become the page's bibliographic details.
   */
  fields?: Record<string, string>;
  /** Source file path or origin, for re-ingest. */
  origin?: string;
  /** Hash of the source content: unchanged files are skipped on re-add. */
  contentHash: string;
}

export interface CorpusHit {
  corpus: string;
  id: string;
  title: string;
  url?: string;
  snippet: string;
  /** The title and the opening of the text (store/ CORPUS_LEAD_CHARS in all): what a sentence encoder reads of the document. */
  lead: string;
  /**
   * The opening of the text (store/ CORPUS_PASSAGES_CHARS), the title left out: what corpus search cuts into
   * passages for the encoder when the lead alone is more than it reads.
   */
  text: string;
  /** BM25-derived score, higher is better. */
  score: number;
}

export interface CorpusInfo {
  name: string;
  documents: number;
  /** Trust level of the corpus's documents without a URL of their own; undefined: the default policy. */
  trustLevel?: TrustLevel;
  createdAt: string;
  updatedAt: string;
}

/** What a feedback correction is about (MCP `feedback`, seed 002: the person or client judges, Lyra records). */
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** One stance edge a correction changed (or confirmed: `from` equal to `to`). */
export type FeedbackEdgeChange = z.infer<typeof feedbackEdgeChangeSchema>;

/** A correction with who made it, when and why, and what it changed in the graph. */
export type FeedbackRecord = z.infer<typeof feedbackRecordSchema>;

/**
 * A calibration sample: a stance backend's own judgement of one edge against the label a person gave.
 * One sample per edge (a later correction relabels it); `confidence` is the backend's raw,
 * uncalibrated confidence of `predicted`.
 */
export interface CalibrationSample {
  edgeId: string;
  taskId: string;
  feedbackId: string;
  backend: string;
  predicted: Stance;
  confidence: number;
  label: Stance;
  createdAt: string;
}

/** A fitted calibration of a backend's confidences: p' = σ(a·logit(p) + b) (temperature: b = 0, a = 1/T). */
export type CalibrationVersion = z.infer<typeof calibrationVersionSchema>;

/** A task's rows counted by state (keys are the stored values; a claim without a status is `PENDING`). */
export interface TaskRowCounts {
  queries: Record<string, number>;
  pages: Record<string, number>;
  claims: Record<string, number>;
  edges: Record<string, number>;
  feedback: number;
}

export interface Store {
  /** Runs `fn` in one transaction: all of its writes land, or none. Nested calls join the outer one. */
  transaction<T>(fn: () => T): T;
  close(): void;
  /**
   * A number that changes whenever another connection (another process) commits to the store; this
   * connection's own writes leave it unchanged (SQLite `PRAGMA data_version`). Cheap: a poller reads it
   * to learn that something changed before reading anything else.
   */
  dataVersion(): number;

  createTask(task: Task): void;
  getTask(id: string): Task | undefined;
  updateTask(id: string, patch: Partial<Omit<Task, 'id'>>): Task;
  /**
   * Sets the task's status to `to` only while it is `from`, in one statement: true when it did. What two
   * processes may both decide (a worker marking a task completed while a person stops it) goes through it.
   */
  setTaskStatusIf(id: string, from: Task['status'], to: Task['status']): boolean;
  listTasks(): Task[];
  /** A task's queries, pages, claims and edges counted by state, and its feedback records, without reading the rows. */
  taskCounts(taskId: string): TaskRowCounts;

  insertQuery(query: Query): void;
  updateQuery(id: string, patch: Partial<Omit<Query, 'id' | 'taskId'>>): Query;
  getQuery(id: string): Query | undefined;
  listQueries(taskId: string): Query[];

  /** Inserts a page, or returns the existing page with the same task and normalized URL. */
  upsertPage(page: Page): Page;
  updatePage(id: string, patch: Partial<Omit<Page, 'id'>>): Page;
  getPage(id: string): Page | undefined;
  findPageByUrl(taskId: string | undefined, url: string): Page | undefined;
  findPageByIdentifier(taskId: string | undefined, kind: keyof Page['identifiers'], value: string): Page | undefined;
  listPages(taskId: string): Page[];

  /** Inserts fragments; ids already stored are left as they are (idempotent on resume). */
  insertFragments(fragments: Fragment[]): void;
  getFragment(id: string): Fragment | undefined;
  listFragments(pageId: string): Fragment[];
  listTaskFragments(taskId: string): Fragment[];

  /** Inserts a claim, or merges into the claim with the same task and id (conditions united). */
  upsertClaim(claim: Claim): Claim;
  updateClaim(taskId: string | undefined, id: string, patch: Partial<Omit<Claim, 'id' | 'taskId'>>): Claim;
  getClaim(taskId: string | undefined, id: string): Claim | undefined;
  listClaims(taskId: string): Claim[];

  /** Inserts an edge unless one with the same kind and endpoints exists; returns whether it was new. */
  insertEdge(edge: Edge): boolean;
  /** Replaces a stored edge's body (e.g. a feedback correction of its stance); endpoints must not change. */
  replaceEdge(edge: Edge): void;
  getEdge(id: string): Edge | undefined;
  listEdges(taskId: string, kind?: EdgeKind): Edge[];

  getDomainState(domain: string): DomainState | undefined;
  upsertDomainState(state: DomainState): void;
  listDomainStates(options?: { blockedOnly?: boolean }): DomainState[];
  /** Replaces one task's contributions (all domains) with `rows`. */
  replaceDomainContributions(taskId: string, rows: DomainContribution[]): void;
  /** Sums over every task, per domain (or for one domain). */
  domainContributionTotals(domain?: string): DomainContribution[];

  saveCheckpoint(taskId: string, stepKey: string, payload: unknown): void;
  loadCheckpoint(taskId: string, stepKey: string): Checkpoint | undefined;
  listCheckpoints(taskId: string): Checkpoint[];
  /** Keys (with their times) of a task's checkpoints that start with `prefix`, without reading the payloads. */
  listCheckpointKeys(taskId: string, prefix?: string): Array<{ stepKey: string; updatedAt: string }>;

  enqueueAuth(item: AuthItem): void;
  listAuth(options?: { taskId?: string; status?: AuthStatus }): AuthItem[];
  updateAuthStatus(id: string, status: AuthStatus): void;

  upsertCorpusDocuments(docs: CorpusDocument[]): { inserted: number; updated: number; unchanged: number };
  getCorpusDocumentHash(corpus: string, id: string): string | undefined;
  getCorpusDocument(corpus: string, id: string): CorpusDocument | undefined;
  /** Document ids of a corpus, optionally only those ingested from one origin (file). */
  listCorpusDocumentIds(corpus: string, origin?: string): string[];
  removeCorpusDocuments(corpus: string, ids: string[]): number;
  searchCorpus(query: string, options: { corpus?: string; limit: number }): CorpusHit[];
  listCorpora(): CorpusInfo[];
  /** Sets (or clears, with undefined) the trust level of a corpus's URL-less documents. */
  setCorpusTrustLevel(name: string, level: TrustLevel | undefined): void;
  removeCorpus(name: string): number;

  /** Stores a correction and its calibration samples in one transaction (a sample per edge: later labels replace earlier ones). */
  insertFeedback(record: FeedbackRecord, samples: CalibrationSample[]): void;
  listFeedback(options?: { taskId?: string; targetId?: string }): FeedbackRecord[];
  getCalibrationSample(edgeId: string): CalibrationSample | undefined;
  listCalibrationSamples(options?: { backend?: string }): CalibrationSample[];
  /** Stores a new calibration version (next number for the backend) and makes it the active one. */
  addCalibration(version: Omit<CalibrationVersion, 'version'>): CalibrationVersion;
  listCalibrations(backend?: string): CalibrationVersion[];
  /** The active calibration of a backend; undefined when none is (raw confidences). */
  getActiveCalibration(backend: string): CalibrationVersion | undefined;
  /** Makes a stored version active, or none with 0. */
  setActiveCalibration(backend: string, version: number): void;
}
