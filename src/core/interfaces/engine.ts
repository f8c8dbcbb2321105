// The engine API: what the CLI, the MCP server, the workflows and library users call. The pipeline
// implements it (pipeline/), app/ composes it from configuration (createEngine). Field names of the
// views are the JSON that MCP tools and `--json` print, so they are part of the public contract:
// add fields, never rename or drop one. The views MCP returns are inferred from their zod schemas
// (core/schemas/engine-views.ts), from which the MCP server derives its output schemas; the evidence read
// model that materials() answers from core/schemas/evidence-report.ts.
import type { z } from 'zod';
import type { StatusAxes, StoredError, Task } from '../entities.js';
import type { ClaimStatus, QueryOrigin, QueryStatus, TaskKind } from '../enums.js';
import type {
  blockedDomainInfoSchema,
  budgetViewSchema,
  claimSummarySchema,
  engineWarningSchema,
  searchOutcomeSchema,
  searchStateViewSchema,
  sourceViewSchema,
  taskStatusViewSchema,
  unreadSourceSchema,
} from '../schemas/engine-views.js';
import type { StanceJudgement, StancePair } from './models.js';
import type { MaterialsPage, MaterialsPageOptions } from './materials-page.js';
import type { contestedPairSchema, counterevidenceEntrySchema } from '../schemas/materials-page.js';
import type { queuedItemSchema } from '../schemas/auth-queue.js';
import type { citationViewSchema, claimMaterialSchema, evidenceViewSchema, materialsSchema } from '../schemas/evidence-report.js';

export interface BudgetInput {
  /** Pages fetched or registered for the task (default 100). */
  maxPages?: number;
  /** Queries run for the task, expansions included (default 50). */
  maxQueries?: number;
  /** Wall-clock seconds of work (default 1800). */
  maxSeconds?: number;
}

export interface CreateTaskInput {
  question: string;
  budget?: BudgetInput;
  /** Domains whose results are fetched first (never a trust change: trust lives in domains.yaml). */
  priorityDomains?: string[];
  /** `ja`, `en`…; default: detected from the question. */
  language?: string;
  /** Search providers for the task's queries (see SearchOptions.providers); default: every configured one. */
  providers?: string[];
  /** Default `research`; `verify` makes every claim but the question's own statement a side claim. */
  kind?: TaskKind;
}

export interface SearchOptions {
  /** Refute mode: the query is run as written and with the critique vocabulary appended (seed 002). */
  refute?: boolean;
  /**
   * Providers to ask: `corpus` (every local corpus) or `corpus:<name>`, `searxng`, `duckduckgo`, and the
   * scholarly sources `semantic_scholar`, `openalex`, `crossref`, `arxiv`, `pubmed`. Default: the task's.
   */
  providers?: string[];
  /** Pages this query may fetch or register at most (within the task budget). */
  maxPages?: number;
  /** Prefer primary sources: scholarly APIs are asked even for a non-academic query. */
  seekPrimary?: boolean;
  /** Who designed the query (default `client`). */
  origin?: QueryOrigin;
  /**
   * The caller's own id for this search, stored with the query and shown in `status().searches`: a
   * workflow resumed after a kill finds the searches it issued by it (never by their text).
   */
  clientKey?: string;
  signal?: AbortSignal;
}

/** A failure or a missing optional part, visible to the user: never swallowed, never a made-up result. */
export type EngineWarning = z.infer<typeof engineWarningSchema>;

export type BudgetView = z.infer<typeof budgetViewSchema>;

export type SourceView = z.infer<typeof sourceViewSchema>;

export type ClaimSummary = z.infer<typeof claimSummarySchema>;

export type SearchOutcome = z.infer<typeof searchOutcomeSchema>;

/** A page a search found but did not read, and why. */
export type UnreadSource = z.infer<typeof unreadSourceSchema>;

/** Whether a page of a task answers, as `checkSource` found it. */
export interface SourceReachability {
  source: SourceView;
  /** HTTP 2xx after redirects; a corpus document the store holds. */
  reachable: boolean;
  /** HTTP status of the answer; null for corpus documents and for failures with no answer (timeouts, robots.txt, BLOCKED domains). */
  httpStatus: number | null;
  /** `task`: the task's own reading of the page (its fetch, or its registration from a corpus); `check`: a `checkSource` fetch (or store lookup), this one or an earlier one. */
  from: 'task' | 'check';
  /** Why it is not reachable. */
  error?: StoredError;
  at: string;
}

/** A registered page's text as the engine extracted it (its fragments in document order). */
export interface SourceText {
  source: SourceView;
  /** Paragraphs separated by blank lines. */
  text: string;
}

/** Options of queued query targets (URLs and DOIs ignore them). */
export interface QueueOptions {
  /** Pages each query may fetch or register at most (within the task budget). */
  maxPages?: number;
  /** Scholarly APIs are asked even for a non-academic query. */
  seekPrimary?: boolean;
}

export type SearchTarget = { query: string; refute?: boolean; providers?: string[] } | { url: string } | { doi: string };

/** A target recorded as a query (core/schemas/auth-queue.ts). */
export type QueuedItem = z.infer<typeof queuedItemSchema>;

export type SearchStateView = z.infer<typeof searchStateViewSchema>;

/** A task's pages and claims, and each claim's supporting plus refuting edges (its origin included). */
export interface TaskCounts {
  pageIds: string[];
  evidence: Record<string, number>;
  totalClaims: number;
}

export type BlockedDomainInfo = z.infer<typeof blockedDomainInfoSchema>;

export type TaskStatusView = z.infer<typeof taskStatusViewSchema>;

export type EvidenceView = z.infer<typeof evidenceViewSchema>;

export type ClaimMaterial = z.infer<typeof claimMaterialSchema>;

export type ContestedPair = z.infer<typeof contestedPairSchema>;

export type CitationView = z.infer<typeof citationViewSchema>;

/** Seed 001's counterevidence_log entry. */
export type CounterevidenceEntry = z.infer<typeof counterevidenceEntrySchema>;

/** Neutral passages a claim's `closest` lists unless MaterialsOptions.closestLimit says otherwise (and `lyra verify` shows). */
export const MAX_CLOSEST_PASSAGES = 3;
/** The most `closest` passages a claim may be given (MaterialsOptions.closestLimit). */
export const MAX_CLOSEST_LIMIT = 32;
/** The most claim ids one materials call may ask `closest` passages for (MaterialsOptions.closestFor). */
export const MAX_CLOSEST_CLAIMS = 100;

export interface MaterialsOptions {
  includeGraph?: boolean;
  offset?: number;
  limit?: number;
  /**
   * `limit` may exceed MAX_MATERIALS_LIMIT: for in-process readers that keep the result in memory (the
   * browser UI reads a 5,000-claim task in one pass instead of five graph loads). Tools answering a
   * client keep the cap.
   */
  uncapped?: boolean;
  /**
   * Claim ids (at most MAX_CLOSEST_CLAIMS) whose `closest` neutral passages to include: a run
   * asks it for the one claim it answers with, not for every claim of a page.
   */
  closestFor?: readonly string[];
  /**
   * How many `closest` passages each of those claims gets, most leaning first: MAX_CLOSEST_PASSAGES
   * when absent, at most MAX_CLOSEST_LIMIT. A run reads more to pick the passage nearest in meaning.
   */
  closestLimit?: number;
}

/** A task's claims and what they refer to (core/schemas/evidence-report.ts, the evidence read model). */
export type Materials = z.infer<typeof materialsSchema>;

export interface VerifyOutcome {
  /** The engine query the statement's search ran as (its id in `status().searches`). */
  queryId: string;
  claim: { id: string; statement: string };
  status: ClaimStatus;
  confidence: number;
  uncertainty: number;
  controversy: number;
  rationale: string;
  /** What the status was decided on (seed 001's axes), when the graph recorded them: a reader can say the rationale in words. */
  axes?: StatusAxes;
  conditions: string[];
  supporting: EvidenceView[];
  refuting: EvidenceView[];
  neutralCount: number;
  /**
   * The neutral passages the judge came closest to calling either way (most probable side first, at most
   * three), with their probabilities: where to read when the status says nothing was found.
   */
  closest: EvidenceView[];
  queries: string[];
  warnings: EngineWarning[];
}

export interface IngestUrlOutcome {
  page: SourceView;
  fragments: number;
  claims: ClaimSummary[];
  warnings: EngineWarning[];
}

/** Typed progress events. */
export type EngineEvent =
  | { type: 'task.created' | 'task.stopped' | 'task.completed' | 'task.failed' | 'task.resumed'; taskId: string; at: string; reason?: string }
  | { type: 'query.start' | 'query.end'; taskId: string; queryId: string; query: string; at: string; status?: QueryStatus }
  | { type: 'phase.start' | 'phase.end'; taskId: string; queryId: string; phase: PipelinePhase; at: string; count?: number }
  | { type: 'page.registered' | 'page.fetched' | 'page.failed' | 'page.skipped'; taskId: string; queryId?: string; url: string; at: string; error?: string }
  | { type: 'claim.added'; taskId: string; claimId: string; statement: string; at: string }
  | { type: 'domain.blocked' | 'domain.promoted'; taskId: string; domain: string; reason: string; at: string }
  | { type: 'warning'; taskId?: string; warning: EngineWarning; at: string };

/** Seed 000's improved flow. */
export type PipelinePhase = 'serp' | 'academic' | 'enrich' | 'register' | 'citations' | 'fetch' | 'graph';

export interface Engine {
  createTask(input: CreateTaskInput): Promise<Task>;
  /** Runs one query through all seven phases; returns when the query is done (or failed, recorded). */
  search(taskId: string, query: string, options?: SearchOptions): Promise<SearchOutcome>;
  /** Records the targets as pending queries and returns at once; work goes on in the background. */
  queueSearches(taskId: string, targets: SearchTarget[], options?: QueueOptions): QueuedItem[];
  status(taskId: string): TaskStatusView;
  /**
   * The task's budget, used and left: `status(taskId).budget` without the rest of the view (which reads
   * every checkpoint, query, page and claim of the task), for callers that check it before each search.
   */
  budget(taskId: string): BudgetView;
  /** Aborts in-flight work of the task and marks it stopped. */
  stop(taskId: string, reason?: string): Promise<TaskStatusView>;
  materials(taskId: string, options?: MaterialsOptions): Materials;
  /**
   * What the task holds, counted without building its materials: what one search added is the
   * difference of two of these (new pages, new claims, claims with more evidence).
   */
  counts(taskId: string): TaskCounts;
  /**
   * The text of a page the task registered (no fetch: what the engine extracted when it read it), with its
   * bibliographic details (authors, organization, identifiers) where the page has them.
   */
  readSource(taskId: string, pageId: string): SourceText;
  /**
   * Whether a page the task registered answers: the outcome of the task's own fetch when it has one (a
   * registered corpus document answers), else — or with `recheck` — one fetch of its URL now through the
   * engine's fetcher (robots.txt, politeness, address guard; not from the cache; BLOCKED domains are not
   * fetched), recorded in the task. Stores no text: reading a page is a search's or `ingestUrl`'s work.
   */
  checkSource(taskId: string, pageId: string, options?: { recheck?: boolean; signal?: AbortSignal }): Promise<SourceReachability>;
  /**
   * Judges claim–passage pairs with the engine's own stance model and decision (the one its graph
   * uses), for workflows that compare texts outside the graph (consensus conflicts, the prose answer).
   */
  judge(pairs: StancePair[], options?: { signal?: AbortSignal }): Promise<StanceJudgement[]>;
  /** The name of the stance model `judge` uses (e.g. `nli`, `embedded`, `transformers:Xenova/nli-deberta-v3-xsmall`), for reports that say who judged. */
  stanceModelName(): string;
  /** One page of the materials within a byte budget: chosen fields, quotes cut around the decisive sentence. */
  materialsPage(taskId: string, options?: MaterialsPageOptions): MaterialsPage;
  /** Search → stance → status for one claim within a task. */
  verifyClaim(taskId: string, statement: string, options?: SearchOptions): Promise<VerifyOutcome>;
  /** Fetches, extracts and registers one URL in a task, with claims and stance. */
  ingestUrl(taskId: string, url: string, options?: { signal?: AbortSignal }): Promise<IngestUrlOutcome>;
  /** Finishes an interrupted task: pending and interrupted queries run, stored pages are not fetched again. */
  resume(taskId: string, options?: { signal?: AbortSignal }): Promise<TaskStatusView>;
  /** Waits until the task's queued work is done (or the signal aborts). */
  idle(taskId: string, options?: { signal?: AbortSignal }): Promise<void>;
  on(listener: (event: EngineEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * What a workflow that compares texts outside the graph needs (consensus conflicts and answer, the prose
 * answer's check): the engine's own judge, so a workflow never calls a stance model itself.
 */
export type StanceJudge = Pick<Engine, 'judge' | 'stanceModelName'>;
