// `lyra ui`'s HTTP server: bound to 127.0.0.1 unless told otherwise (beyond loopback only with a
// token), every request through the guard, rate limiter and size limits, slow and idle connections
// cut (the same timeouts as the MCP HTTP server). Stops when its signal aborts or close() is called.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkBindOptions } from '../core/index.js';
import { UI_GUARD_LABELS, newFormToken, newSessionSecret, type UiAuthOptions } from './auth.js';
import type { UiContext, UiServices } from './context.js';
import { UI_DEFAULTS, type UiLimits } from './defaults.js';
import { createUiRequestHandler, type UiRequestHandler } from './handler.js';
import { createLiveHub, type LiveHub } from './live.js';
import { createRateLimiter } from './rate-limit.js';
import { createTaskCache } from './task-cache.js';

export interface UiServerOptions {
  services: UiServices;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Required beyond loopback (`?token=` once, then a cookie). */
  token?: string;
  allowedOrigins?: readonly string[];
  allowedHosts?: readonly string[];
  limits?: Partial<UiLimits>;
  runsDirs?: readonly string[];
  /** The name actions are signed with by default. */
  author?: string;
  /** Path the UI is mounted at ('' at the root). */
  base?: string;
  log?: (line: string) => void;
  /** Aborting it closes the server. */
  signal?: AbortSignal;
}

export interface UiHandler {
  handle: UiRequestHandler;
  live: LiveHub;
  close(): void;
}

/** The UI as a request handler (for a server of its own, or mounted under another at `base`). */
export function createUiHandler(options: UiServerOptions & { host: string }): UiHandler {
  const limits: UiLimits = { ...UI_DEFAULTS, ...Object.fromEntries(Object.entries(options.limits ?? {}).filter(([, v]) => v !== undefined)) };
  const live = createLiveHub(
    { store: options.services.store },
    {
      pollMs: limits.livePollMs,
      heartbeatMs: limits.liveHeartbeatMs,
      maxClients: limits.maxLiveClients,
      maxStreamMs: limits.liveMaxStreamMs,
      idleMs: limits.liveIdleMs,
    },
  );
  const ctx: UiContext = {
    services: options.services,
    cache: createTaskCache(options.services, { maxClaims: limits.maxClaims, size: limits.cachedTasks }),
    live,
    limits,
    base: options.base ?? '',
    formToken: newFormToken(),
    author: options.author ?? 'ui user',
    runsDirs: options.runsDirs ?? [],
    log: options.log ?? ((): void => undefined),
  };
  const auth: UiAuthOptions = {
    bindHost: options.host,
    allowedOrigins: options.allowedOrigins ?? [],
    allowedHosts: options.allowedHosts ?? [],
    sessionSecret: newSessionSecret(),
    ...(options.token ? { token: options.token } : {}),
  };
  const limiter = createRateLimiter({
    perMinute: limits.rateLimitPerMinute,
    actionsPerMinute: limits.actionRateLimitPerMinute,
    maxClients: limits.rateLimitClients,
  });
  return { handle: createUiRequestHandler(ctx, auth, limiter), live, close: () => live.close() };
}

export interface RunningUiServer {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

export async function startUiServer(options: UiServerOptions): Promise<RunningUiServer> {
  const host = options.host ?? UI_DEFAULTS.host;
  checkBindOptions({ host, ...(options.token !== undefined ? { token: options.token } : {}), labels: UI_GUARD_LABELS });
  options.signal?.throwIfAborted();
  const ui = createUiHandler({ ...options, host });
  const log = options.log ?? ((): void => undefined);
  const http = createServer((req, res) => {
    ui.handle(req, res).catch((err: unknown) => {
      log(`request failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    });
  });
  const l = { ...UI_DEFAULTS, ...options.limits };
  http.requestTimeout = l.requestTimeoutMs;
  http.headersTimeout = Math.min(l.headersTimeoutMs, l.requestTimeoutMs || Number.POSITIVE_INFINITY);
  http.keepAliveTimeout = l.idleTimeoutMs;
  http.maxConnections = l.maxConnections;
  (http as unknown as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = 1_000;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      ui.close();
      http.closeAllConnections();
      http.close(() => resolve());
    });
    return closed;
  };
  options.signal?.addEventListener('abort', () => void close(), { once: true });
  const address = http.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${shown}:${address.port}${options.base ?? ''}/`, host: address.address, port: address.port, close };
}

/** Where `lyra serve --http --ui` mounts the UI beside the MCP endpoint. */
export const UI_MOUNT_PATH = '/ui';
