// The in-process host scheduler under a schedule shared with other processes (core SharedHostSchedule,
// net/pg-host-schedule.ts): a request first gets this process's slot (its own spacing and in-flight
// caps), then reserves the host's shared slot and waits for it, so a host's qps and crawl delay hold for
// every worker together. The send and the release end both; a 429/503 backoff is shared as well.
// When the shared schedule cannot be reached the request fails (retryable) rather than go out unspaced.
import { delay, type HostReservation, type SharedHostSchedule } from '../core/index.js';
import type { HostScheduler, HostSlot } from './host-scheduler.js';

export interface SharedSchedulerOptions {
  /** Failures of the asynchronous end of a reservation (the send mark, the release, a backoff); they only delay others. */
  onError?: (err: unknown, host: string) => void;
  /** Clock of the local scheduler (its backoff deadlines are on it); default performance.now. */
  now?: () => number;
}

export function withSharedSchedule(local: HostScheduler, shared: SharedHostSchedule, options: SharedSchedulerOptions = {}): HostScheduler {
  const now = options.now ?? (() => performance.now());
  const report = (host: string) => (err: unknown) => options.onError?.(err, host);
  return {
    async acquire(host, signal): Promise<HostSlot> {
      const slot = await local.acquire(host, signal);
      let reservation: HostReservation | undefined;
      try {
        reservation = await shared.reserve(host, { intervalMs: local.intervalFor(host), ...(signal ? { signal } : {}) });
        if (reservation.waitMs > 0) await delay(reservation.waitMs, signal);
      } catch (err) {
        if (reservation) void reservation.release().catch(report(host));
        slot.release();
        throw err;
      }
      const r = reservation;
      return {
        startedAt: now(),
        markSent(at) {
          slot.markSent(at);
          void r.markSent().catch(report(host));
        },
        release() {
          // After markSent this ends nothing: a reservation ends once.
          void r.release().catch(report(host));
          slot.release();
        },
      };
    },
    backoff(host, until) {
      local.backoff(host, until);
      void shared.backoff(host, until - now()).catch(report(host));
    },
    setCrawlDelay: (host, ms) => local.setCrawlDelay(host, ms),
    intervalFor: (host) => local.intervalFor(host),
    stats: () => local.stats(),
  };
}
