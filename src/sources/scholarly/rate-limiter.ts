// Polite per-API pacing: requests to one API are spaced at least 1/rps seconds apart, whoever sends
// them. The fetcher's per-host throttle and Retry-After handling sit below this; this layer keeps each
// client within the rate its API publishes even when the fetcher's host policy is looser.
import { RetryableError, delay } from '../../core/index.js';

/** Callers waiting for a slot at most, per API, before further calls fail fast. */
export const DEFAULT_MAX_QUEUED = 1000;

export interface RateLimiter {
  /** Resolves when the caller may send its request; rejects when the signal aborts or the queue is full. */
  acquire(signal?: AbortSignal): Promise<void>;
}

export interface RateLimiterOptions {
  /** Name used in errors, e.g. `semantic_scholar`. */
  name: string;
  /** Requests per second; 0 or Infinity disables pacing (tests, local mirrors). */
  requestsPerSecond: number;
  /** Callers allowed to wait at once (default DEFAULT_MAX_QUEUED). */
  maxQueued?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const rps = options.requestsPerSecond;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const now = options.now ?? Date.now;
  if (!(rps > 0) || rps === Infinity) return { acquire: async () => undefined };
  const intervalMs = 1000 / rps;
  let nextAt = 0;
  let waiting = 0;
  return {
    async acquire(signal?: AbortSignal): Promise<void> {
      if (waiting >= maxQueued) {
        throw new RetryableError(`${options.name}: ${waiting} requests already waiting for the rate limit (${rps}/s); try again later`, {
          code: 'rate_limit_queue_full',
          details: { api: options.name, waiting, requestsPerSecond: rps },
        });
      }
      const t = now();
      const slot = Math.max(t, nextAt);
      nextAt = slot + intervalMs;
      if (slot <= t) return;
      waiting += 1;
      try {
        await delay(slot - t, signal);
      } finally {
        waiting -= 1;
      }
    },
  };
}
