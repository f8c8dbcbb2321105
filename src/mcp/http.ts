// Streamable HTTP: one MCP session per client, each with its own Server over the shared engine.
// Bound to 127.0.0.1 unless told otherwise; every request passes the guard (Host, Origin, token)
// before the SDK transport sees it. Bodies, sessions and idle time are bounded.
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { checkBindOptions, checkRequest, type GuardOptions } from '../core/index.js';

export const HTTP_DEFAULTS = {
  host: '127.0.0.1',
  port: 3917,
  path: '/mcp',
  /** Largest request body (a JSON-RPC message), in bytes. */
  maxBodyBytes: 4 * 1024 * 1024,
  /**
   * Sessions open at once. A new client beyond it takes the place of the least recently used idle
   * session (none of its requests running) that has been quiet for sessionYieldAfterMs; only when
   * there is none does it get 503.
   */
  maxSessions: 64,
  /** A session unused this long is closed (ms). */
  sessionIdleMs: 30 * 60_000,
  /**
   * Longest time to receive one whole request (headers and body) in ms; a slow client past it gets
   * 408. Node counts only the request: a long tool call streaming its answer over SSE is not cut.
   */
  requestTimeoutMs: 30_000,
  /** Longest time to receive a request's headers (ms). */
  headersTimeoutMs: 10_000,
  /** An idle keep-alive connection (between requests) is closed after this long (ms). */
  idleTimeoutMs: 5_000,
  /** TCP connections open at once; further ones are dropped by the server at accept. */
  maxConnections: 128,
};

/** How sessions of gone or idle clients are reclaimed (issue 35, finding 6); options of startHttpServer, not config keys. */
export const SESSION_RECLAIM_DEFAULTS = {
  /** A session quiet this long may yield its place to a new client when the server is full (ms). */
  sessionYieldAfterMs: 60_000,
  /**
   * A session whose client dropped its event stream (GET) and sent nothing for this long is closed
   * (ms): an SDK client that closes without DELETE drops the stream, and its session once lived on for
   * 30 minutes, 64 of them shutting every new client out. A client that only lost its connection
   * reconnects its stream within the SDK's first retry (1 s), well inside it.
   */
  sessionReclaimMs: 5_000,
};

export interface HttpServeOptions {
  host?: string;
  port?: number;
  path?: string;
  token?: string;
  allowedOrigins?: readonly string[];
  allowedHosts?: readonly string[];
  maxBodyBytes?: number;
  maxSessions?: number;
  sessionIdleMs?: number;
  sessionYieldAfterMs?: number;
  sessionReclaimMs?: number;
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  idleTimeoutMs?: number;
  maxConnections?: number;
  /** A new MCP server for each session (they share the engine). */
  createServer: () => Server;
  /** Diagnostics (stderr in `lyra serve`). */
  log?: (line: string) => void;
  /**
   * Other request handlers served beside the MCP endpoint, by path prefix (`lyra serve --http --ui`
   * mounts the browser UI at /ui). Each does its own checks (the UI runs the same core guard).
   */
  mounts?: ReadonlyArray<{ prefix: string; handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> }>;
}

export interface RunningHttpServer {
  url: string;
  host: string;
  port: number;
  sessions(): number;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** When its last request began or ended. */
  lastSeen: number;
  /** Its requests still running (an open event stream counts). */
  inFlight: number;
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge());
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startHttpServer(options: HttpServeOptions): Promise<RunningHttpServer> {
  const host = options.host ?? HTTP_DEFAULTS.host;
  const path = options.path ?? HTTP_DEFAULTS.path;
  const limits = {
    maxBodyBytes: options.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes,
    maxSessions: options.maxSessions ?? HTTP_DEFAULTS.maxSessions,
    sessionIdleMs: options.sessionIdleMs ?? HTTP_DEFAULTS.sessionIdleMs,
    sessionYieldAfterMs: options.sessionYieldAfterMs ?? SESSION_RECLAIM_DEFAULTS.sessionYieldAfterMs,
    sessionReclaimMs: options.sessionReclaimMs ?? SESSION_RECLAIM_DEFAULTS.sessionReclaimMs,
  };
  checkBindOptions({ host, ...(options.token !== undefined ? { token: options.token } : {}) });
  const guard: GuardOptions = {
    bindHost: host,
    ...(options.token !== undefined ? { token: options.token } : {}),
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
  };
  const log = options.log ?? ((): void => undefined);
  const sessions = new Map<string, Session>();

  const closeSession = async (id: string): Promise<void> => {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    await s.transport.close().catch(() => undefined);
    await s.server.close().catch(() => undefined);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const mount = options.mounts?.find((m) => url.pathname === m.prefix || url.pathname.startsWith(`${m.prefix}/`));
    if (mount) return mount.handle(req, res);
    if (url.pathname !== path) return sendJsonRpcError(res, 404, -32000, `not found: ${url.pathname} (the MCP endpoint is ${path})`);
    const decision = checkRequest({ host: req.headers.host, origin: req.headers.origin, authorization: req.headers.authorization }, guard);
    if (!decision.ok) {
      log(`refused ${req.method} from ${req.socket.remoteAddress}: ${decision.message}`);
      return sendJsonRpcError(res, decision.status, -32000, decision.message, decision.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
    }
    let body: unknown;
    if (req.method === 'POST') {
      let text: string;
      try {
        text = await readBody(req, limits.maxBodyBytes);
      } catch (err) {
        if (err instanceof BodyTooLarge)
          return sendJsonRpcError(res, 413, -32600, `request body larger than ${limits.maxBodyBytes} bytes (mcp.http.max_body_bytes)`);
        throw err;
      }
      try {
        body = JSON.parse(text);
      } catch {
        return sendJsonRpcError(res, 400, -32700, 'parse error: the body is not JSON');
      }
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const s = sessions.get(sessionId);
      if (!s) return sendJsonRpcError(res, 404, -32001, `session not found: ${sessionId.slice(0, 100)} (initialize again)`);
      s.lastSeen = Date.now();
      s.inFlight++;
      res.once('close', () => {
        s.inFlight--;
        const closedAt = (s.lastSeen = Date.now());
        // The client's event stream ended: if nothing follows, the client has gone (closed without DELETE).
        if (req.method === 'GET') {
          const timer = setTimeout(() => {
            if (sessions.get(sessionId) === s && s.inFlight === 0 && s.lastSeen === closedAt) {
              log(`session ${sessionId} closed: its client dropped its event stream and sent nothing for ${limits.sessionReclaimMs} ms`);
              void closeSession(sessionId);
            }
          }, limits.sessionReclaimMs);
          timer.unref();
        }
      });
      await s.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return sendJsonRpcError(res, 400, -32000, 'bad request: no mcp-session-id header, and the message is not an initialize request');
    }
    if (sessions.size >= limits.maxSessions) {
      // The least recently used idle session yields to the new client before anyone is refused.
      const quietSince = Date.now() - limits.sessionYieldAfterMs;
      let oldest: [string, Session] | undefined;
      for (const entry of sessions)
        if (entry[1].inFlight === 0 && entry[1].lastSeen <= quietSince && (!oldest || entry[1].lastSeen < oldest[1].lastSeen)) oldest = entry;
      if (oldest) {
        log(
          `session ${oldest[0]} closed: idle since ${new Date(oldest[1].lastSeen).toISOString()}, it yields to a new client (mcp.http.max_sessions ${limits.maxSessions})`,
        );
        await closeSession(oldest[0]);
      }
    }
    if (sessions.size >= limits.maxSessions) {
      return sendJsonRpcError(res, 503, -32000, `too many sessions (${limits.maxSessions}, mcp.http.max_sessions); close one or retry later`, {
        'retry-after': '5',
      });
    }
    const server = options.createServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, lastSeen: Date.now(), inFlight: 0 });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const http = createHttpServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`request failed: ${err instanceof Error ? err.message : String(err)}`);
      sendJsonRpcError(res, 500, -32603, 'internal error');
    });
  });
  // Slow or idle clients cannot hold connections open (issue 20: 300 slow clients stayed 80 s+), and
  // their number is capped. requestTimeout bounds receiving a request, not streaming a response.
  http.requestTimeout = options.requestTimeoutMs ?? HTTP_DEFAULTS.requestTimeoutMs;
  http.headersTimeout = Math.min(options.headersTimeoutMs ?? HTTP_DEFAULTS.headersTimeoutMs, http.requestTimeout || Number.POSITIVE_INFINITY);
  http.keepAliveTimeout = options.idleTimeoutMs ?? HTTP_DEFAULTS.idleTimeoutMs;
  http.maxConnections = options.maxConnections ?? HTTP_DEFAULTS.maxConnections;
  // How often Node checks the request and headers timeouts (its default, 30 s, would let a slow client stay up to twice as long).
  (http as unknown as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = 1_000;

  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - limits.sessionIdleMs;
      for (const [id, s] of sessions) if (s.lastSeen < cutoff) void closeSession(id);
    },
    Math.min(60_000, limits.sessionIdleMs),
  );
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? HTTP_DEFAULTS.port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}${path}`,
    host: address.address,
    port: address.port,
    sessions: () => sessions.size,
    async close(): Promise<void> {
      clearInterval(sweep);
      await Promise.all([...sessions.keys()].map(closeSession));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
