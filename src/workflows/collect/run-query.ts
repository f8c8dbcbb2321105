// One query through every collector with the seed's retry (seed 003 §2.1): up to `attempts` tries,
// waiting backoff × n before try n+1. Collectors that answered are not asked again; a collector whose
// error is not retryable (bad config, 404, blocked) is not retried. The query fails only when no
// collector answered; errors of the others become warnings of a completed query.
import { errorMessage, isAbortError, isLyraError, type ErrorCategory } from '../../core/index.js';
import type { Candidate } from './candidates.js';
import type { Collector } from './collectors.js';
import type { PlannedQuery } from './query-templates.js';
import type { CollectWarning, ErrorRecord } from './schema.js';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface QueryRunOptions {
  collectors: readonly Collector[];
  limit: number;
  timeoutMs: number;
  attempts: number;
  backoffMs: number;
  sleep: Sleep;
  signal?: AbortSignal;
  onRetry?: (info: { attempt: number; waitMs: number; errors: Array<{ collector: string; error: ErrorRecord }> }) => void;
}

export type QueryRunResult =
  | { ok: true; candidates: Candidate[]; warnings: CollectWarning[]; attempts: number }
  | { ok: false; error: ErrorRecord; attempts: number };

/** The typed form of any error a collector threw; a timeout of our own is retryable. */
export function errorRecord(error: unknown, what: string): ErrorRecord {
  if (isLyraError(error)) return { category: error.category, code: error.code, message: error.message };
  if (isAbortError(error)) return { category: 'retryable', code: 'timeout', message: `${what}: timed out` };
  return { category: 'retryable', code: 'unexpected_error', message: `${what}: ${errorMessage(error)}` };
}

/** Retryable errors and untyped ones (a crash may pass) are tried again; typed permanent ones are not. */
export const shouldRetry = (e: ErrorRecord): boolean => e.category === 'retryable';

export async function runQuery(query: PlannedQuery, options: QueryRunOptions): Promise<QueryRunResult> {
  // Keyed by position: two collectors may share a name.
  let pending = options.collectors.map((_, i) => i);
  const answers = new Map<number, { candidates: Candidate[]; warnings: string[] }>();
  const errors = new Map<number, ErrorRecord>();
  let attempt = 0;
  while (pending.length > 0 && attempt < options.attempts) {
    if (attempt > 0) {
      const waitMs = options.backoffMs * attempt;
      options.onRetry?.({ attempt: attempt + 1, waitMs, errors: pending.map((i) => ({ collector: options.collectors[i]!.name, error: errors.get(i)! })) });
      await options.sleep(waitMs, options.signal);
    }
    attempt++;
    const settled = await Promise.allSettled(pending.map((i) => options.collectors[i]!.collect(query, { limit: options.limit, timeoutMs: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) })));
    // The caller stopped us: nothing is recorded, the checkpoint keeps the query as not done.
    if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('Aborted', 'AbortError');
    const retry: number[] = [];
    settled.forEach((s, k) => {
      const i = pending[k]!;
      if (s.status === 'fulfilled') {
        answers.set(i, s.value);
        errors.delete(i);
        return;
      }
      const e = errorRecord(s.reason, `${options.collectors[i]!.name} for query ${JSON.stringify(query.query)}`);
      errors.set(i, e);
      if (shouldRetry(e)) retry.push(i);
    });
    pending = retry;
  }
  if (answers.size === 0) {
    const list = [...errors.entries()].sort(([a], [b]) => a - b).map(([, e]) => e);
    const category: ErrorCategory = list.some((e) => e.category === 'retryable') ? 'retryable' : list[0]!.category;
    // Each collector's message already names it and the query.
    const message = list.map((e) => e.message).join('; ');
    const code = list.length === 1 ? list[0]!.code : 'all_collectors_failed';
    return { ok: false, attempts: attempt, error: { category, code, message: `query ${JSON.stringify(query.query)} failed after ${attempt} attempt(s): ${message}` } };
  }
  const candidates: Candidate[] = [];
  const warnings: CollectWarning[] = [];
  // Collector order, not answer order, so the result is the same whoever answered first.
  options.collectors.forEach((c, i) => {
    const a = answers.get(i);
    if (a) {
      candidates.push(...a.candidates);
      warnings.push(...a.warnings.map((message) => ({ code: 'collector_skipped_record', message })));
    }
    const e = errors.get(i);
    if (e) warnings.push({ code: 'collector_failed', message: `${c.name} gave no answer after ${attempt} attempt(s): ${e.category}: ${e.message}` });
  });
  return { ok: true, candidates, warnings, attempts: attempt };
}
