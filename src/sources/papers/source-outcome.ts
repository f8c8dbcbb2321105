// Per-source outcome of a multi-source call: a failing source is reported with its error category,
// never folded into "no results" (DESIGN principle 2; issue 4 acceptance).
import {
  RetryableError,
  combineSignals,
  errorMessage,
  isAbortError,
  isLyraError,
  type ErrorCategory,
  type EventSink,
  type LyraError,
} from '../../core/index.js';
import { errorOfCategory } from '../scholarly/index.js';

export interface SourceWarning {
  source: string;
  /** Error category of a failed call; `partial` for records a healthy source had to skip. */
  category: ErrorCategory | 'partial';
  code: string;
  message: string;
}

export interface SourceOutcome {
  source: string;
  status: 'ok' | 'failed';
  /** Records the source returned (before merging). */
  count: number;
  error?: { category: ErrorCategory; code: string; message: string };
}

/** Time one source may take for one multi-source call before it is reported as timed out. */
export const DEFAULT_SOURCE_TIMEOUT_MS = 60_000;

export interface RunSourceOptions {
  source: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  events?: EventSink;
  /** What the call was, for the event log, e.g. `search "long covid"`. */
  what: string;
}

export interface SourceRun<T> {
  value?: T;
  outcome: SourceOutcome;
  warnings: SourceWarning[];
}

/**
 * Runs one source's call with its own time budget; failures become an outcome and a warning (and a
 * `scholarly.source_failed` event). Cancellation by the caller's own signal is rethrown, not reported.
 */
export async function runSource<T>(
  options: RunSourceOptions,
  call: (ctx: { signal: AbortSignal; onWarning: (m: string) => void }) => Promise<T>,
  count: (value: T) => number,
): Promise<SourceRun<T>> {
  const warnings: SourceWarning[] = [];
  const timeoutMs = options.timeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS;
  const signal = combineSignals([options.signal], timeoutMs);
  const onWarning = (message: string): void => {
    warnings.push({ source: options.source, category: 'partial', code: 'records_skipped', message });
  };
  try {
    const value = await call({ signal, onWarning });
    return { value, outcome: { source: options.source, status: 'ok', count: count(value) }, warnings };
  } catch (err) {
    if (options.signal?.aborted) throw err;
    const error: LyraError = isLyraError(err)
      ? err
      : isAbortError(err) || signal.aborted
        ? new RetryableError(`${options.source}: no answer within ${timeoutMs} ms (${options.what})`, {
            code: 'timeout',
            details: { source: options.source, timeoutMs },
          })
        : new RetryableError(`${options.source}: ${errorMessage(err)}`, { code: 'unexpected', cause: err });
    const info = { category: error.category, code: error.code, message: error.message };
    warnings.push({ source: options.source, ...info });
    options.events?.emit({
      type: 'scholarly.source_failed',
      level: 'warn',
      message: `${options.what}: ${error.message}`,
      at: new Date().toISOString(),
      data: { source: options.source, category: error.category, code: error.code },
    });
    return { outcome: { source: options.source, status: 'failed', count: 0, error: info }, warnings };
  }
}

/** One error for "every source failed": retryable when any failure was, listing each source's message. */
export function allSourcesFailed(what: string, outcomes: SourceOutcome[]): LyraError {
  const failures = outcomes.filter((o) => o.error);
  const retryable = failures.some((o) => o.error?.category === 'retryable');
  const list = failures.map((o) => `${o.source}: ${o.error?.category} ${o.error?.message}`).join('; ');
  const category: ErrorCategory = retryable ? 'retryable' : (failures[0]?.error?.category ?? 'non_retryable');
  return errorOfCategory(category, `every scholarly source failed for ${what}: ${list}`, {
    code: 'all_sources_failed',
    details: { failures: failures.map((o) => ({ source: o.source, ...o.error })) },
  });
}
