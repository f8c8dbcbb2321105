// The browser's only way out: a small HTTP proxy on loopback that every request of a rendered page
// goes through — navigations, each hop of a redirect chain, subresources, fetch/XHR, and WebSockets
// (Chromium tunnels ws:// and wss:// with CONNECT). Each request's host is resolved and checked by
// the SSRF guard here, and the connection is made to exactly the checked address, so the browser's
// own DNS is never used (no rebinding) and a refused address is never connected to.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ResolvedAddress } from './pinned-lookup.js';

/** Resolves and checks one URL the browser asks for; throws (BlockedError…) when it may not be reached. */
export type ProxyResolve = (url: string) => Promise<ResolvedAddress[]>;

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for the browser's proxy setting. */
  server: string;
  /** URLs refused so far, with the reason. */
  refused: Array<{ url: string; reason: string }>;
  close(): Promise<void>;
}

/** Longest a proxied connection may sit idle (ms); the render's own timeout is shorter. */
const SOCKET_IDLE_MS = 60_000;
/** Sockets the proxy keeps open at once; a page opening more is refused further connections. */
const MAX_SOCKETS = 256;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwardHeaders(raw: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined && !HOP_BY_HOP.has(k.toLowerCase())) out[k] = v;
  return out;
}

export async function startGuardProxy(options: { resolve: ProxyResolve }): Promise<GuardProxy> {
  const sockets = new Set<Duplex>();
  const refused: GuardProxy['refused'] = [];
  const track = (s: Duplex): boolean => {
    if (sockets.size >= MAX_SOCKETS) {
      s.destroy();
      return false;
    }
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    if ('setTimeout' in s) (s as Socket).setTimeout(SOCKET_IDLE_MS, () => s.destroy());
    return true;
  };
  const refuse = (url: string, err: unknown): void => void refused.push({ url, reason: (err as Error).message });

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (url.protocol !== 'http:') {
      res.writeHead(403).end();
      return;
    }
    options.resolve(url.href).then(
      (addresses) => {
        const upstream = httpRequest(
          {
            host: addresses[0]!.address,
            family: addresses[0]!.family,
            port: Number(url.port || 80),
            method: req.method,
            path: `${url.pathname}${url.search}`,
            headers: { ...forwardHeaders(req.headers), host: url.host },
            setHost: false,
          },
          (up) => {
            res.writeHead(up.statusCode ?? 502, forwardHeaders(up.headers));
            up.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      },
      (err: unknown) => {
        refuse(url.href, err);
        res.writeHead(403, { 'content-type': 'text/plain' }).end('refused by the SSRF guard');
      },
    );
  };

  /** CONNECT host:port — https and WebSockets. The tunnel goes to the checked address only. */
  const onConnect = (req: IncomingMessage, client: Duplex, head: Buffer): void => {
    if (!track(client)) return;
    const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(req.url ?? '');
    if (!m) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const [host, port] = [m[1]!, Number(m[2])];
    const shown = host.includes(':') ? `[${host}]` : host;
    // A tunnel carries https or a WebSocket: judged as https, then as http (ws:// tunnels on other ports).
    const attempt = async (): Promise<ResolvedAddress[]> => {
      try {
        return await options.resolve(`https://${shown}:${port}/`);
      } catch (first) {
        if (port === 443) throw first;
        return options.resolve(`http://${shown}:${port}/`);
      }
    };
    attempt().then(
      (addresses) => {
        const upstream = connect({ host: addresses[0]!.address, port, family: addresses[0]!.family });
        if (!track(upstream)) {
          client.destroy();
          return;
        }
        upstream.once('connect', () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length > 0) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
      },
      (err: unknown) => {
        refuse(`${shown}:${port}`, err);
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      },
    );
  };

  /** A ws:// upgrade sent to the proxy as a plain request (not tunnelled): checked, then relayed raw. */
  const onUpgrade = (req: IncomingMessage, client: Duplex, head: Buffer): void => {
    if (!track(client)) return;
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const checked = url.protocol === 'ws:' ? new URL(url.href.replace(/^ws:/, 'http:')) : url;
    options.resolve(checked.href).then(
      (addresses) => {
        const upstream = connect({ host: addresses[0]!.address, port: Number(url.port || 80), family: addresses[0]!.family });
        if (!track(upstream)) return;
        upstream.once('connect', () => {
          const lines = [
            `${req.method} ${url.pathname}${url.search} HTTP/1.1`,
            ...Object.entries(req.headers)
              .filter(([k]) => !/^proxy-/i.test(k))
              .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`),
          ];
          upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
          if (head.length > 0) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => client.destroy());
      },
      (err: unknown) => {
        refuse(url.href, err);
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      },
    );
  };

  const server: Server = createServer(onRequest);
  server.on('connect', onConnect);
  server.on('upgrade', onUpgrade);
  server.on('connection', (s) => void track(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    server: `http://127.0.0.1:${port}`,
    refused,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
