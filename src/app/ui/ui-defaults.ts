// The browser UI's limits and their defaults (config `ui.*` overrides each; docs/ui.md). Here in
// app/ so that `lyra config show` reads them (app/config/config-defaults.ts); web/ re-exports them.
/** Environment variable holding the UI token (wins over ui.token). */
export const UI_TOKEN_ENV = 'LYRA_UI_TOKEN';
/** Default port of `lyra ui` (the MCP HTTP server's is 3917). */
export const UI_DEFAULT_PORT = 3918;

export const UI_DEFAULTS = {
  host: '127.0.0.1',
  /** Largest request body (an action's form), in bytes. */
  maxBodyBytes: 16 * 1024,
  /** Requests per client address per minute; more get 429 with Retry-After. */
  rateLimitPerMinute: 600,
  /** Actions (POST) per client address per minute. */
  actionRateLimitPerMinute: 30,
  /** Client addresses the rate limiter remembers; the oldest window is dropped beyond it. */
  rateLimitClients: 10_000,
  /** How often the store is checked for changes to push to open pages (ms). */
  livePollMs: 1_000,
  /** Live-update streams open at once; a new one makes the oldest yield. */
  maxLiveClients: 32,
  /** A live-update stream ends after this long (ms); the browser reconnects by itself. */
  liveMaxStreamMs: 30 * 60_000,
  /** A live-update stream that got no event for this long ends (ms); the browser reconnects by itself. */
  liveIdleMs: 5 * 60_000,
  /** A comment line sent on idle streams so proxies and browsers keep them open (ms). */
  liveHeartbeatMs: 15_000,
  /** Claims of one task loaded at most; the rest are counted, not shown. */
  maxClaims: 10_000,
  /** Claims rendered per page of the task view (the next ones are one link away). */
  pageClaims: 1_000,
  /** Task views kept in memory (each is read again when the store changes). */
  cachedTasks: 4,
  /** Longest time to receive one whole request, headers and body (ms). */
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  /** An idle keep-alive connection is closed after this long (ms). */
  idleTimeoutMs: 5_000,
  /** TCP connections open at once. */
  maxConnections: 128,
} as const;

export type UiLimits = { -readonly [K in keyof typeof UI_DEFAULTS]: (typeof UI_DEFAULTS)[K] extends string ? string : number };
