// Builds the HTTP fetcher from lyra.config.yaml (`fetch` section) and the live domain policy: per-host
// qps comes from domains.yaml at every scheduling decision, so hot reloads apply to running fetches.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { AuthItem, EventSink, SharedHostSchedule } from '../core/index.js';
import {
  createChromiumRenderer,
  createHttpFetcher,
  lyraUserAgent,
  type FetcherLimitsInput,
  type HostResolver,
  type HttpFetcher,
  type PageRenderer,
} from '../net/index.js';
import { resolveDomainTrust, type DomainPolicy } from '../policy/index.js';
import { PACKAGE_ROOT, type DomainPolicySource, type LyraConfig } from './config/index.js';
import { chromiumPathOf } from './web-search.js';

export interface CreateFetcherOptions {
  config: LyraConfig;
  /** Current domain policy (hot-reloaded); its qps sets each host's rate. */
  policy: DomainPolicySource;
  events?: EventSink;
  /** Receives auth-queue items for CAPTCHA / login / refusal pages (wire it to store.enqueueAuth). */
  onAuthRequired?: (item: AuthItem) => void;
  /** Renderer for `render: true` requests when rendering is enabled; default the system Chromium (fetch.render.chromium_path). */
  renderer?: PageRenderer;
  /** Enables rendering for this fetcher even when fetch.render.enabled is false (the CLI's --render). */
  enableRender?: boolean;
  /** DNS resolver override (tests). */
  resolver?: HostResolver;
  /** Limits over the configured ones (lyra doctor's probes: one attempt, a short timeout). */
  limits?: Partial<FetcherLimitsInput>;
  /** The per-host schedule shared with other processes (the team database); not closed by the fetcher. */
  sharedSchedule?: SharedHostSchedule;
}

/** Lyra's version from package.json, for the User-Agent. */
export function lyraVersion(): string {
  return (JSON.parse(readFileSync(resolve(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The fetcher limits the configuration asks for (absent keys keep the net/ defaults). */
export function fetcherSettings(config: LyraConfig): FetcherLimitsInput {
  const f = config.raw.fetch ?? {};
  const baseDir = config.configFile ? dirname(config.configFile) : process.cwd();
  const cacheDir = f.cache?.dir ? (isAbsolute(f.cache.dir) ? f.cache.dir : resolve(baseDir, f.cache.dir)) : resolve(config.home, 'cache', 'http');
  const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  return defined({
    timeoutMs: f.timeout_ms,
    idleTimeoutMs: f.idle_timeout_ms,
    maxBodyBytes: f.max_body_bytes,
    maxRedirects: f.max_redirects,
    concurrency: f.concurrency,
    perHostConcurrency: f.per_host_concurrency,
    maxRetries: f.max_retries,
    robots: { enabled: f.respect_robots ?? true },
    // Provider base URLs may reach their own private origin only when the config file is trusted (LyraConfig.networkTrusted).
    ssrf: { enabled: true, allow: f.allow_private ?? [], providerOrigins: config.networkTrusted },
    cache: f.cache?.enabled === false ? {} : defined({ dir: cacheDir, maxBytes: f.cache?.max_bytes, freshMs: f.cache?.fresh_ms }),
  });
}

/** qps of a host under the current policy, memoized per policy version (a reload makes a new policy object). */
export function qpsLookup(policy: DomainPolicySource): (host: string) => number {
  let seen: DomainPolicy | undefined;
  let memo = new Map<string, number>();
  return (host) => {
    const current = policy.current();
    if (current !== seen) {
      seen = current;
      memo = new Map();
    }
    let qps = memo.get(host);
    if (qps === undefined) {
      qps = resolveDomainTrust(current, host).qps;
      if (memo.size > 10_000) memo.clear();
      memo.set(host, qps);
    }
    return qps;
  };
}

export function createFetcher(options: CreateFetcherOptions): HttpFetcher {
  const { config } = options;
  // Rendering is allowed when asked for (--render, the engine) or by fetch.render.enabled, which defaults to "the system Chromium is found".
  const renderEnabled = options.enableRender === true || (config.raw.fetch?.render?.enabled ?? existsSync(chromiumPathOf(config)));
  return createHttpFetcher({
    ...fetcherSettings(config),
    ...options.limits,
    userAgent: lyraUserAgent({ version: lyraVersion(), contactUrl: config.contactUrl }),
    qpsFor: qpsLookup(options.policy),
    ...(options.events ? { events: options.events } : {}),
    ...(options.onAuthRequired ? { onAuthRequired: options.onAuthRequired } : {}),
    ...(options.resolver ? { resolver: options.resolver } : {}),
    ...(options.sharedSchedule ? { sharedSchedule: options.sharedSchedule } : {}),
    // The browser starts only on the first render request, so enabling rendering costs nothing until used.
    ...(renderEnabled
      ? {
          renderer:
            options.renderer ??
            createChromiumRenderer({ ...(config.raw.fetch?.render?.chromium_path ? { executablePath: config.raw.fetch.render.chromium_path } : {}) }),
        }
      : {}),
  });
}
