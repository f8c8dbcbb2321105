// Every limit of the pipeline in one place, with its default (config section `pipeline`, docs/configuration.md)
// Queues, loops, retries and per-query fan-out are all bounded here.
import { z } from 'zod';
import type { Budget } from '../core/index.js';

export const PIPELINE_DEFAULTS = {
  /** Tasks whose queries run at the same time (queries of one task always run one at a time). */
  maxConcurrentTasks: 2,
  /** Pending queries one task may hold; queueing more is invalid input. */
  maxQueuedQueries: 200,
  /** Attempts of one query on retryable errors (seed 003 MAX_QUERY_RETRIES = 2). */
  queryAttempts: 2,
  /** Backoff between query attempts: this × attempt number (seed 003: 1 s × attempt). */
  queryBackoffMs: 1_000,
  /** Results asked of each SERP provider for each sent query. */
  serpLimit: 10,
  /** Papers asked of each scholarly source in Phase 2. */
  scholarlyLimit: 10,
  /** Identifiers looked up per enrichment round (Phase 3); the rest are reported as skipped. */
  maxEnrichIdentifiers: 50,
  /** Rounds of "identifiers found in fetched pages → Phase 3" after the first pass (seed 000 Phase 6 → 3). */
  identifierRounds: 1,
  /** Papers whose citations are tracked per query and round (Phase 5); the rest are reported. */
  maxCitationPapers: 20,
  /** References and citations asked of each source per paper and direction (seed 000: referenced_works[:20]). */
  citationLimit: 20,
  /** Related papers kept per tracked paper (seed 000 決定5: 上位10件). */
  citationTopK: 10,
  /** Pages fetched and extracted at once within one query (the fetcher adds its own per-host limits). */
  fetchConcurrency: 4,
  /** Fragments kept per page; more are dropped with a warning. */
  maxFragmentsPerPage: 300,
  /** Longest fragment built from an abstract (sentences grouped up to this many characters). */
  abstractFragmentChars: 600,
  /** Longest fragment built from a corpus document paragraph. */
  corpusFragmentChars: 2_000,
  /** Ask for a cross-language mirror of each query (needs a translator; otherwise a warning). */
  mirrorQueries: true,
  /** Expanded queries sent per client query at most. */
  maxExpansions: 8,
  /** Script-built pages rendered in Chromium per task at most (Phase 6; 0 turns rendering in the pipeline off). */
  maxRendersPerTask: 10,
  /** A static HTML page with scripts whose extracted text is shorter than this is rendered (characters). */
  renderMinTextChars: 200,
  /** Time one render may take, navigation and settle (ms); the fetcher's body size limit bounds its HTML. */
  renderTimeoutMs: 30_000,
  /** WordNet synonym queries per English client query in normal mode (seed 002 同義語展開); 0 turns them off. */
  synonymQueries: 2,
  /** Time one source may take in a multi-source call (ms); undefined: the sources' default. */
  sourceTimeoutMs: undefined as number | undefined,
  /** Task budget defaults (issue 6). */
  defaultBudget: { maxPages: 100, maxQueries: 50, maxSeconds: 1_800 } satisfies Budget,
};

export type PipelineLimits = Omit<typeof PIPELINE_DEFAULTS, 'sourceTimeoutMs'> & { sourceTimeoutMs?: number };

export const budgetInputSchema = z.strictObject({
  maxPages: z.number().int().min(1).max(1_000_000).optional(),
  maxQueries: z.number().int().min(1).max(100_000).optional(),
  maxSeconds: z
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3600)
    .optional(),
});

/** Limits with defaults for every key not given. */
export function resolveLimits(input: Partial<PipelineLimits> = {}): PipelineLimits {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<PipelineLimits>;
  return { ...PIPELINE_DEFAULTS, ...defined, defaultBudget: { ...PIPELINE_DEFAULTS.defaultBudget, ...defined.defaultBudget } };
}
