// The seed's numbers (seed 003 §2.1–2.3) as named constants, and the options of one collection run
// with their documented limits. Delays are options so tests (and callers in a hurry) can change them.
import { z } from 'zod';
import { InvalidInputError } from '../../core/index.js';

/** Attempts per query (seed 003 §2.1 MAX_QUERY_RETRIES). */
export const MAX_QUERY_ATTEMPTS = 2;
/** Wait before query attempt n+1 is n × this (seed 003 §2.1: `sleep(1 * (attempt + 1))`). */
export const QUERY_RETRY_BACKOFF_MS = 1_000;
/** Attempts per URL verification (seed 003 §2.2 MAX_VERIFY_RETRIES). */
export const MAX_VERIFY_ATTEMPTS = 2;
/** Wait between URL verification attempts (seed 003 §2.2). */
export const VERIFY_RETRY_DELAY_MS = 500;
/** Fewer sources than this is a retryable error (seed 003 §2.3). */
export const MIN_SOURCES_REQUIRED = 2;
/** Fewer verified sources than this is a warning in the output (seed 003 §2.3). */
export const MIN_VERIFIED_SOURCES = 1;
/** Longest excerpt kept per source (seed 003 §3.1 `max_length=500`). */
export const MAX_EXCERPT_CHARS = 500;
/** Characters of an unparsable LLM answer kept in the error (seed 003 §1.1 `content[:500]`). */
export const RAW_ANSWER_CHARS = 500;

export const QUERY_MODES = ['auto', 'template', 'llm'] as const;
export type QueryGenerationMode = (typeof QUERY_MODES)[number];

export const collectInputSchema = z.strictObject({
  keyword: z.string().trim().min(1, 'expected a non-empty keyword').max(500),
  /** Outline section headings; each may steer queries and is a relevance target. */
  outline: z.array(z.string().trim().min(1).max(500)).max(100).default([]),
  /** `auto`: the LLM when one is given, else the templates; `llm` requires the LLM; `template` never calls it. */
  queryMode: z.enum(QUERY_MODES).default('auto'),
  /** Check each source (HTTP 200, or the corpus document exists); off → every source unverified and a warning. */
  verify: z.boolean().default(true),
  /** Queries generated at most (templates or LLM); more are dropped with a warning. */
  maxQueries: z.number().int().min(1).max(50).default(12),
  /** Hits asked of each provider per query: one search may read this many pages per provider of the run. */
  hitsPerQuery: z.number().int().min(1).max(100).default(10),
  /** Unique sources kept (in order of discovery) and verified; more are dropped with a warning. */
  maxSources: z.number().int().min(1).max(1_000).default(100),
  /** Verifications in flight at once. */
  verifyConcurrency: z.number().int().min(1).max(16).default(4),
  /**
   * Time limit of one query attempt, ms: one engine search — every provider, the pages it reads, their
   * claims and stance. A search cut off is retried like any retryable failure.
   */
  collectorTimeoutMs: z.number().int().min(100).max(3_600_000).default(600_000),
  /** Time limit of one verification attempt, ms. */
  verifyTimeoutMs: z.number().int().min(100).max(600_000).default(30_000),
  queryAttempts: z.number().int().min(1).max(10).default(MAX_QUERY_ATTEMPTS),
  queryBackoffMs: z.number().int().min(0).max(60_000).default(QUERY_RETRY_BACKOFF_MS),
  verifyAttempts: z.number().int().min(1).max(10).default(MAX_VERIFY_ATTEMPTS),
  verifyRetryDelayMs: z.number().int().min(0).max(60_000).default(VERIFY_RETRY_DELAY_MS),
  /** Most tokens the LLM may answer with when it writes the queries. */
  llmMaxTokens: z.number().int().min(64).max(32_000).default(800),
  signal: z.custom<AbortSignal>((v) => v instanceof AbortSignal, 'expected an AbortSignal').optional(),
});
export type CollectInput = z.input<typeof collectInputSchema>;
export type CollectOptions = z.output<typeof collectInputSchema>;

export function parseCollectInput(input: CollectInput): CollectOptions {
  const parsed = collectInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; ');
  throw new InvalidInputError(`collect: invalid input: ${issues}`, { code: 'invalid_input', details: { issues: parsed.error.issues } });
}
