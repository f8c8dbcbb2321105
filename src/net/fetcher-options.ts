// Options of the HTTP fetcher: every limit with its default, checked by a strict schema when the
// fetcher is built so a wrong value names itself instead of misbehaving later.
import { z } from 'zod';
import type { AuthItem, EventSink, SharedHostSchedule } from '../core/index.js';
import type { HostResolver } from './pinned-lookup.js';
import type { PageRenderer } from './renderer.js';

/** Media types fetched by default; `type/` entries match every subtype, `+xml`/`+json` suffixes are always text. */
export const DEFAULT_ALLOWED_CONTENT_TYPES: readonly string[] = [
  'text/html',
  'application/xhtml+xml',
  'text/plain',
  'text/markdown',
  'text/csv',
  'text/xml',
  'application/xml',
  'application/json',
  'application/ld+json',
  'application/rss+xml',
  'application/atom+xml',
  'application/pdf',
  'application/x-bibtex',
  'application/x-research-info-systems',
];

export const FETCH_DEFAULTS = {
  /** Whole attempt (connect, headers, body). */
  timeoutMs: 30_000,
  /** Longest silence (no headers, no body bytes) before the attempt is abandoned. */
  idleTimeoutMs: 15_000,
  maxBodyBytes: 20 * 1024 * 1024,
  maxRedirects: 10,
  concurrency: 16,
  perHostConcurrency: 2,
  /** Requests waiting for a slot; more are refused with `queue_full`. */
  maxQueued: 10_000,
  maxRetries: 3,
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
  /** A server asking to wait longer than this fails the fetch (retryable) instead of holding it. */
  maxRetryAfterMs: 120_000,
  robotsTtlMs: 24 * 3600_000,
  robotsMaxEntries: 2_000,
  /** robots.txt larger than this is cut (RFC 9309 asks crawlers to read at least 500 KiB). */
  robotsMaxBytes: 512 * 1024,
  /** A robots Crawl-delay above this is capped (and reported). */
  maxCrawlDelayMs: 30_000,
  cacheMaxBytes: 512 * 1024 * 1024,
  /** A cached copy younger than this is served without asking the server; older ones are revalidated. */
  cacheFreshMs: 24 * 3600_000,
} as const;

export const fetcherLimitsSchema = z.strictObject({
  timeoutMs: z.number().int().min(100).max(600_000).default(FETCH_DEFAULTS.timeoutMs),
  idleTimeoutMs: z.number().int().min(50).max(600_000).default(FETCH_DEFAULTS.idleTimeoutMs),
  maxBodyBytes: z.number().int().min(1024).max(1_073_741_824).default(FETCH_DEFAULTS.maxBodyBytes),
  maxRedirects: z.number().int().min(0).max(20).default(FETCH_DEFAULTS.maxRedirects),
  concurrency: z.number().int().min(1).max(256).default(FETCH_DEFAULTS.concurrency),
  perHostConcurrency: z.number().int().min(1).max(64).default(FETCH_DEFAULTS.perHostConcurrency),
  maxQueued: z.number().int().min(1).max(10_000_000).default(FETCH_DEFAULTS.maxQueued),
  maxRetries: z.number().int().min(0).max(10).default(FETCH_DEFAULTS.maxRetries),
  backoffBaseMs: z.number().int().min(0).max(600_000).default(FETCH_DEFAULTS.backoffBaseMs),
  backoffMaxMs: z.number().int().min(0).max(3_600_000).default(FETCH_DEFAULTS.backoffMaxMs),
  maxRetryAfterMs: z.number().int().min(0).max(3_600_000).default(FETCH_DEFAULTS.maxRetryAfterMs),
  allowedContentTypes: z.array(z.string().min(1)).default([...DEFAULT_ALLOWED_CONTENT_TYPES]),
  robots: z
    .strictObject({
      enabled: z.boolean().default(true),
      ttlMs: z.number().int().min(0).default(FETCH_DEFAULTS.robotsTtlMs),
      maxEntries: z.number().int().min(1).default(FETCH_DEFAULTS.robotsMaxEntries),
      maxBytes: z.number().int().min(1024).default(FETCH_DEFAULTS.robotsMaxBytes),
      maxCrawlDelayMs: z.number().int().min(0).default(FETCH_DEFAULTS.maxCrawlDelayMs),
    })
    .prefault({}),
  ssrf: z
    .strictObject({
      enabled: z.boolean().default(true),
      /** Origins (`http://127.0.0.1:8888`) or CIDRs with a port (`10.1.0.0/16:8080`) let through even when private or loopback. */
      allow: z.array(z.string().min(1)).default([]),
      /** Honour FetchRequest.providerOrigin (a configured provider's own origin may be private); off when the provider settings come from an untrusted config file. */
      providerOrigins: z.boolean().default(true),
    })
    .prefault({}),
  cache: z
    .strictObject({
      /** Folder of the on-disk cache; no cache when absent. */
      dir: z.string().min(1).optional(),
      maxBytes: z.number().int().min(0).default(FETCH_DEFAULTS.cacheMaxBytes),
      freshMs: z.number().int().min(0).default(FETCH_DEFAULTS.cacheFreshMs),
    })
    .prefault({}),
});

export type FetcherLimitsInput = z.input<typeof fetcherLimitsSchema>;
export type FetcherLimits = z.output<typeof fetcherLimitsSchema>;

export interface HttpFetcherOptions extends FetcherLimitsInput {
  /** Full User-Agent header; build it with `lyraUserAgent`. */
  userAgent: string;
  /** Product token matched against robots.txt `User-agent:` lines; default `Lyra`. */
  robotsAgent?: string;
  /** Requests per second allowed for a host: the domain policy's qps, read at every scheduling decision. */
  qpsFor: (host: string) => number;
  events?: EventSink;
  /** Called with a pending auth-queue item when a page turns out to be a CAPTCHA, login wall or refusal. */
  onAuthRequired?: (item: AuthItem) => void;
  /** DNS resolver; tests inject one mapping names to loopback or to private addresses. */
  resolver?: HostResolver;
  /** Renders script-only pages when a request asks for it; absent → such requests fail with `render_unavailable`. */
  renderer?: PageRenderer;
  /** Random source for jitter; tests may fix it. */
  random?: () => number;
  /**
   * A per-host schedule shared with other processes (the team database): each request also reserves
   * its host's shared slot, so qps and crawl delay hold over every worker. Not closed by the fetcher.
   */
  sharedSchedule?: SharedHostSchedule;
}

/** `Lyra/<version> (+<contact URL>)`: names the crawler and how to reach its operator. */
export function lyraUserAgent(options: { version: string; contactUrl: string }): string {
  return `Lyra/${options.version} (+${options.contactUrl})`;
}

/** Whether a response media type passes the allowlist (`text/` matches any text subtype). */
export function contentTypeAllowed(contentType: string, allowed: readonly string[]): boolean {
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  if (mime === '') return true; // undeclared: extraction sniffs it
  if (mime.endsWith('+xml') || mime.endsWith('+json')) return true;
  return allowed.some((a) => {
    const x = a.toLowerCase();
    return x.endsWith('/') ? mime.startsWith(x) : mime === x;
  });
}
