// Output schemas of the engine's views (core/interfaces/engine.ts). Objects are loose: the engine
// may add fields (its contract is add-only), and a client must accept them.
import { z } from 'zod';
import { CLAIM_STATUSES, CONTRADICTION_TYPES, ERROR_CATEGORIES, QUERY_MODES, QUERY_ORIGINS, QUERY_STATUSES, SOURCE_TYPES, STANCES, TASK_STATUSES, TRUST_LEVELS } from '../../core/index.js';

const satisfaction = z.enum(['satisfied', 'partial', 'unsatisfied']);
const num = z.number();

export const warningSchema = z.looseObject({
  source: z.string(),
  category: z.enum([...ERROR_CATEGORIES, 'warning']),
  code: z.string(),
  message: z.string(),
  target: z.string().optional(),
  at: z.string(),
});

export const budgetViewSchema = z.looseObject({
  maxPages: num, pagesUsed: num, pagesLeft: num,
  maxQueries: num, queriesUsed: num, queriesLeft: num,
  maxSeconds: num, secondsUsed: num, secondsLeft: num,
  exhausted: z.boolean(),
});

export const taskSchema = z.looseObject({
  id: z.string(),
  question: z.string(),
  status: z.enum(TASK_STATUSES),
  budget: z.looseObject({ maxPages: num, maxQueries: num, maxSeconds: num }),
  language: z.string().optional(),
  priorityDomains: z.array(z.string()),
  createdAt: z.string(),
  stoppedAt: z.string().optional(),
  stopReason: z.string().optional(),
});

export const identifiersSchema = z.looseObject({ doi: z.string().optional(), pmid: z.string().optional(), arxiv: z.string().optional(), s2: z.string().optional(), openalex: z.string().optional() });

export const sourceViewSchema = z.looseObject({
  pageId: z.string(),
  url: z.string(),
  domain: z.string(),
  title: z.string().optional(),
  trustLevel: z.enum(TRUST_LEVELS),
  sourceType: z.enum(SOURCE_TYPES),
  primary: z.boolean(),
  publishedAt: z.string().optional(),
  authors: z.array(z.string()).optional(),
  organization: z.string().optional(),
  identifiers: identifiersSchema.optional(),
});

export const claimSummarySchema = z.looseObject({
  id: z.string(),
  statement: z.string(),
  confidence: num,
  status: z.enum(CLAIM_STATUSES).optional(),
  source: sourceViewSchema,
  primary: z.boolean(),
});

export const searchOutcomeSchema = z.looseObject({
  taskId: z.string(),
  queryId: z.string(),
  query: z.string(),
  sentQueries: z.array(z.string()),
  status: z.enum(QUERY_STATUSES),
  resultsFound: num,
  newPages: num,
  pagesFetched: num,
  fragments: num,
  usefulFragments: num,
  harvestRate: num,
  novelty: num,
  duplicateRate: num,
  satisfaction,
  hasPrimarySource: z.boolean(),
  claims: z.array(claimSummarySchema),
  budget: budgetViewSchema,
  warnings: z.array(warningSchema),
});

export const searchStateSchema = z.looseObject({
  queryId: z.string(),
  text: z.string(),
  kind: z.enum(['query', 'url', 'doi']),
  mode: z.enum(QUERY_MODES),
  origin: z.enum(QUERY_ORIGINS),
  status: z.enum(QUERY_STATUSES),
  attempts: num,
  lastError: z.string().optional(),
  error: z.object({ category: z.string(), code: z.string(), message: z.string() }).optional(),
  harvestRate: num.optional(),
  novelty: num.optional(),
  satisfaction: z.string().optional(),
  pagesFetched: num.optional(),
});

export const blockedDomainSchema = z.looseObject({
  domain: z.string(),
  blocked_at: z.string().optional(),
  reason: z.string().optional(),
  contradicting_claims: z.array(z.string()),
  original_trust_level: z.enum(TRUST_LEVELS),
  can_restore: z.boolean(),
  restore_via: z.string(),
});

export const taskStatusSchema = z.looseObject({
  task: taskSchema,
  status: z.enum(TASK_STATUSES),
  searches: z.array(searchStateSchema),
  pagesFetched: num,
  pagesRegistered: num,
  usefulFragments: num,
  harvestRate: num,
  satisfaction,
  hasPrimarySource: z.boolean(),
  noveltyTrend: z.array(num),
  claimCounts: z.record(z.string(), num),
  budget: budgetViewSchema,
  authQueueSize: num,
  warnings: z.array(warningSchema),
  failures: z.array(warningSchema),
  blocked_domains: z.array(blockedDomainSchema),
});

export const evidenceSchema = z.looseObject({
  edgeId: z.string(),
  stance: z.enum(STANCES),
  confidence: num,
  fragmentId: z.string(),
  quote: z.string(),
  decisiveSentence: z.string().optional(),
  locator: z.looseObject({}),
  source: sourceViewSchema,
  model: z.string().optional(),
});

/** Feedback a person or client gave about a claim (MCP layer, from the feedback tool). */
export const claimFeedbackSchema = z.looseObject({
  rejected: z.boolean(),
  by: z.string(),
  at: z.string(),
  reason: z.string(),
  feedbackId: z.string(),
});

export const claimMaterialSchema = z.looseObject({
  id: z.string(),
  statement: z.string(),
  slots: z.looseObject({}),
  scope: z.string().optional(),
  decisionRelevance: z.string(),
  status: z.enum(CLAIM_STATUSES).optional(),
  confidence: num,
  uncertainty: num,
  controversy: num,
  rationale: z.string().optional(),
  axes: z.looseObject({
    evidence: num, coverage: num, agreement: num, recency: num, traceability: num, refutation: num, independentSupport: num, contestedByHighTrust: z.boolean(),
  }).optional(),
  conditions: z.array(z.string()),
  relaxationReason: z.string().optional(),
  counts: z.looseObject({ supports: num, refutes: num, neutral: num }),
  supporting: z.array(evidenceSchema),
  refuting: z.array(evidenceSchema),
  origins: z.array(sourceViewSchema),
  feedback: claimFeedbackSchema.optional(),
});

export const materialsSchema = z.looseObject({
  task: taskSchema,
  claims: z.array(claimMaterialSchema),
  contested: z.array(z.looseObject({ claimId: z.string(), otherClaimId: z.string(), type: z.enum(CONTRADICTION_TYPES), trustLevel: z.enum(TRUST_LEVELS), otherTrustLevel: z.enum(TRUST_LEVELS) })),
  citations: z.array(z.looseObject({ from: sourceViewSchema, to: sourceViewSchema, influential: z.boolean(), relevance: num })),
  counterevidenceLog: z.array(z.looseObject({ claim_id: z.string(), search_queries: z.array(z.string()), search_scope: z.string(), found_counterevidence: z.boolean(), impact_on_status: z.string().nullable() })),
  pages: z.array(sourceViewSchema),
  graph: z.looseObject({ pages: z.array(z.looseObject({})), claims: z.array(z.looseObject({})), edges: z.array(z.looseObject({})) }).optional(),
  paging: z.looseObject({ offset: num, limit: num, totalClaims: num }),
});
