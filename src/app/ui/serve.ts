// What `lyra serve` runs on: the engine with the stance model under its active calibration, the
// store it writes, the recompute a feedback correction triggers, and the HTTP settings (config
// `mcp.http`, $LYRA_MCP_TOKEN). Composition only; the MCP protocol lives in mcp/.
import type { EvidenceQueries, QueueOptions, QueuedItem, SearchTarget, Store } from '../../core/index.js';
import type { PgBossQueue } from '../../queue/index.js';
import { openJobQueue } from '../workers/jobs.js';
import { hasTeamDatabase } from '../workers/worker-settings.js';
import type { DomainPolicySource, LyraConfig } from '../config/index.js';
import { createEngine, graphLimitsOf, type AppEngine, type EngineOverrides } from '../engine.js';
import { createEvidenceQueries } from '../tasks/evidence-queries.js';
import type { RecomputeSummary } from '../feedback/feedback.js';
import { createRuntime } from '../runtime.js';
import { createTaskRecompute } from '../tasks/task-recompute.js';
import { createTrustResolver } from '../trust-resolver.js';
import { MCP_TOKEN_ENV, mcpSettingsOf, type McpSettings } from './mcp-settings.js';

export interface ServeRuntime {
  engine: AppEngine;
  store: Store;
  /** The one domain policy the engine, the recompute and a domain override share. */
  policy: DomainPolicySource;
  recompute(taskId: string): RecomputeSummary;
  /** Views, read-only SQL and vector search (query_view, query_sql, vector_search). */
  evidence: EvidenceQueries;
  /** Limits and naming of the MCP tools (config `mcp`). */
  settings: McpSettings;
  /** With a team database: queued searches are recorded and become jobs for `lyra worker` instead of running here. */
  queue?(taskId: string, targets: SearchTarget[], options?: QueueOptions, signal?: AbortSignal): Promise<QueuedItem[]>;
  close(): Promise<void>;
}

/** The engine for serving; `overrides` as createEngine's (tests swap adapters; a given store is not closed). */
export function createServeRuntime(config: LyraConfig, overrides: EngineOverrides = {}): ServeRuntime {
  // One runtime for the whole server: one store, one live domain policy (an override is seen
  // everywhere at once), the stance model under the store's active calibration.
  const runtime = overrides.runtime ?? createRuntime(config, overrides, { watchPolicy: true, calibrateStance: true });
  const store = runtime.store();
  const policy = runtime.policy();
  const engine = createEngine(config, { ...overrides, runtime });
  const graphLimits = graphLimitsOf(config);
  const trust = createTrustResolver({ policy, store });
  const recompute = createTaskRecompute({ store, trust, ...(graphLimits ? { graphLimits } : {}) });
  const settings = mcpSettingsOf(config);
  // A store handed in names its own file (SqliteStore.path); otherwise it is the configured one.
  const storePath = (store as Partial<{ path: string }>).path ?? config.store.path;
  const evidence = createEvidenceQueries({
    store,
    storePath,
    trust,
    embedding: () => engine.embeddingModel(),
    sql: settings.sql,
    vectorSearch: settings.vectorSearch,
  });
  // One job queue for the server's life, opened on the first queued search (pg-boss starts once, not per call).
  let jobs: PgBossQueue | undefined;
  // Recorded first, then enqueued: a job that fails to enqueue leaves its query pending for `lyra resume`, and the error reaches the caller.
  const queue = hasTeamDatabase(config)
    ? async (taskId: string, targets: SearchTarget[], options: QueueOptions = {}, signal?: AbortSignal): Promise<QueuedItem[]> => {
        const items = engine.record(taskId, targets, options);
        jobs ??= openJobQueue(config);
        await jobs.enqueue(
          items.map((i) => ({ taskId, queryId: i.queryId })),
          signal ? { signal } : {},
        );
        return items;
      }
    : undefined;
  return {
    engine,
    store,
    policy,
    recompute,
    evidence,
    settings,
    ...(queue ? { queue } : {}),
    async close(): Promise<void> {
      await evidence.close();
      await jobs?.close();
      await engine.close();
      if (!overrides.runtime) await runtime.close();
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
