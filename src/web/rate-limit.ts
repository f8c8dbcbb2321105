// Requests per client address in fixed one-minute windows, two budgets (all requests, actions). The
// map of clients is bounded (UI_DEFAULTS.rateLimitClients): the oldest entry is dropped past it.
export interface RateLimiter {
  /** Counts one request; undefined when allowed, else the seconds until the window ends. */
  take(client: string, kind: 'request' | 'action', now?: number): number | undefined;
}

const WINDOW_MS = 60_000;

export function createRateLimiter(options: { perMinute: number; actionsPerMinute: number; maxClients: number }): RateLimiter {
  const windows = new Map<string, { start: number; request: number; action: number }>();
  return {
    take(client, kind, now = Date.now()) {
      let w = windows.get(client);
      if (!w || now - w.start >= WINDOW_MS) {
        windows.delete(client);
        if (windows.size >= options.maxClients) windows.delete(windows.keys().next().value!);
        w = { start: now, request: 0, action: 0 };
        windows.set(client, w);
      }
      const limit = kind === 'action' ? options.actionsPerMinute : options.perMinute;
      if (w[kind] >= limit) return Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
      w[kind]++;
      return undefined;
    },
  };
}
