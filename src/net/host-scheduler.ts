// Politeness: when a request to a host may start. Each host has three separate clocks — the qps
// interval (from the domain policy, read at every decision so hot reloads apply), the robots.txt
// crawl delay, and a backoff deadline set after 429/503 — plus an in-flight cap; a global cap bounds
// requests in flight over all hosts. Among hosts that are ready, the one that has waited longest goes
// first, so a slow host never holds a global slot while it waits for its own clock.
import { InvalidInputError } from '../core/index.js';

/** Host states kept before idle ones are swept (bounds memory on long crawls over many hosts). */
export const MAX_TRACKED_HOSTS = 10_000;

export interface HostSchedulerOptions {
  /** Requests per second allowed for a host (domain policy qps). */
  qpsFor: (host: string) => number;
  /** Requests in flight at once over all hosts. */
  concurrency: number;
  /** Requests in flight at once to one host. */
  perHostConcurrency: number;
  /** Largest number of requests waiting for a slot; more are refused (bounded queue). */
  maxQueued: number;
  /** Clock, injectable for tests. */
  now?: () => number;
}

export interface HostSlot {
  /** When the slot was granted (ms, scheduler clock). */
  startedAt: number;
  /**
   * The request was written to the socket at `at`. Until then the host gets no further slot, and the
   * next start counts from this moment, so DNS, connection setup, a wait for a free connection or an
   * event-loop delay never shorten the gap the server sees.
   */
  markSent(at?: number): void;
  release(): void;
}

interface Waiter {
  resolve: (slot: HostSlot) => void;
  reject: (err: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  enqueuedAt: number;
}

interface HostState {
  host: string;
  /** When the last request started; the next may start one interval later (interval read live). */
  lastStart: number;
  /** Slots granted whose request has not reached the socket yet. */
  unsent: number;
  /** Earliest start allowed after a 429/503 backoff. */
  backoffUntil: number;
  crawlDelayMs: number;
  inFlight: number;
  waiters: Waiter[];
}

export interface HostScheduler {
  acquire(host: string, signal?: AbortSignal): Promise<HostSlot>;
  /** Holds every request to `host` until `until` (ms, scheduler clock); later deadlines win. */
  backoff(host: string, until: number): void;
  setCrawlDelay(host: string, ms: number): void;
  /** The spacing a host's requests need now, in ms: 1/qps of the policy, or the crawl delay when longer. */
  intervalFor(host: string): number;
  stats(): { inFlight: number; queued: number; hosts: number };
}

export function createHostScheduler(options: HostSchedulerOptions): HostScheduler {
  if (!(options.concurrency >= 1) || !(options.perHostConcurrency >= 1)) {
    throw new InvalidInputError(
      `host scheduler: concurrency and perHostConcurrency must be ≥ 1, got ${options.concurrency} and ${options.perHostConcurrency}`,
      { code: 'config_invalid' },
    );
  }
  const now = options.now ?? (() => performance.now());
  const hosts = new Map<string, HostState>();
  const waiting = new Set<HostState>();
  let inFlight = 0;
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;

  const stateOf = (host: string): HostState => {
    let s = hosts.get(host);
    if (!s) {
      s = { host, lastStart: -Infinity, unsent: 0, backoffUntil: 0, crawlDelayMs: 0, inFlight: 0, waiters: [] };
      hosts.set(host, s);
    }
    return s;
  };

  const intervalOf = (host: string, crawlDelayMs: number): number => {
    const qps = options.qpsFor(host);
    const byQps = qps > 0 && Number.isFinite(qps) ? 1000 / qps : 1000;
    return Math.max(byQps, crawlDelayMs);
  };
  const intervalMs = (s: HostState): number => intervalOf(s.host, s.crawlDelayMs);

  // Computed at each decision, so a qps reload or a crawl delay learned from robots.txt applies to the waiting request.
  const readyAt = (s: HostState): number => (s.unsent > 0 ? Infinity : Math.max(s.lastStart + intervalMs(s), s.backoffUntil));

  const grant = (s: HostState, at: number): void => {
    const w = s.waiters.shift()!;
    queued -= 1;
    if (s.waiters.length === 0) waiting.delete(s);
    if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
    inFlight += 1;
    s.inFlight += 1;
    // Spacing counts from the actual start: a late timer makes the gap longer, never shorter.
    s.lastStart = at;
    s.unsent += 1;
    let released = false;
    let sent = false;
    const markSent = (sentAt = now()): void => {
      if (sent) return;
      sent = true;
      s.unsent -= 1;
      if (sentAt > s.lastStart) s.lastStart = sentAt;
      pump();
    };
    w.resolve({
      startedAt: at,
      markSent,
      release: () => {
        if (released) return;
        released = true;
        // A request that never reached the socket (refused, failed to connect) frees the host as of its grant.
        if (!sent) {
          sent = true;
          s.unsent -= 1;
        }
        inFlight -= 1;
        s.inFlight -= 1;
        pump();
      },
    });
  };

  const pump = (): void => {
    const t = now();
    let earliest = Infinity;
    while (inFlight < options.concurrency && waiting.size > 0) {
      let best: HostState | undefined;
      let bestReady = Infinity;
      let bestWaited = Infinity;
      for (const s of waiting) {
        if (s.inFlight >= options.perHostConcurrency) continue;
        const ready = readyAt(s);
        if (ready > t) {
          earliest = Math.min(earliest, ready);
          continue;
        }
        const waited = s.waiters[0]!.enqueuedAt;
        if (best === undefined || ready < bestReady || (ready === bestReady && waited < bestWaited)) {
          best = s;
          bestReady = ready;
          bestWaited = waited;
        }
      }
      if (!best) break;
      grant(best, t);
      earliest = Infinity; // recompute: the granted host's clock moved
    }
    if (inFlight < options.concurrency && earliest === Infinity) {
      for (const s of waiting) if (s.inFlight < options.perHostConcurrency) earliest = Math.min(earliest, readyAt(s));
    }
    if (earliest !== Infinity && inFlight < options.concurrency) arm(earliest);
  };

  // Timers have 1 ms granularity and fire late; every ms lost here is lost from every interval. So
  // the timer aims just short of the ready time and the last sub-millisecond is waited out with
  // setImmediate (a few loop turns), never granting early.
  let immediate: NodeJS.Immediate | undefined;
  const fire = (): void => {
    timer = undefined;
    immediate = undefined;
    timerAt = Infinity;
    pump();
  };
  const arm = (at: number): void => {
    if ((timer || immediate) && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
    timerAt = at;
    const wait = at - now();
    if (wait < 1) immediate = setImmediate(fire);
    else timer = setTimeout(fire, Math.floor(wait));
  };

  // Forget hosts that are idle and whose clocks have passed: their state would be recreated equal.
  const sweep = (): void => {
    const t = now();
    for (const [host, s] of hosts) {
      if (s.inFlight === 0 && s.waiters.length === 0 && readyAt(s) <= t) hosts.delete(host);
    }
  };

  return {
    acquire(host, signal) {
      return new Promise<HostSlot>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        if (queued >= options.maxQueued) {
          return reject(
            new InvalidInputError(`fetch queue full: ${queued} requests waiting (fetch.max_queued = ${options.maxQueued}); refused ${host}`, {
              code: 'queue_full',
              details: { host },
            }),
          );
        }
        if (hosts.size >= MAX_TRACKED_HOSTS) sweep();
        const s = stateOf(host);
        const w: Waiter = { resolve, reject, signal, enqueuedAt: now() };
        if (signal) {
          w.onAbort = () => {
            const i = s.waiters.indexOf(w);
            if (i >= 0) {
              s.waiters.splice(i, 1);
              queued -= 1;
              if (s.waiters.length === 0) waiting.delete(s);
            }
            reject(signal.reason);
          };
          signal.addEventListener('abort', w.onAbort, { once: true });
        }
        s.waiters.push(w);
        queued += 1;
        waiting.add(s);
        pump();
      });
    },
    backoff(host, until) {
      const s = stateOf(host);
      s.backoffUntil = Math.max(s.backoffUntil, until);
    },
    setCrawlDelay(host, ms) {
      stateOf(host).crawlDelayMs = Math.max(0, ms);
    },
    intervalFor: (host) => intervalOf(host, hosts.get(host)?.crawlDelayMs ?? 0),
    stats: () => ({ inFlight, queued, hosts: hosts.size }),
  };
}
