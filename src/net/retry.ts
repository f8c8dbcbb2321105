// Retry timing: exponential backoff with full jitter, and the server's own wait when it names one.
// Precedence of rate-limit headers (as in ky): Retry-After, then RateLimit-Reset, then X-RateLimit-Reset.

export interface BackoffOptions {
  /** First retry waits up to this long (ms). */
  baseMs: number;
  /** No computed wait exceeds this (ms). */
  maxMs: number;
  /** Random source in [0, 1), injectable for tests. */
  random?: () => number;
}

/** Wait before retry number `attempt` (1-based): uniform in [base·2^(attempt-1)/2, base·2^(attempt-1)], capped. */
export function backoffDelayMs(attempt: number, options: BackoffOptions): number {
  const random = options.random ?? Math.random;
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  // Half fixed, half jitter: spreads retries of many clients without ever retrying instantly.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Parses `Retry-After` (delta seconds or an HTTP-date) into milliseconds from `nowMs`. Returns
 * undefined when absent or unparseable (the caller then uses its own backoff and says so).
 */
export function parseRetryAfter(value: string | undefined, nowMs = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Server-requested wait from response headers (lower-cased keys), in ms, with the header it came from. */
export function serverRequestedWait(headers: Record<string, string>, nowMs = Date.now()): { ms: number; header: string } | undefined {
  const ra = parseRetryAfter(headers['retry-after'], nowMs);
  if (ra !== undefined) return { ms: ra, header: 'retry-after' };
  const reset = headers['ratelimit-reset'];
  if (reset !== undefined && /^\d+$/.test(reset.trim())) return { ms: Number(reset.trim()) * 1000, header: 'ratelimit-reset' };
  const xReset = headers['x-ratelimit-reset'];
  if (xReset !== undefined && /^\d+$/.test(xReset.trim())) {
    const n = Number(xReset.trim());
    // Either seconds to wait or an epoch timestamp in seconds; values past 2001 are timestamps.
    const ms = n > 1_000_000_000 ? n * 1000 - nowMs : n * 1000;
    return { ms: Math.max(0, ms), header: 'x-ratelimit-reset' };
  }
  return undefined;
}
