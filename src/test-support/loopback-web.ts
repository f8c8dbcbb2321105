// A real HTTP server on loopback for integration tests and benchmarks: fixtures, real pages from
// ../shared/data and faults injected per route (delays, hangs, 429/5xx, truncation, redirect loops,
// wrong charsets, huge bodies, challenge pages). Nothing here reaches the internet.
//
// Routes are keyed by path. A key ending in `*` is a prefix route (longest prefix wins). A key of the
// form `//host/path` only matches requests whose Host header names `host` (virtual hosts on one
// server); the fetcher under test resolves such names to this server with an injected resolver.
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join } from 'node:path';
import { sharedDataPath } from './shared-data.js';

export interface FaultSpec {
  /** Wait this long before answering. */
  delayMs?: number;
  /** Send the headers and the first chunk of the body, then never end the response. */
  hang?: boolean;
  /** Answer 429 with `Retry-After: <seconds>`. */
  status429RetryAfter?: number;
  /** Answer with this status (e.g. 503) and a short body. */
  status?: number;
  /** The fault applies to the first N requests to the route, then the route answers normally. */
  failTimes?: number;
  /** Declare the full Content-Length, send half of the body, then cut the connection. */
  truncate?: boolean;
  /** Redirect (302) back and forth between the route and a sibling URL forever. */
  redirectLoop?: boolean;
  /** Declare this charset in Content-Type whatever the bytes are. */
  wrongCharset?: string;
  /** Stream this many bytes of filler HTML (chunked, no Content-Length). */
  hugeBytes?: number;
  /** Serve a challenge page of this kind instead of the content. */
  challenge?: 'cloudflare' | 'recaptcha' | 'hcaptcha' | 'login';
  /** Send the body in small chunks with this pause between them. */
  slowBodyMs?: number;
}

export interface RouteSpec {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Absolute path, served as-is. */
  file?: string;
  fault?: FaultSpec;
}

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface RequestLogEntry {
  method: string;
  /** Path with query string, as requested. */
  path: string;
  /** Host header without the port. */
  host?: string;
  headers: IncomingHttpHeaders;
  /** Arrival time in epoch milliseconds (sub-millisecond precision). */
  at: number;
}

export interface LoopbackWeb {
  /** `http://127.0.0.1:<port>` (or the bound host). */
  origin: string;
  port: number;
  /** Absolute URL of `path`; `//host/path` gives `http://host:<port>/path` for a virtual host. */
  url(path: string): string;
  /** Adds or replaces a route; keys ending in `*` are prefixes; `//host/path` matches one Host. */
  route(path: string, spec: RouteSpec | RouteHandler): void;
  requests: RequestLogEntry[];
  /** Requests whose path (with or without its query string) equals `path`; `//host/path` also checks the Host. */
  requestsTo(path: string): RequestLogEntry[];
  /** Virtual host names used in routes so far (for an injected resolver). */
  hosts(): string[];
  close(): Promise<void>;
}

export interface StartLoopbackWebOptions {
  routes?: Record<string, RouteSpec | RouteHandler>;
  /** Address to bind; default 127.0.0.1. */
  host?: string;
}

const CHALLENGE_PAGES: Record<NonNullable<FaultSpec['challenge']>, { status: number; headers: Record<string, string>; body: string }> = {
  cloudflare: {
    status: 403,
    headers: { server: 'cloudflare', 'cf-mitigated': 'challenge', 'cf-ray': '8a1b2c3d4e5f6a7b-NRT' },
    body: '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div id="challenge-running">Checking if the site connection is secure</div><form id="challenge-form" action="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1" method="POST"></form><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8a1b"></script><noscript>Enable JavaScript and cookies to continue</noscript></body></html>',
  },
  recaptcha: {
    status: 200,
    headers: {},
    body: '<!DOCTYPE html><html><head><title>Verify you are human</title><script src="https://www.google.com/recaptcha/api.js" async defer></script></head><body><form method="post"><div class="g-recaptcha" data-sitekey="6Lc_aXkUAAAAAJ"></div><button>Continue</button></form></body></html>',
  },
  hcaptcha: {
    status: 200,
    headers: {},
    body: '<!DOCTYPE html><html><head><title>Security check</title><script src="https://js.hcaptcha.com/1/api.js" async defer></script></head><body><form method="post"><div class="h-captcha" data-sitekey="10000000-ffff-ffff-ffff-000000000001"></div></form></body></html>',
  },
  login: {
    status: 200,
    headers: {},
    body: '<!DOCTYPE html><html><head><title>Sign in</title></head><body><main><h1>Sign in to continue reading</h1><p>This article is available to subscribers only. Log in to continue.</p><form action="/login" method="post"><input type="email" name="email" autocomplete="username"><input type="password" name="password" autocomplete="current-password"><button type="submit">Sign in</button></form></main></body></html>',
  },
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
};

interface Route {
  key: string;
  host?: string;
  path: string;
  prefix: boolean;
  target: RouteSpec | RouteHandler;
  hits: number;
}

function parseKey(key: string): { host?: string; path: string; prefix: boolean } {
  let host: string | undefined;
  let path = key;
  if (key.startsWith('//')) {
    const slash = key.indexOf('/', 2);
    host = (slash < 0 ? key.slice(2) : key.slice(2, slash)).toLowerCase();
    path = slash < 0 ? '/' : key.slice(slash);
  }
  const prefix = path.endsWith('*');
  return { host, path: prefix ? path.slice(0, -1) : path, prefix };
}

function hostOfHeader(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.toLowerCase();
  if (v.startsWith('[')) return v.slice(0, v.indexOf(']') + 1);
  const colon = v.lastIndexOf(':');
  return colon < 0 ? v : v.slice(0, colon);
}

function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

export async function startLoopbackWeb(options: StartLoopbackWebOptions = {}): Promise<LoopbackWeb> {
  const bindHost = options.host ?? '127.0.0.1';
  const routes = new Map<string, Route>();
  const requests: RequestLogEntry[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const addRoute = (key: string, target: RouteSpec | RouteHandler): void => {
    const parsed = parseKey(key);
    routes.set(key, { key, ...parsed, target, hits: 0 });
  };
  for (const [k, v] of Object.entries(options.routes ?? {})) addRoute(k, v);

  const find = (host: string | undefined, pathname: string): Route | undefined => {
    let best: Route | undefined;
    let bestScore = -1;
    for (const r of routes.values()) {
      if (r.host !== undefined && r.host !== host) continue;
      const matches = r.prefix ? pathname.startsWith(r.path) : pathname === r.path;
      if (!matches) continue;
      // Exact beats prefix, longer prefix beats shorter, host-specific beats any-host.
      const score = (r.prefix ? 0 : 1_000_000) + r.path.length * 2 + (r.host !== undefined ? 1 : 0);
      if (score > bestScore) {
        best = r;
        bestScore = score;
      }
    }
    return best;
  };

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const serveSpec = async (req: IncomingMessage, res: ServerResponse, route: Route, spec: RouteSpec): Promise<void> => {
    route.hits += 1;
    const fault = spec.fault;
    const faultActive = fault !== undefined && (fault.failTimes === undefined || route.hits <= fault.failTimes);
    if (faultActive && fault.delayMs) await wait(fault.delayMs);
    if (res.destroyed) return;
    const url = new URL(req.url ?? '/', 'http://loopback');

    if (faultActive && fault.status429RetryAfter !== undefined) {
      res.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(fault.status429RetryAfter) });
      res.end('Too Many Requests');
      return;
    }
    if (faultActive && fault.status !== undefined) {
      res.writeHead(fault.status, { 'content-type': 'text/plain; charset=utf-8', ...(spec.headers ?? {}) });
      res.end(`injected status ${fault.status}`);
      return;
    }
    if (faultActive && fault.redirectLoop) {
      const other = url.searchParams.has('loop') ? url.pathname : `${url.pathname}?loop=1`;
      res.writeHead(302, { location: other, 'content-type': 'text/plain' });
      res.end();
      return;
    }
    if (faultActive && fault.challenge) {
      const page = CHALLENGE_PAGES[fault.challenge];
      res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
      res.end(page.body);
      return;
    }
    if (faultActive && fault.hugeBytes !== undefined) {
      await streamFiller(res, fault.hugeBytes, fault.wrongCharset);
      return;
    }

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(spec.headers ?? {})) headers[k.toLowerCase()] = v;
    let body: Uint8Array;
    if (spec.file !== undefined) {
      headers['content-type'] ??= CONTENT_TYPES[extname(spec.file).toLowerCase()] ?? 'application/octet-stream';
      body = await readAll(spec.file);
    } else if (typeof spec.body === 'string') {
      headers['content-type'] ??= 'text/html; charset=utf-8';
      body = Buffer.from(spec.body, 'utf8');
    } else {
      headers['content-type'] ??= 'application/octet-stream';
      body = spec.body ?? new Uint8Array(0);
    }
    if (faultActive && fault.wrongCharset) {
      headers['content-type'] = `${headers['content-type']!.split(';')[0]!.trim()}; charset=${fault.wrongCharset}`;
    }
    const status = spec.status ?? 200;
    // Conditional requests, so cache revalidation can be tested against any route with validators.
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    if (status === 200 && ((headers.etag && inm === headers.etag) || (!inm && headers['last-modified'] && ims === headers['last-modified']))) {
      res.writeHead(304, pick(headers, ['etag', 'last-modified', 'cache-control']));
      res.end();
      return;
    }
    const isHead = req.method === 'HEAD';
    if (faultActive && fault.hang) {
      res.writeHead(status, headers);
      res.flushHeaders();
      if (!isHead && body.length > 0) res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
      else if (!isHead) res.write(' ');
      return; // never ends; close() destroys the socket
    }
    if (faultActive && fault.truncate) {
      res.writeHead(status, { ...headers, 'content-length': String(body.length) });
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
      return;
    }
    if (faultActive && fault.slowBodyMs !== undefined) {
      res.writeHead(status, headers);
      if (isHead) return void res.end();
      const chunk = Math.max(1, Math.ceil(body.length / 8));
      for (let i = 0; i < body.length; i += chunk) {
        if (res.destroyed) return;
        res.write(body.subarray(i, i + chunk));
        await wait(fault.slowBodyMs);
      }
      res.end();
      return;
    }
    res.writeHead(status, { ...headers, 'content-length': String(body.length) });
    res.end(isHead ? undefined : body);
  };

  const server: Server = createServer((req, res) => {
    const host = hostOfHeader(req.headers.host);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, host, headers: req.headers, at: nowMs() });
    const pathname = new URL(path, 'http://loopback').pathname;
    const route = find(host, pathname);
    const done = (p: void | Promise<void>): void => {
      Promise.resolve(p).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`loopback-web handler error: ${err instanceof Error ? err.message : String(err)}`);
      });
    };
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`no route for ${host ?? ''}${pathname}`);
      return;
    }
    if (typeof route.target === 'function') {
      route.hits += 1;
      done(route.target(req, res));
    } else {
      done(serveSpec(req, res, route, route.target));
    }
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // Never let a hung response keep the test process alive past close().
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, bindHost, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const hostPart = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  const origin = `http://${hostPart}:${port}`;

  return {
    origin,
    port,
    url(path: string): string {
      if (path.startsWith('//')) {
        const { host } = parseKey(path);
        const slash = path.indexOf('/', 2);
        return `http://${host}:${port}${slash < 0 ? '/' : path.slice(slash)}`;
      }
      return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
    },
    route: addRoute,
    requests,
    requestsTo(path: string): RequestLogEntry[] {
      const { host, path: p } = parseKey(path);
      return requests.filter((r) => (host === undefined || r.host === host) && (r.path === p || r.path.split('?')[0] === p));
    },
    hosts(): string[] {
      return [...new Set([...routes.values()].map((r) => r.host).filter((h): h is string => h !== undefined))];
    },
    close(): Promise<void> {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
    },
  };
}

function pick(headers: Record<string, string>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) if (headers[k] !== undefined) out[k] = headers[k];
  return out;
}

function readAll(path: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    createReadStream(path)
      .on('data', (c) => chunks.push(c as Buffer))
      .on('error', reject)
      .on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Streams `total` bytes of HTML filler, honouring back-pressure, stopping when the client goes away. */
async function streamFiller(res: ServerResponse, total: number, charset?: string): Promise<void> {
  res.writeHead(200, { 'content-type': `text/html; charset=${charset ?? 'utf-8'}` });
  const chunk = Buffer.alloc(64 * 1024, '<p>lorem ipsum dolor sit amet</p>\n');
  let sent = 0;
  while (sent < total) {
    if (res.destroyed) return;
    const n = Math.min(chunk.length, total - sent);
    const ok = res.write(chunk.subarray(0, n));
    sent += n;
    if (!ok) {
      await new Promise<void>((resolve) => {
        const finish = (): void => {
          res.off('drain', finish);
          res.off('close', finish);
          resolve();
        };
        res.once('drain', finish);
        res.once('close', finish);
      });
    }
  }
  res.end();
}

/**
 * Routes `/pages/<name>/` to ../shared/data/readability-test-pages/pages/<name>/source.html and
 * returns the names served (empty when the shared data is absent; tests skip via skipUnlessShared).
 */
export function serveReadabilityPages(web: LoopbackWeb): string[] {
  const root = sharedDataPath('readability-test-pages/pages');
  if (!existsSync(root)) return [];
  const names = readdirSync(root)
    .filter((n) => existsSync(join(root, n, 'source.html')) && statSync(join(root, n)).isDirectory())
    .sort();
  for (const name of names) web.route(`/pages/${name}/`, { file: join(root, name, 'source.html'), headers: { 'content-type': 'text/html' } });
  return names;
}
