// What `lyra ui` runs on: the serve runtime (engine, store, the one domain policy, the recompute a
// correction triggers), its settings (config `ui`, $LYRA_UI_TOKEN), and the actions a person takes in
// the browser — each the same code path as the MCP `feedback` tool (applyFeedback, audited with author
// and reason), or for a domain's level the user_overrides entry a person would write by hand.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { isLoopbackHost, type TrustLevel } from '../../core/index.js';
import type { LyraConfig } from '../config/index.js';
import { setDomainOverride, type DomainOverrideOutcome } from '../domains/domain-overrides.js';
import { applyFeedback, type FeedbackInput, type FeedbackOutcome, type RecomputeSummary } from '../feedback/feedback.js';
import type { ServeRuntime } from './serve.js';
import { UI_DEFAULT_PORT, UI_TOKEN_ENV } from './ui-defaults.js';

/** Where an action says it was made, in the audit trail. */
export const UI_VIA = 'lyra ui';

export interface UiSettings {
  host: string;
  port: number;
  token?: string;
  /** The token was made at start (bound beyond loopback with none configured): print it. */
  tokenGenerated: boolean;
  allowedOrigins: string[];
  allowedHosts: string[];
  maxBodyBytes?: number;
  rateLimitPerMinute?: number;
  actionRateLimitPerMinute?: number;
  livePollMs?: number;
  maxLiveClients?: number;
  liveMaxStreamMs?: number;
  liveIdleMs?: number;
  maxClaims?: number;
  pageClaims?: number;
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  idleTimeoutMs?: number;
  maxConnections?: number;
  /** Folders of consensus run folders. */
  runsDirs: string[];
}

/** The limits set in the config (unset ones keep web/'s defaults). */
export function uiLimitsOf(s: UiSettings): Record<string, number> {
  const pairs: Array<[string, number | undefined]> = [
    ['maxBodyBytes', s.maxBodyBytes],
    ['rateLimitPerMinute', s.rateLimitPerMinute],
    ['actionRateLimitPerMinute', s.actionRateLimitPerMinute],
    ['livePollMs', s.livePollMs],
    ['maxLiveClients', s.maxLiveClients],
    ['liveMaxStreamMs', s.liveMaxStreamMs],
    ['liveIdleMs', s.liveIdleMs],
    ['maxClaims', s.maxClaims],
    ['pageClaims', s.pageClaims],
    ['requestTimeoutMs', s.requestTimeoutMs],
    ['headersTimeoutMs', s.headersTimeoutMs],
    ['idleTimeoutMs', s.idleTimeoutMs],
    ['maxConnections', s.maxConnections],
  ];
  return Object.fromEntries(pairs.filter((p): p is [string, number] => p[1] !== undefined));
}

/** Flags over config over defaults; the token from the environment over the config; a random one beyond loopback when neither. */
export function uiSettings(config: LyraConfig, options: { host?: string; port?: number; env: NodeJS.ProcessEnv }): UiSettings {
  const u = config.raw.ui ?? {};
  const host = options.host ?? u.host ?? '127.0.0.1';
  const given = options.env[UI_TOKEN_ENV]?.trim() || u.token;
  // Beyond loopback a token is required; one made here is as strong as any (32 random bytes).
  const token = given ?? (isLoopbackHost(host) ? undefined : randomBytes(32).toString('base64url'));
  const base = config.configFile ? resolve(config.configFile, '..') : process.cwd();
  return {
    host,
    port: options.port ?? u.port ?? UI_DEFAULT_PORT,
    ...(token ? { token } : {}),
    tokenGenerated: token !== undefined && given === undefined,
    allowedOrigins: u.allowed_origins ?? [],
    allowedHosts: u.allowed_hosts ?? [],
    maxBodyBytes: u.max_body_bytes,
    rateLimitPerMinute: u.rate_limit_per_minute,
    actionRateLimitPerMinute: u.action_rate_limit_per_minute,
    livePollMs: u.live_poll_ms,
    maxLiveClients: u.max_live_clients,
    liveMaxStreamMs: u.live_max_stream_ms,
    liveIdleMs: u.live_idle_ms,
    maxClaims: u.max_claims,
    pageClaims: u.page_claims,
    requestTimeoutMs: u.request_timeout_ms,
    headersTimeoutMs: u.headers_timeout_ms,
    idleTimeoutMs: u.idle_timeout_ms,
    maxConnections: u.max_connections,
    runsDirs: (u.runs_dirs ?? [resolve(config.home, 'runs')]).map((d) => resolve(base, d)),
  };
}

export interface UiActions {
  /** reject / restore a claim, correct an edge's stance: applyFeedback, as the MCP feedback tool. */
  feedback(input: FeedbackInput): FeedbackOutcome;
  /** Sets a domain's level in the user domains file, then recomputes the task the person is looking at. */
  overrideDomain(input: {
    taskId?: string;
    domain: string;
    trustLevel: TrustLevel;
    reason: string;
    author: string;
  }): DomainOverrideOutcome & { recomputed?: RecomputeSummary };
}

export function createUiActions(deps: { config: LyraConfig; runtime: Pick<ServeRuntime, 'store' | 'recompute' | 'policy'> }): UiActions {
  const { runtime } = deps;
  return {
    feedback: (input) => applyFeedback({ store: runtime.store, recompute: runtime.recompute }, input),
    overrideDomain: (input) => {
      const outcome = setDomainOverride(
        { config: deps.config, policy: runtime.policy },
        { domain: input.domain, trustLevel: input.trustLevel, reason: input.reason, author: input.author, via: UI_VIA },
      );
      const recomputed = input.taskId && runtime.store.getTask(input.taskId) ? runtime.recompute(input.taskId) : undefined;
      return { ...outcome, ...(recomputed ? { recomputed } : {}) };
    },
  };
}
