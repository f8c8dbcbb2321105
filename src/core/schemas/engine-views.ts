// The engine's views that tools and `--json` print (status, search outcome and their parts), as zod
// schemas: core/interfaces/engine.ts infers the TypeScript types from them, and the MCP server derives
// its snake_case output schemas from them (mcp/schemas/views.ts), so a field is added in one place.
// Field names are the public contract: add fields, never rename or drop one.
import { z } from 'zod';
import { CLAIM_STATUSES, QUERY_MODES, QUERY_ORIGINS, QUERY_STATUSES, SOURCE_TYPES, TASK_STATUSES, TRUST_LEVELS } from '../enums.js';
import { ERROR_CATEGORIES } from '../errors.js';
import { identifiersSchema, storedErrorSchema, taskSchema } from './entities.js';

const satisfactionSchema = z.enum(['satisfied', 'partial', 'unsatisfied']);

/** A failure or a missing optional part, visible to the user: never swallowed, never a made-up result. */
export const engineWarningSchema = z.object({
  /** What failed: a provider, a URL, a phase, a model. */
  source: z.string(),
  category: z.enum([...ERROR_CATEGORIES, 'warning']),
  code: z.string(),
  message: z.string(),
  /** The query or URL it concerns. */
  target: z.string().optional(),
  /**
   * With `budget_exhausted`: the limits that were spent — the query's own page limit (`query_pages`, which
   * a workflow that plans its searches sets itself) or the task's (`task_pages`, `task_queries`,
   * `task_seconds`); empty when time ran out inside a phase with no limit spent.
   */
  spent: z.array(z.enum(['query_pages', 'task_pages', 'task_queries', 'task_seconds'])).optional(),
  at: z.string(),
});

export const budgetViewSchema = z.object({
  maxPages: z.number(),
  pagesUsed: z.number(),
  pagesLeft: z.number(),
  maxQueries: z.number(),
  queriesUsed: z.number(),
  queriesLeft: z.number(),
  maxSeconds: z.number(),
  secondsUsed: z.number(),
  secondsLeft: z.number(),
  exhausted: z.boolean(),
});

export const sourceViewSchema = z.object({
  pageId: z.string(),
  url: z.string(),
  domain: z.string(),
  title: z.string().optional(),
  trustLevel: z.enum(TRUST_LEVELS),
  sourceType: z.enum(SOURCE_TYPES),
  /** ACADEMIC, GOVERNMENT or PRIMARY. */
  primary: z.boolean(),
  publishedAt: z.string().optional(),
  /** Bibliographic details, where the materials carry them (bibtex / csl-json renderers). */
  authors: z.array(z.string()).optional(),
  organization: z.string().optional(),
  identifiers: identifiersSchema.optional(),
});

export const claimSummarySchema = z.object({
  id: z.string(),
  statement: z.string(),
  confidence: z.number(),
  status: z.enum(CLAIM_STATUSES).optional(),
  /** The page the claim was first extracted from. */
  source: sourceViewSchema,
  primary: z.boolean(),
});

/** A page a search found but did not read, and why. */
export const unreadSourceSchema = z.object({
  source: sourceViewSchema,
  /** `failed` / `blocked`: its fetch did not succeed; `skipped`: not fetched (page limit or budget, BLOCKED domain); `pending`: not fetched yet. */
  fetchStatus: z.enum(['failed', 'blocked', 'skipped', 'pending']),
  /** Why, when the engine recorded a reason (a fetch error, `domain_blocked`). */
  error: storedErrorSchema.optional(),
  /** HTTP status of the answer to the failed fetch, when the server gave one. */
  httpStatus: z.number().optional(),
});

export const searchOutcomeSchema = z.object({
  taskId: z.string(),
  queryId: z.string(),
  query: z.string(),
  /** Queries actually sent: the client's plus mechanical expansions (refute suffixes, mirrors). */
  sentQueries: z.array(z.string()),
  status: z.enum(QUERY_STATUSES),
  /** Why a failed or cancelled query ended so, as data (its Query.error; the `query` warning says it in words). */
  error: storedErrorSchema.optional(),
  resultsFound: z.number(),
  newPages: z.number(),
  pagesFetched: z.number(),
  fragments: z.number(),
  usefulFragments: z.number(),
  harvestRate: z.number(),
  novelty: z.number(),
  duplicateRate: z.number(),
  satisfaction: satisfactionSchema,
  hasPrimarySource: z.boolean(),
  /** Claims this query added or gave new evidence to. */
  claims: z.array(claimSummarySchema),
  /**
   * The readable pages this search found — registered by it or already in the task — in the order its
   * providers ranked them, then the scholarly papers it registered (workflows choose among these and
   * read them with `readSource`).
   */
  sources: z.array(sourceViewSchema),
  /**
   * The pages this search found that the task holds no text for, in the same order: their fetch failed,
   * their domain is BLOCKED, or the page limit left them unfetched — each with why (`checkSource` asks
   * again whether one answers).
   */
  unread: z.array(unreadSourceSchema),
  budget: budgetViewSchema,
  warnings: z.array(engineWarningSchema),
});

export const searchStateViewSchema = z.object({
  queryId: z.string(),
  text: z.string(),
  kind: z.enum(['query', 'url', 'doi']),
  mode: z.enum(QUERY_MODES),
  origin: z.enum(QUERY_ORIGINS),
  status: z.enum(QUERY_STATUSES),
  attempts: z.number(),
  lastError: z.string().optional(),
  /** A failed search's error as data. */
  error: storedErrorSchema.optional(),
  harvestRate: z.number().optional(),
  novelty: z.number().optional(),
  satisfaction: z.string().optional(),
  pagesFetched: z.number().optional(),
  /** The caller's own id for the search (SearchOptions.clientKey), when it gave one. */
  clientKey: z.string().optional(),
});

/**
 * A blocked domain as status and `lyra domains` show it (seed 000 §4.1): the keys are the seed's
 * snake_case names in every output, the engine's views included.
 */
export const blockedDomainInfoSchema = z.object({
  domain: z.string(),
  blocked_at: z.string().optional(),
  reason: z.string().optional(),
  contradicting_claims: z.array(z.string()),
  original_trust_level: z.enum(TRUST_LEVELS),
  can_restore: z.boolean(),
  restore_via: z.string(),
});

export const taskStatusViewSchema = z.object({
  task: taskSchema,
  status: z.enum(TASK_STATUSES),
  searches: z.array(searchStateViewSchema),
  pagesFetched: z.number(),
  pagesRegistered: z.number(),
  usefulFragments: z.number(),
  harvestRate: z.number(),
  satisfaction: satisfactionSchema,
  hasPrimarySource: z.boolean(),
  /** Novelty of each finished query in order. */
  noveltyTrend: z.array(z.number()),
  /** Claims by status; a verify task counts the claim asked only (its side claims are in sideClaims). */
  claimCounts: z.record(z.enum([...CLAIM_STATUSES, 'PENDING']), z.number()),
  /** A verify task's side claims: sentences of the pages read for it, not part of its answer (0 for research). */
  sideClaims: z.number(),
  budget: budgetViewSchema,
  authQueueSize: z.number(),
  warnings: z.array(engineWarningSchema),
  /** Every failed query and URL with its error. */
  failures: z.array(engineWarningSchema),
  blocked_domains: z.array(blockedDomainInfoSchema),
});
