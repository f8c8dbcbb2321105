// The Fetcher: politeness (per-host qps, crawl delay, backoff, global cap), robots.txt, the SSRF
// guard on every hop, redirects, retries honouring Retry-After, block detection → auth queue, the
// on-disk cache with revalidation, and charset decoding. Each concern lives in its own file; this
// one decides the order and turns HTTP statuses into typed errors.
import { isIP } from 'node:net';
import {
  BlockedError,
  NonRetryableError,
  RetryableError,
  combineSignals,
  delay,
  isLyraError,
  newId,
  normalizeUrl,
  NULL_EVENT_SINK,
  type AuthItem,
  type FetchRequest,
  type FetchResponse,
  type Fetcher,
  type LyraEvent,
} from '../core/index.js';
import { createAddressGuard } from './address-guard.js';
import { targetOf } from './allow-entries.js';
import { CHALLENGE_PAGE_MAX_CHARS, detectBlock } from './block-detect.js';
import { ACCEPT_ENCODING, bodyTooLarge, decodeContent } from './body-reader.js';
import { decodeText, detectCharset, isTextual } from './charset.js';
import { exchange, createDispatcher, type ExchangeResponse } from './exchange.js';
import { contentTypeAllowed, fetcherLimitsSchema, type HttpFetcherOptions } from './fetcher-options.js';
import { createHostScheduler } from './host-scheduler.js';
import { withSharedSchedule } from './shared-host-scheduler.js';
import { createDiskHttpCache, type CachedResponse } from './http-cache.js';
import { createPinnedLookup, resolveChecked, systemResolver } from './pinned-lookup.js';
import { backoffDelayMs, serverRequestedWait } from './retry.js';
import { createRobotsCache } from './robots.js';
import { createTaskSignals } from './task-signals.js';
import { renderPage } from './render-fetch.js';

/** Bytes of an error response read to look for challenge markers. */
const ERROR_BODY_BYTES = 256 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Provider origins one fetcher serves with their own connection pool (one per configured provider). */
const MAX_PROVIDER_LANES = 32;

export interface HttpFetcher extends Fetcher {
  cancelTask(taskId: string): void;
  /** Closes idle connections and the renderer; in-flight fetches fail. */
  close(): Promise<void>;
}

interface Final {
  url: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export function createHttpFetcher(options: HttpFetcherOptions): HttpFetcher {
  const limits = fetcherLimitsSchema.parse({
    timeoutMs: options.timeoutMs,
    idleTimeoutMs: options.idleTimeoutMs,
    maxBodyBytes: options.maxBodyBytes,
    maxRedirects: options.maxRedirects,
    concurrency: options.concurrency,
    perHostConcurrency: options.perHostConcurrency,
    maxQueued: options.maxQueued,
    maxRetries: options.maxRetries,
    backoffBaseMs: options.backoffBaseMs,
    backoffMaxMs: options.backoffMaxMs,
    maxRetryAfterMs: options.maxRetryAfterMs,
    allowedContentTypes: options.allowedContentTypes,
    robots: options.robots,
    ssrf: options.ssrf,
    cache: options.cache,
  });
  const events = options.events ?? NULL_EVENT_SINK;
  const emit = (e: Omit<LyraEvent, 'at'>): void => events.emit({ ...e, at: new Date().toISOString() });
  const guard = createAddressGuard({ enabled: limits.ssrf.enabled, allow: limits.ssrf.allow });
  const resolver = options.resolver ?? systemResolver;
  const connectTimeoutMs = Math.min(limits.timeoutMs, 10_000);
  // One spare connection, so a granted request never queues behind a connection that is still being returned to the pool.
  const connectionsPerOrigin = limits.perHostConcurrency + 1;
  const laneOf = (g: typeof guard): { guard: typeof guard; dispatcher: ReturnType<typeof createDispatcher> } => ({
    guard: g,
    dispatcher: createDispatcher({
      lookupFor: (origin) => createPinnedLookup({ resolver, guard: g, target: targetOf(origin) }),
      connectTimeoutMs,
      connectionsPerOrigin,
    }),
  });
  const defaultLane = laneOf(guard);
  /** One lane (guard + pool) per configured provider origin; bounded by the number of configured providers. */
  const providerLanes = new Map<string, ReturnType<typeof laneOf>>();
  /** The lane of one hop: a provider's own origin gets its private-address allowance, every other URL (results, redirects elsewhere) the default. */
  const laneFor = (request: FetchRequest, url: URL): ReturnType<typeof laneOf> => {
    if (!limits.ssrf.providerOrigins || !request.providerOrigin) return defaultLane;
    const origin = new URL(request.providerOrigin).origin;
    if (url.origin !== origin) return defaultLane;
    let lane = providerLanes.get(origin);
    if (!lane) {
      if (providerLanes.size >= MAX_PROVIDER_LANES)
        throw new NonRetryableError(`more than ${MAX_PROVIDER_LANES} provider origins in one fetcher (${origin})`, {
          code: 'too_many_provider_origins',
          details: { origin },
        });
      lane = laneOf(guard.withOrigins([origin]));
      providerLanes.set(origin, lane);
    }
    return lane;
  };
  const localScheduler = createHostScheduler({
    qpsFor: options.qpsFor,
    concurrency: limits.concurrency,
    perHostConcurrency: limits.perHostConcurrency,
    maxQueued: limits.maxQueued,
  });
  const scheduler = options.sharedSchedule
    ? withSharedSchedule(localScheduler, options.sharedSchedule, {
        onError: (err, host) =>
          emit({
            type: 'fetch.host_schedule_error',
            level: 'warn',
            message: `shared host schedule of ${host}: ${(err as Error).message}; other processes wait for its hold to lapse`,
            data: { host },
          }),
      })
    : localScheduler;
  const dispatcher = defaultLane.dispatcher;
  const tasks = createTaskSignals();
  const cache = limits.cache.dir ? createDiskHttpCache({ dir: limits.cache.dir, maxBytes: limits.cache.maxBytes }) : undefined;
  const robotsAgent = options.robotsAgent ?? 'Lyra';
  const baseHeaders = { 'user-agent': options.userAgent, 'accept-encoding': ACCEPT_ENCODING };

  const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

  /** Literal IPs never reach the DNS lookup, so they are checked here; names are checked at connect. */
  const guardLiteral = (url: URL, g = guard): void => {
    const host = hostOf(url);
    if (isIP(host) !== 0) g.assertAllowed({ url: url.href, target: targetOf(url), address: host });
  };

  const robots = createRobotsCache({
    agent: robotsAgent,
    ttlMs: limits.robots.ttlMs,
    maxEntries: limits.robots.maxEntries,
    download: async (robotsUrl) => {
      // robots.txt may redirect (http → https, www); follow a few hops, each guarded.
      let current = robotsUrl;
      for (let hop = 0; hop <= 5; hop++) {
        const u = new URL(current);
        guardLiteral(u);
        const r = await exchange(
          { dispatcher, scheduler },
          {
            url: current,
            host: hostOf(u),
            method: 'GET',
            headers: { ...baseHeaders, accept: 'text/plain' },
            signal: new AbortController().signal,
            timeoutMs: limits.timeoutMs,
            idleTimeoutMs: limits.idleTimeoutMs,
          },
          async (res) => {
            if (REDIRECT_STATUSES.has(res.status) && res.headers.location) {
              res.discard();
              return { redirect: new URL(res.headers.location, current).href };
            }
            if (res.status >= 300) {
              res.discard();
              return { status: res.status, text: '' };
            }
            // RFC 9309: parse at least the first 500 KiB; the rest is ignored.
            const raw = await res.read(limits.robots.maxBytes, { truncate: true });
            const body = await decodeContent({
              body: raw,
              encoding: res.headers['content-encoding'],
              maxBytes: limits.robots.maxBytes,
              url: current,
              truncate: true,
            });
            return { status: res.status, text: body.toString('utf8') };
          },
        );
        if (r.redirect !== undefined) {
          current = r.redirect;
          continue;
        }
        return { status: r.status, text: r.text };
      }
      return { status: 404, text: '' }; // redirect chain too long: RFC 9309 treats it as unavailable (4xx)
    },
  });

  const checkRobots = async (url: URL, request: FetchRequest, signal: AbortSignal): Promise<void> => {
    if (!limits.robots.enabled || request.ignoreRobots) return;
    const rules = await robots.rulesFor(url.href, signal);
    const host = hostOf(url);
    if (rules.crawlDelayMs !== undefined) {
      const ms = Math.min(rules.crawlDelayMs, limits.robots.maxCrawlDelayMs);
      if (ms < rules.crawlDelayMs)
        emit({
          type: 'fetch.crawl_delay_capped',
          level: 'warn',
          message: `robots.txt of ${host} asks for Crawl-delay ${rules.crawlDelayMs / 1000}s; capped at ${ms / 1000}s (fetch.robots.max_crawl_delay_ms)`,
          taskId: request.taskId,
          data: { host },
        });
      scheduler.setCrawlDelay(host, ms);
    }
    if (!rules.isAllowed(url.href)) {
      emit({
        type: 'fetch.robots_disallowed',
        level: 'info',
        message: `robots.txt of ${host} disallows ${url.href} for ${robotsAgent}`,
        taskId: request.taskId,
        data: { url: url.href },
      });
      throw new BlockedError(`robots.txt of ${host} disallows ${url.href} for user agent ${robotsAgent}`, {
        code: 'robots_disallowed',
        details: { url: url.href, host },
      });
    }
  };

  const blocked = (request: FetchRequest, url: string, kind: AuthItem['kind'], marker: string, status: number): BlockedError => {
    const domain = hostOf(new URL(url));
    const item: AuthItem = {
      id: newId('auth'),
      url,
      domain,
      kind,
      status: 'pending',
      detail: `${marker} (HTTP ${status})`,
      createdAt: new Date().toISOString(),
      ...(request.taskId ? { taskId: request.taskId } : {}),
    };
    try {
      options.onAuthRequired?.(item);
    } catch (err) {
      emit({
        type: 'fetch.auth_enqueue_failed',
        level: 'error',
        message: `could not queue auth item for ${url}: ${(err as Error).message}`,
        taskId: request.taskId,
        data: { url },
      });
    }
    emit({
      type: 'fetch.blocked',
      level: 'warn',
      message: `${url} is a ${kind} wall (${marker}); queued for a person`,
      taskId: request.taskId,
      data: { url, domain, kind, marker, status },
    });
    return new BlockedError(`${url} answered with a ${kind} page (${marker}, HTTP ${status}); added to the auth queue`, {
      code: 'auth_required',
      details: { url, domain, kind, status, marker },
    });
  };

  const readText = async (res: ExchangeResponse, url: string, maxBytes: number): Promise<{ body: Buffer; text: string }> => {
    const raw = await res.read(maxBytes).catch((err: unknown) => {
      if (isLyraError(err) && err.code === 'body_too_large') return undefined;
      throw err;
    });
    if (!raw) return { body: Buffer.alloc(0), text: '' };
    // Only used to look for wall markers: an undecodable error body simply has none.
    const body = await decodeContent({ body: raw, encoding: res.headers['content-encoding'], maxBytes, url }).catch(() => Buffer.alloc(0));
    const cs = detectCharset(body, res.headers['content-type']);
    return { body, text: decodeText(body, cs.charset) };
  };

  /** Follows redirects (each hop re-checked: scheme, SSRF, robots, politeness) and returns the final 2xx/304. */
  const attemptOnce = async (request: FetchRequest, url: string, cached: CachedResponse | undefined, signal: AbortSignal): Promise<Final | 'not_modified'> => {
    let method = request.method ?? 'GET';
    let reqBody = request.body;
    let current = url;
    const seen = new Set<string>([url]);
    for (let hop = 0; ; hop++) {
      const u = new URL(current);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') {
        throw new NonRetryableError(`redirect to unsupported scheme ${u.protocol} from ${url}`, {
          code: 'redirect_scheme',
          details: { url, location: current },
        });
      }
      const lane = laneFor(request, u);
      guardLiteral(u, lane.guard);
      await checkRobots(u, request, signal);
      const host = hostOf(u);
      const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', ...request.headers, ...baseHeaders };
      if (cached?.etag) headers['if-none-match'] = cached.etag;
      if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;
      const outcome = await exchange(
        { dispatcher: lane.dispatcher, scheduler },
        { url: current, host, method, headers, body: reqBody, signal, timeoutMs: limits.timeoutMs, idleTimeoutMs: limits.idleTimeoutMs },
        async (res): Promise<Final | 'not_modified' | { redirect: string }> => {
          const status = res.status;
          if (REDIRECT_STATUSES.has(status) && res.headers.location) {
            res.discard();
            return { redirect: new URL(res.headers.location, current).href };
          }
          if (status === 304 && cached) {
            res.discard();
            return 'not_modified';
          }
          if (status >= 200 && status < 300) {
            const contentType = res.headers['content-type'] ?? '';
            if (!contentTypeAllowed(contentType, limits.allowedContentTypes)) {
              res.discard();
              throw new NonRetryableError(`${current} has content type ${contentType}, not in fetch.allowed_content_types`, {
                code: 'content_type_not_allowed',
                details: { url: current, contentType },
              });
            }
            const declared = Number(res.headers['content-length']);
            if (Number.isFinite(declared) && declared > limits.maxBodyBytes) {
              res.discard();
              throw bodyTooLarge(current, limits.maxBodyBytes, `Content-Length ${declared}`);
            }
            const raw = method === 'HEAD' ? Buffer.alloc(0) : await res.read(limits.maxBodyBytes);
            const body = await decodeContent({ body: raw, encoding: res.headers['content-encoding'], maxBytes: limits.maxBodyBytes, url: current });
            return { url, finalUrl: current, status, headers: res.headers, body };
          }
          // An error status: read a bounded prefix of the body to tell walls from plain errors.
          const { text } = method === 'HEAD' ? { text: '' } : await readText(res, current, Math.min(ERROR_BODY_BYTES, limits.maxBodyBytes));
          const verdict = detectBlock({ status, headers: res.headers, html: text });
          if (verdict) throw blocked(request, current, verdict.kind, verdict.marker, status);
          if (status === 429 || status === 503) {
            const wait = serverRequestedWait(res.headers);
            if (wait) scheduler.backoff(host, performance.now() + Math.min(wait.ms, limits.maxRetryAfterMs));
            throw new RetryableError(`${method} ${current}: HTTP ${status}${wait ? ` (${wait.header} ${Math.round(wait.ms / 1000)}s)` : ''}`, {
              code: 'http_status',
              details: { url: current, status, ...(wait ? { retryAfterMs: wait.ms, retryAfterHeader: wait.header } : {}) },
            });
          }
          const Err = status >= 500 || status === 408 || status === 425 ? RetryableError : NonRetryableError;
          throw new Err(`${method} ${current}: HTTP ${status}`, { code: 'http_status', details: { url: current, status } });
        },
      );
      if (outcome === 'not_modified' || !('redirect' in outcome)) return outcome;
      const next = normalizeUrl(outcome.redirect);
      if (seen.has(next)) {
        throw new NonRetryableError(`redirect loop from ${url}: ${current} leads back to ${next}`, {
          code: 'redirect_loop',
          details: { url, chain: [...seen, next] },
        });
      }
      if (hop + 1 > limits.maxRedirects) {
        throw new NonRetryableError(`too many redirects from ${url} (fetch.max_redirects = ${limits.maxRedirects})`, {
          code: 'too_many_redirects',
          details: { url, chain: [...seen, next] },
        });
      }
      seen.add(next);
      current = next;
      if (method === 'POST') {
        method = 'GET';
        reqBody = undefined;
      }
    }
  };

  const toResponse = (f: Final, fromCache: boolean, request: FetchRequest): FetchResponse => {
    const contentType = f.headers['content-type'] ?? '';
    let charset = '';
    if (isTextual(contentType)) {
      const cs = detectCharset(f.body, contentType);
      if (cs.warning)
        emit({
          type: 'fetch.charset',
          level: 'warn',
          message: `${f.finalUrl}: ${cs.warning}`,
          taskId: request.taskId,
          data: { url: f.finalUrl, charset: cs.charset, source: cs.source },
        });
      charset = cs.charset;
    }
    const response = {
      url: f.url,
      finalUrl: f.finalUrl,
      status: f.status,
      headers: f.headers,
      contentType,
      body: new Uint8Array(f.body.buffer, f.body.byteOffset, f.body.length),
      charset,
      fromCache,
      fetchedAt: new Date().toISOString(),
    } as FetchResponse;
    // Decoded on first read and kept: callers that work from the bytes (PDF, extractors with their own
    // decoder) never pay for a large string. Enumerable, so JSON and spreads see it like a plain field.
    let text: string | undefined;
    Object.defineProperty(response, 'text', {
      enumerable: true,
      get: () => (text ??= charset ? decodeText(f.body, charset) : ''),
    });
    return response;
  };

  /** Challenge markers sit in small pages or in the head: large pages are checked from a decoded prefix. */
  const blockVerdictOf = (r: FetchResponse) => {
    if (!r.contentType.includes('html')) return undefined;
    const html = r.body.length <= 2 * CHALLENGE_PAGE_MAX_CHARS ? r.text : decodeText(r.body.subarray(0, 32 * 1024), r.charset || 'utf-8');
    return detectBlock({ status: r.status, headers: r.headers, html, bodyBytes: r.body.length });
  };

  const fromCached = (c: CachedResponse): Final => ({
    url: c.url,
    finalUrl: c.finalUrl,
    status: c.status,
    headers: c.headers,
    body: Buffer.from(c.body.buffer, c.body.byteOffset, c.body.length),
  });

  const fetchWithRetries = async (request: FetchRequest, url: string, signal: AbortSignal): Promise<FetchResponse> => {
    const method = request.method ?? 'GET';
    const useCache = cache !== undefined && method === 'GET' && !request.noCache;
    const cached = useCache ? await cache.get(url) : undefined;
    if (cached && Date.now() - cached.storedAt < limits.cache.freshMs) return toResponse(fromCached(cached), true, request);
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await attemptOnce(request, url, cached, signal);
        if (outcome === 'not_modified') {
          await cache!.touch(url, Date.now());
          emit({ type: 'fetch.revalidated', level: 'debug', message: `${url}: not modified; served from cache`, taskId: request.taskId, data: { url } });
          return toResponse(fromCached(cached!), true, request);
        }
        const response = toResponse(outcome, false, request);
        if (method === 'GET') {
          const verdict = blockVerdictOf(response);
          if (verdict) throw blocked(request, response.finalUrl, verdict.kind, verdict.marker, response.status);
        }
        if (useCache && !/no-store/i.test(outcome.headers['cache-control'] ?? '')) {
          await cache.put({
            url,
            finalUrl: outcome.finalUrl,
            status: outcome.status,
            headers: outcome.headers,
            contentType: response.contentType,
            charset: response.charset,
            storedAt: Date.now(),
            body: outcome.body,
            ...(outcome.headers.etag ? { etag: outcome.headers.etag } : {}),
            ...(outcome.headers['last-modified'] ? { lastModified: outcome.headers['last-modified'] } : {}),
          });
        }
        return response;
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        if (!isLyraError(err) || err.category !== 'retryable' || attempt > limits.maxRetries) throw err;
        const asked = typeof err.details.retryAfterMs === 'number' ? err.details.retryAfterMs : undefined;
        if (asked !== undefined && asked > limits.maxRetryAfterMs) {
          throw new RetryableError(
            `${err.message}: the server asks to wait ${Math.round(asked / 1000)}s, more than fetch.max_retry_after_ms (${limits.maxRetryAfterMs} ms)`,
            { code: 'retry_after_too_long', details: { ...err.details, url }, cause: err },
          );
        }
        const wait = asked ?? backoffDelayMs(attempt, { baseMs: limits.backoffBaseMs, maxMs: limits.backoffMaxMs, random: options.random });
        emit({
          type: 'fetch.retry',
          level: 'warn',
          message: `${url}: ${err.message}; retry ${attempt}/${limits.maxRetries} in ${wait} ms${asked !== undefined ? ' (as the server asked)' : ''}`,
          taskId: request.taskId,
          data: { url, attempt, waitMs: wait, code: err.code, status: err.details.status },
        });
        await delay(wait, signal);
      }
    }
  };

  return {
    async fetch(request) {
      const url = normalizeUrl(request.url);
      const task = request.taskId ? tasks.enter(request.taskId) : undefined;
      const signal = combineSignals([request.signal, task?.signal]) ?? new AbortController().signal;
      try {
        if (request.render) {
          return await renderPage({
            renderer: options.renderer,
            url,
            request,
            userAgent: options.userAgent,
            timeoutMs: limits.timeoutMs,
            maxBytes: limits.maxBodyBytes,
            signal,
            checkUrl: async (sub) => {
              const u = new URL(sub);
              if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
              await resolveChecked({ host: hostOf(u), url: sub, target: targetOf(u), resolver, guard, signal });
            },
            // The renderer's proxy connects only to these addresses (DNS pinned for the browser).
            resolveUrl: async (sub) => {
              const u = new URL(sub);
              return resolveChecked({ host: hostOf(u), url: sub, target: targetOf(u), resolver, guard, signal });
            },
            before: async (u) => {
              await checkRobots(u, request, signal);
              const slot = await scheduler.acquire(hostOf(u), signal);
              return () => slot.release();
            },
            detect: (page) => {
              const verdict = detectBlock({ status: page.status, headers: page.headers, html: page.html });
              if (verdict) throw blocked(request, page.finalUrl, verdict.kind, verdict.marker, page.status);
            },
          });
        }
        return await fetchWithRetries(request, url, signal);
      } finally {
        task?.leave();
      }
    },
    cancelTask(taskId) {
      const n = tasks.cancel(taskId);
      if (n > 0) emit({ type: 'fetch.cancelled', level: 'info', message: `cancelled ${n} fetch(es) of task ${taskId}`, taskId, data: { count: n } });
    },
    async close() {
      await Promise.all([dispatcher.close(), ...[...providerLanes.values()].map((l) => l.dispatcher.close()), options.renderer?.close()]);
    },
  };
}
