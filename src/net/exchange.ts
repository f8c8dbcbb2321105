// One HTTP request/response over undici, inside a politeness slot, with a total and an idle timer
// on its own AbortController. The consumer reads (or discards) the body inside the slot; afterwards
// the timers stop, the slot is released and an unread body is destroyed. Network failures become
// typed errors: timeouts and connection faults are retryable, a caller's abort passes through as is.
import diagnosticsChannel from 'node:diagnostics_channel';
import type { LookupFunction } from 'node:net';
import { Agent, Pool, buildConnector, request as undiciRequest, type Dispatcher } from 'undici';
import { BlockedError, isLyraError, RetryableError, type LyraError } from '../core/index.js';
import { readCapped } from './body-reader.js';
import type { HostScheduler } from './host-scheduler.js';

export interface ExchangeResponse {
  status: number;
  /** Lower-case keys; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** Reads the raw (still encoded) body up to `maxBytes`, resetting the idle timer per chunk; past it, throws body_too_large or (truncate) keeps the first `maxBytes`. */
  read(maxBytes: number, options?: { truncate?: boolean }): Promise<Buffer>;
  /** Drops the body without reading it. */
  discard(): void;
}

export interface ExchangeRequest {
  url: string;
  host: string;
  method: 'GET' | 'POST' | 'HEAD';
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal: AbortSignal;
  timeoutMs: number;
  idleTimeoutMs: number;
}

export interface ExchangeDeps {
  dispatcher: Dispatcher;
  scheduler: HostScheduler;
}

/**
 * The connection pool. Each origin gets its own connector whose DNS lookup is `lookupFor(origin)`:
 * the SSRF guard allows private addresses by origin (scheme, host, port), which a lookup alone
 * (host only) cannot tell apart.
 */
export function createDispatcher(options: { lookupFor: (origin: URL) => LookupFunction; connectTimeoutMs: number; connectionsPerOrigin: number }): Agent {
  return new Agent({
    factory: (origin, opts) =>
      new Pool(origin, { ...opts, connect: buildConnector({ lookup: options.lookupFor(new URL(String(origin))), timeout: options.connectTimeoutMs }) }),
    // Our own total/idle timers own time limits; undici's would race them with other error types.
    headersTimeout: 0,
    bodyTimeout: 0,
    keepAliveTimeout: 10_000,
    connections: options.connectionsPerOrigin,
  });
}

// undici announces each request just before writing its headers to the socket. Politeness counts
// from that moment, so DNS, connection setup and event-loop delays between slot and wire are not
// taken out of the interval the server sees.
const sendWatchers = new Map<string, Array<() => void>>();
let subscribed = false;
function onSendHeaders(message: unknown): void {
  const r = (message as { request?: { origin?: string; path?: string } }).request;
  if (!r?.origin || r.path === undefined) return;
  const key = r.origin + r.path;
  const list = sendWatchers.get(key);
  const fn = list?.shift();
  if (list && list.length === 0) sendWatchers.delete(key);
  fn?.();
}
function watchSend(key: string, fn: () => void): () => void {
  if (!subscribed) {
    diagnosticsChannel.subscribe('undici:client:sendHeaders', onSendHeaders);
    subscribed = true;
  }
  const list = sendWatchers.get(key) ?? [];
  list.push(fn);
  sendWatchers.set(key, list);
  return () => {
    const l = sendWatchers.get(key);
    if (!l) return;
    const i = l.indexOf(fn);
    if (i >= 0) l.splice(i, 1);
    if (l.length === 0) sendWatchers.delete(key);
  };
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** The LyraError carried by an error or its causes (e.g. the SSRF guard's, thrown inside DNS lookup). */
function lyraCause(err: unknown): LyraError | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e instanceof Error; depth++) {
    if (isLyraError(e)) return e;
    e = (e as Error & { cause?: unknown }).cause;
  }
  return undefined;
}

function networkError(err: unknown, req: ExchangeRequest): LyraError {
  const inner = lyraCause(err);
  if (inner?.code === 'ssrf_blocked') {
    // Raised inside the DNS lookup, which knows only the host: name the URL too.
    const d = inner.details;
    const origin = new URL(req.url).origin;
    return new BlockedError(
      `SSRF guard refused ${req.url}: ${String(d.host)} resolves to ${String(d.address)} (${String(d.reason)}); to allow it add its origin (${origin}) to fetch.allow_private`,
      {
        code: 'ssrf_blocked',
        details: { ...d, url: req.url },
        cause: inner,
      },
    );
  }
  if (inner) return inner;
  const e = err as NodeJS.ErrnoException;
  const code = e.code ?? e.name;
  return new RetryableError(`${req.method} ${req.url}: network error ${code ?? ''} ${e.message ?? String(err)}`.replace(/\s+/g, ' '), {
    code: 'network_error',
    details: { url: req.url, errno: code },
    cause: err,
  });
}

const ignore = (): void => undefined;

/** Runs one exchange and hands the response to `consume` inside the host slot. */
export async function exchange<T>(deps: ExchangeDeps, req: ExchangeRequest, consume: (res: ExchangeResponse) => Promise<T>): Promise<T> {
  const slot = await deps.scheduler.acquire(req.host, req.signal);
  const attempt = new AbortController();
  const signal = AbortSignal.any([req.signal, attempt.signal]);
  const timeoutError = (kind: 'total' | 'idle', ms: number): RetryableError =>
    new RetryableError(`${req.method} ${req.url}: ${kind === 'total' ? 'no complete response' : 'no data received'} within ${ms} ms`, {
      code: kind === 'total' ? 'timeout' : 'idle_timeout',
      details: { url: req.url, timeoutMs: ms },
    });
  const total = setTimeout(() => attempt.abort(timeoutError('total', req.timeoutMs)), req.timeoutMs);
  let idle: NodeJS.Timeout | undefined;
  const touch = (): void => {
    if (idle) idle.refresh();
    else idle = setTimeout(() => attempt.abort(timeoutError('idle', req.idleTimeoutMs)), req.idleTimeoutMs);
  };
  touch();
  let body: Dispatcher.ResponseData['body'] | undefined;
  const target = new URL(req.url);
  const unwatch = watchSend(target.origin + target.pathname + target.search, () => slot.markSent(performance.now()));
  // Which error to report when the request fails: a timer's, the caller's abort, or the network's.
  const failure = (err: unknown): unknown => {
    if (req.signal.aborted) return req.signal.reason;
    if (attempt.signal.aborted) return attempt.signal.reason;
    return isLyraError(err) ? err : networkError(err, req);
  };
  try {
    let res: Dispatcher.ResponseData;
    try {
      res = await undiciRequest(req.url, { dispatcher: deps.dispatcher, method: req.method, headers: req.headers, body: req.body, signal });
    } catch (err) {
      throw failure(err);
    }
    body = res.body;
    touch();
    const response: ExchangeResponse = {
      status: res.statusCode,
      headers: flattenHeaders(res.headers),
      read: async (maxBytes, readOptions) => {
        try {
          return await readCapped({
            stream: res.body,
            maxBytes,
            url: req.url,
            onChunk: touch,
            abort: () => {
              res.body.on('error', ignore);
              res.body.destroy();
            },
            truncate: readOptions?.truncate,
          });
        } catch (err) {
          if (isLyraError(err) && err.code === 'body_too_large') throw err;
          const f = failure(err);
          if (isLyraError(f) && f.code === 'network_error') {
            throw new RetryableError(`${req.method} ${req.url}: body cut off before its end (${(err as Error).message})`, {
              code: 'body_truncated',
              details: { url: req.url },
              cause: err,
            });
          }
          throw f;
        }
      },
      discard: () => {
        // Drain small leftovers so the keep-alive connection can be reused; big ones are cut.
        res.body.on('error', ignore);
        res.body.dump({ limit: 64 * 1024 }).catch(ignore);
      },
    };
    return await consume(response);
  } finally {
    unwatch();
    clearTimeout(total);
    if (idle) clearTimeout(idle);
    if (body && !body.destroyed && !body.readableEnded) {
      body.on('error', ignore); // destroying an unread undici body emits an abort error nobody awaits
      body.destroy();
    }
    slot.release();
  }
}
