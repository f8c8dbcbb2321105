// Output schemas of the engine's views (core/interfaces/engine.ts) as tools return them: every key
// snake_case (naming.ts converts the engine's camelCase mechanically). Objects are loose: the engine
// may add fields (its contract is add-only), and a client must accept them.
import { z } from 'zod';
import { CLAIM_STATUSES, ERROR_CATEGORIES, QUERY_MODES, QUERY_ORIGINS, QUERY_STATUSES, SOURCE_TYPES, TASK_STATUSES, TRUST_LEVELS } from '../../core/index.js';

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
  max_pages: num, pages_used: num, pages_left: num,
  max_queries: num, queries_used: num, queries_left: num,
  max_seconds: num, seconds_used: num, seconds_left: num,
  exhausted: z.boolean(),
});

/** A task; `config_snapshot` only when the call asked for it (include_config). */
export const taskSchema = z.looseObject({
  id: z.string(),
  question: z.string(),
  status: z.enum(TASK_STATUSES),
  budget: z.looseObject({ max_pages: num, max_queries: num, max_seconds: num }),
  language: z.string().optional(),
  priority_domains: z.array(z.string()),
  created_at: z.string(),
  stopped_at: z.string().optional(),
  stop_reason: z.string().optional(),
  config_snapshot: z.looseObject({}).optional(),
});

export const identifiersSchema = z.looseObject({ doi: z.string().optional(), pmid: z.string().optional(), arxiv: z.string().optional(), s2: z.string().optional(), openalex: z.string().optional() });

export const sourceViewSchema = z.looseObject({
  page_id: z.string(),
  url: z.string(),
  domain: z.string(),
  title: z.string().optional(),
  trust_level: z.enum(TRUST_LEVELS),
  source_type: z.enum(SOURCE_TYPES),
  primary: z.boolean(),
  published_at: z.string().optional(),
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
  task_id: z.string(),
  query_id: z.string(),
  query: z.string(),
  sent_queries: z.array(z.string()),
  status: z.enum(QUERY_STATUSES),
  results_found: num,
  new_pages: num,
  pages_fetched: num,
  fragments: num,
  useful_fragments: num,
  harvest_rate: num,
  novelty: num,
  duplicate_rate: num,
  satisfaction,
  has_primary_source: z.boolean(),
  claims: z.array(claimSummarySchema),
  budget: budgetViewSchema,
  warnings: z.array(warningSchema),
});

export const searchStateSchema = z.looseObject({
  query_id: z.string(),
  text: z.string(),
  kind: z.enum(['query', 'url', 'doi']),
  mode: z.enum(QUERY_MODES),
  origin: z.enum(QUERY_ORIGINS),
  status: z.enum(QUERY_STATUSES),
  attempts: num,
  last_error: z.string().optional(),
  error: z.object({ category: z.string(), code: z.string(), message: z.string() }).optional(),
  harvest_rate: num.optional(),
  novelty: num.optional(),
  satisfaction: z.string().optional(),
  pages_fetched: num.optional(),
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
  pages_fetched: num,
  pages_registered: num,
  useful_fragments: num,
  harvest_rate: num,
  satisfaction,
  has_primary_source: z.boolean(),
  novelty_trend: z.array(num),
  claim_counts: z.record(z.string(), num),
  budget: budgetViewSchema,
  auth_queue_size: num,
  warnings: z.array(warningSchema),
  failures: z.array(warningSchema),
  blocked_domains: z.array(blockedDomainSchema),
});

/** get_status extras: what the task still waits on, and what happened while the call waited. */
export const waitingItemSchema = z.looseObject({ kind: z.enum(['search', 'auth']), id: z.string(), text: z.string(), status: z.string() });
export const milestoneSchema = z.looseObject({
  kind: z.enum(['search_done', 'search_failed', 'search_cancelled', 'task_status', 'domain_blocked', 'auth_required']),
  query_id: z.string().optional(), text: z.string().optional(), status: z.string().optional(), domain: z.string().optional(), count: num.optional(),
});
