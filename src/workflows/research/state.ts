// The research run's state between phases (seed 001 ResearchRunContext), persisted after every
// search so a killed run continues where it stopped. Every decision the run makes (which gaps,
// which queries, when DEEP stops, which claims are major) is stored here or recomputed from the
// engine's materials, which the engine keeps deterministic for a given query order.
import { z } from 'zod';
import { QUESTION_KINDS } from '../answer/index.js';
import { PERSPECTIVE_KEYS } from './perspectives.js';
import { gapSchema, normalizedClaimSchema, rawClaimSchema, subQuestionSchema } from './artifacts.js';

export const RESEARCH_STATE_VERSION = 1;
export const RESEARCH_PHASES = ['wide', 'normalize', 'deep', 'verify', 'integrate', 'done'] as const;
export type ResearchPhase = (typeof RESEARCH_PHASES)[number];
export const SEARCH_PHASES = ['wide', 'deep', 'verify'] as const;
export type SearchPhase = (typeof SEARCH_PHASES)[number];

const lang = z.enum(['ja', 'en']);

/** Pages a search entry records at most (a search reads a few pages; its providers return at most a hundred results). */
export const MAX_SOURCE_PAGE_IDS = 200;

export const searchEntrySchema = z.strictObject({
  /** Unique within the run: `wide:<perspective>:<lang>:<n>`, `deep:<round>:<gap>`, `verify:<claim>:<kind>`. */
  key: z.string(),
  phase: z.enum(SEARCH_PHASES),
  /** Perspective key, gap id, or refutation kind (negation / exceptions / critique). */
  genre: z.string(),
  perspective: z.enum(PERSPECTIVE_KEYS).optional(),
  gapId: z.string().optional(),
  claimId: z.string().optional(),
  round: z.number().int().optional(),
  /** A DEEP search of VERIFY's send-back round (send-back.ts), run within VERIFY's time share. */
  sendBack: z.boolean().optional(),
  text: z.string(),
  language: lang,
  refute: z.boolean(),
  /** `verify` runs Engine.verifyClaim (search + judging the statement), `search` runs Engine.search. */
  kind: z.enum(['search', 'verify']),
  maxPages: z.number().int().min(1).optional(),
  status: z.enum(['planned', 'issued', 'done', 'failed', 'skipped']),
  queryId: z.string().optional(),
  /** The engine finished the query on `resume` (its live outcome was never seen). */
  resumed: z.boolean().optional(),
  resultsFound: z.number().int().optional(),
  error: z.string().optional(),
  /** The failure's code (the engine's query error, or the workflow's own), as data. */
  errorCode: z.string().optional(),
  /** Why it did not run (budget, time, duplicate of an earlier query). */
  skipReason: z.string().optional(),
  /** Skipped as the same query as this earlier entry (its key). */
  duplicateOf: z.string().optional(),
  newPageIds: z.array(z.string()),
  newClaimIds: z.array(z.string()),
  touchedClaimIds: z.array(z.string()),
  /**
   * The readable pages the search found, registered by it or already in the task (SearchOutcome.sources,
   * at most MAX_SOURCE_PAGE_IDS): which perspectives reached a claim (perspective-reach.ts). Absent for a
   * search adopted after a resume and in runs stored before it was recorded.
   */
  sourcePageIds: z.array(z.string()).optional(),
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
});
export type SearchEntry = z.infer<typeof searchEntrySchema>;

export const roundRecordSchema = z.strictObject({
  round: z.number().int().min(1),
  entryKeys: z.array(z.string()),
  coverage: z.number(),
  marginalUtility: z.number(),
  stop: z.boolean(),
  rule: z.string().optional(),
  closest: z.strictObject({ rule: z.string(), progress: z.number() }),
  overBudget: z.boolean(),
});
export type RoundRecord = z.infer<typeof roundRecordSchema>;

/** VERIFY's decision to send major claims back to DEEP (seed 001 「差し戻し必要なら Phase 3 へ戻る」), once per run. */
export const sendBackSchema = z.strictObject({
  /** The DEEP round number the send-back searches carry (after DEEP's own rounds). */
  round: z.number().int().min(1),
  claims: z.array(
    z.strictObject({
      claimId: z.string(),
      statement: z.string(),
      /** The claim's status after VERIFY's refutation searches. */
      status: z.enum(['UNSUPPORTED', 'CONTESTED']),
      /** The gap pursued for it (an existing claim gap, or one VERIFY opened); null when none could be. */
      gapId: z.string().nullable(),
      sent: z.boolean(),
      /** Why it was or was not sent back, in words. */
      reason: z.string(),
      /** Status after the send-back round (absent until it ran). */
      statusAfter: z.string().optional(),
    }),
  ),
  entryKeys: z.array(z.string()),
  done: z.boolean(),
});
export type SendBackRecord = z.infer<typeof sendBackSchema>;

export const warningSchema = z.strictObject({ source: z.string(), code: z.string(), message: z.string(), category: z.string(), target: z.string().optional() });
export type ResearchWarning = z.infer<typeof warningSchema>;

export const budgetSchema = z.strictObject({
  pages: z.number().int().min(1),
  queries: z.number().int().min(1),
  seconds: z.number().int().min(1),
});
export type ResearchBudget = z.infer<typeof budgetSchema>;

export const majorClaimSchema = z.strictObject({
  claimId: z.string(),
  statement: z.string(),
  reasons: z.array(z.string()),
  /** Refutation searches planned (false: beyond the budget, listed as a limitation). */
  searched: z.boolean(),
});
export type MajorClaim = z.infer<typeof majorClaimSchema>;

export const researchStateSchema = z.strictObject({
  version: z.literal(RESEARCH_STATE_VERSION),
  runId: z.string(),
  taskId: z.string(),
  question: z.string(),
  language: lang,
  /** The question's topic in its language, and in the other language when a translator made one. */
  topics: z.array(z.strictObject({ language: lang, topic: z.string() })),
  /** Kind of question (science/health, technology/product, policy/society, history/fact): picks the perspective templates. Absent in runs before it existed (technology templates). */
  kind: z.enum(QUESTION_KINDS).optional(),
  startedAt: z.string(),
  /** The sources the run searches, as shown to the reader (providers, with the corpora they stand for). */
  sourcesSearched: z.array(z.string()).optional(),
  runDir: z.string().optional(),
  options: z.strictObject({
    budget: budgetSchema,
    providers: z.array(z.string()),
    purpose: z.enum(['overview', 'decision']),
    templatesPerPerspective: z.number().int().min(1).max(3),
    maxMajorClaims: z.number().int().min(0),
    /** Searches VERIFY's send-back round may run (send-back.ts; absent: its default; 0: no send-back). */
    maxSendBackSearches: z.number().int().min(0).optional(),
  }),
  phase: z.enum(RESEARCH_PHASES),
  entries: z.array(searchEntrySchema),
  /** Pages and per-claim evidence counts after the last finished search (the base of the next delta). */
  baseline: z.strictObject({ pageIds: z.array(z.string()), evidence: z.record(z.string(), z.number()) }),
  /** Claim id → search key that first found it. */
  foundBy: z.record(z.string(), z.string()),
  normalize: z
    .strictObject({
      rawClaims: z.array(rawClaimSchema),
      normalized: z.array(normalizedClaimSchema),
      gaps: z.array(gapSchema),
      subQuestions: z.array(subQuestionSchema),
    })
    .optional(),
  deep: z.strictObject({
    topKHistory: z.array(z.record(z.string(), z.number())),
    rounds: z.array(roundRecordSchema),
    // reason: in the run's language (the report's); reasonEn: in English, for the terminal summary (absent in runs saved before).
    stop: z.strictObject({ round: z.number().int(), rule: z.string().optional(), reason: z.string(), reasonEn: z.string().optional() }).optional(),
  }),
  majors: z.array(majorClaimSchema).optional(),
  sendBack: sendBackSchema.optional(),
  warnings: z.array(warningSchema),
  /** Work time of earlier sessions (a resumed run keeps its time budget). */
  elapsedMs: z.number().min(0),
  finishedAt: z.string().optional(),
});
export type ResearchState = z.infer<typeof researchStateSchema>;

/** Where the state lives between sessions (app/: an engine checkpoint of the task). */
export interface ResearchStateStore {
  load(taskId: string): unknown;
  save(state: ResearchState): void;
}

/**
 * The run's warnings less those that restate a search it lists as failed: the engine's own notice of a
 * failed or cancelled query (source `query`; its retry notices are not this), and the run's `search <key>`
 * warning of a failed entry. The search log's Errors and the report's Warnings list these, beside the
 * failed searches, so one failure is listed once; the run's warnings (its JSON result) keep them all.
 */
export function warningsBesideFailures(state: Pick<ResearchState, 'warnings' | 'entries'>): ResearchWarning[] {
  const failed = new Set(state.entries.filter((e) => e.status === 'failed').map((e) => `search ${e.key}`));
  return state.warnings.filter((w) => (w.source === 'query' ? w.code !== 'query_failed' && w.code !== 'query_cancelled' : !failed.has(w.source)));
}

/** Adds a warning once (same source, code and message). */
export function addWarning(state: ResearchState, w: ResearchWarning): boolean {
  if (state.warnings.some((x) => x.source === w.source && x.code === w.code && x.message === w.message)) return false;
  state.warnings.push(w);
  return true;
}
