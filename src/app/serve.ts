// What `lyra serve` runs on: the engine with the stance model under its active calibration, the
// store it writes, the recompute a feedback correction triggers, and the HTTP settings (config
// `mcp.http`, $LYRA_MCP_TOKEN). Composition only; the MCP protocol lives in mcp/.
import type { Store } from '../core/index.js';
import { calibratedStanceModel } from './calibration.js';
import { createDomainPolicySource, type DomainPolicySource, type LyraConfig } from './config/index.js';
import { createEngine, graphLimitsOf, type AppEngine, type EngineOverrides } from './engine.js';
import type { RecomputeSummary } from './feedback.js';
import { buildStanceModel } from './models.js';
import { openOrCreateStore } from './open-store.js';
import { createTaskRecompute } from './task-recompute.js';
import { createTrustResolver } from './trust-resolver.js';

/** Environment variable holding the HTTP bearer token (wins over mcp.http.token). */
export const MCP_TOKEN_ENV = 'LYRA_MCP_TOKEN';

export interface ServeRuntime {
  engine: AppEngine;
  store: Store;
  /** The one domain policy the engine, the recompute and a domain override share. */
  policy: DomainPolicySource;
  recompute(taskId: string): RecomputeSummary;
  close(): Promise<void>;
}

/** The engine for serving; `overrides` as createEngine's (tests swap adapters; a given store is not closed). */
export function createServeRuntime(config: LyraConfig, overrides: EngineOverrides = {}): ServeRuntime {
  const store = overrides.store ?? openOrCreateStore(config.store.path);
  const stance = overrides.stance ?? calibratedStanceModel({ base: () => buildStanceModel({ config }), store });
  const ownPolicy = overrides.policy ? undefined : createDomainPolicySource({ ...config.domains, ...(overrides.events ? { events: overrides.events } : {}) });
  const policy = overrides.policy ?? ownPolicy!;
  const engine = createEngine(config, { ...overrides, store, stance, policy });
  const graphLimits = graphLimitsOf(config);
  const recompute = createTaskRecompute({ store, trust: createTrustResolver({ policy, store }), ...(graphLimits ? { graphLimits } : {}) });
  return {
    engine,
    store,
    policy,
    recompute,
    async close(): Promise<void> {
      await engine.close();
      ownPolicy?.close();
      if (!overrides.store) store.close();
    },
  };
}

export interface HttpSettings {
  host: string;
  port: number;
  token?: string;
  allowedOrigins: string[];
  allowedHosts: string[];
  maxBodyBytes?: number;
  maxSessions?: number;
  sessionIdleMs?: number;
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  idleTimeoutMs?: number;
  maxConnections?: number;
}

/** HTTP settings: flags over config over defaults; the token from the environment over the config. */
export function httpSettings(config: LyraConfig, options: { host?: string; port?: number; env: NodeJS.ProcessEnv }): HttpSettings {
  const h = config.raw.mcp?.http ?? {};
  const token = options.env[MCP_TOKEN_ENV]?.trim() || h.token;
  return {
    host: options.host ?? h.host ?? '127.0.0.1',
    port: options.port ?? h.port ?? 3917,
    ...(token ? { token } : {}),
    allowedOrigins: h.allowed_origins ?? [],
    allowedHosts: h.allowed_hosts ?? [],
    ...(h.max_body_bytes !== undefined ? { maxBodyBytes: h.max_body_bytes } : {}),
    ...(h.max_sessions !== undefined ? { maxSessions: h.max_sessions } : {}),
    ...(h.session_idle_ms !== undefined ? { sessionIdleMs: h.session_idle_ms } : {}),
    ...(h.request_timeout_ms !== undefined ? { requestTimeoutMs: h.request_timeout_ms } : {}),
    ...(h.headers_timeout_ms !== undefined ? { headersTimeoutMs: h.headers_timeout_ms } : {}),
    ...(h.idle_timeout_ms !== undefined ? { idleTimeoutMs: h.idle_timeout_ms } : {}),
    ...(h.max_connections !== undefined ? { maxConnections: h.max_connections } : {}),
  };
}
