// Who may talk to one of Lyra's local HTTP servers (the MCP endpoint of `lyra serve --http`, the
// browser UI of `lyra ui`): DNS-rebinding protection (Host and Origin checks) and, beyond loopback, a
// token. Pure decisions over request headers, so they are tested without sockets; kept here, below
// both servers, so that there is one guard and not two.
import { timingSafeEqual } from 'node:crypto';
import { InvalidInputError } from './errors.js';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return LOOPBACK_NAMES.has(h) || /^127(\.\d{1,3}){3}$/.test(h) || h === '0:0:0:0:0:0:0:1';
}

/** Host header → host name without port (`[::1]:8080` → `::1`). */
export function hostHeaderName(value: string): string {
  const v = value.trim().toLowerCase();
  if (v.startsWith('[')) return v.slice(1, v.indexOf(']') > 0 ? v.indexOf(']') : undefined);
  const colon = v.lastIndexOf(':');
  return colon > 0 && v.indexOf(':') === colon ? v.slice(0, colon) : v;
}

/** How a server names itself and its settings in the guard's messages and error codes. */
export interface GuardLabels {
  /** The command, e.g. `serve --http`. */
  command: string;
  /** Where the token is set, e.g. `mcp.http.token in the config file or the LYRA_MCP_TOKEN environment variable`. */
  tokenSetting: string;
  /** The setting listing extra origins, e.g. `mcp.http.allowed_origins`. */
  originsSetting: string;
  /** Prefix of error codes (`mcp` → `mcp_token_required`). */
  codePrefix: string;
}

/** The MCP server's labels (the default, so its messages and codes stay as they were). */
export const MCP_GUARD_LABELS: GuardLabels = {
  command: 'serve --http',
  tokenSetting: 'mcp.http.token in the config file or the LYRA_MCP_TOKEN environment variable',
  originsSetting: 'mcp.http.allowed_origins',
  codePrefix: 'mcp',
};

/** Shortest token accepted. */
export const MIN_TOKEN_CHARS = 16;

export interface GuardOptions {
  /** The address the server is bound to. */
  bindHost: string;
  token?: string;
  /** Origins allowed besides loopback ones (exact, e.g. https://app.example.org). */
  allowedOrigins?: readonly string[];
  /** Host header names allowed besides loopback ones when bound to loopback. */
  allowedHosts?: readonly string[];
  /**
   * Only these origins (exact) and `allowedOrigins` may send requests, instead of any loopback origin:
   * a browser UI accepts requests from its own pages only, not from another local web app.
   */
  ownOrigins?: readonly string[];
  labels?: GuardLabels;
}

export type GuardDecision = { ok: true } | { ok: false; status: 401 | 403; message: string };

/** Refuses to serve beyond loopback without a token: a network-reachable research engine must not be open. */
export function checkBindOptions(options: { host: string; token?: string; labels?: GuardLabels }): void {
  const l = options.labels ?? MCP_GUARD_LABELS;
  if (!isLoopbackHost(options.host) && !options.token) {
    throw new InvalidInputError(`${l.command}: binding to ${options.host} (beyond loopback) needs a bearer token: set ${l.tokenSetting}`, {
      code: `${l.codePrefix}_token_required`,
      details: { host: options.host },
    });
  }
  if (options.token !== undefined && options.token.length < MIN_TOKEN_CHARS) {
    throw new InvalidInputError(`${l.command}: the bearer token must be at least ${MIN_TOKEN_CHARS} characters`, { code: `${l.codePrefix}_token_weak` });
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function originAllowed(origin: string, options: GuardOptions, loopback: boolean): boolean {
  if (options.allowedOrigins?.includes(origin)) return true;
  if (options.ownOrigins) return options.ownOrigins.includes(origin);
  if (!loopback) return false;
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && isLoopbackHost(u.hostname.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
}

export function checkRequest(headers: { host?: string; origin?: string; authorization?: string }, options: GuardOptions): GuardDecision {
  const loopback = isLoopbackHost(options.bindHost);
  // DNS rebinding: a page on evil.example that resolves to 127.0.0.1 still sends Host: evil.example.
  if (loopback) {
    const name = headers.host ? hostHeaderName(headers.host) : '';
    if (!isLoopbackHost(name) && !options.allowedHosts?.includes(name)) {
      return { ok: false, status: 403, message: `Host ${JSON.stringify(headers.host ?? '')} is not allowed (loopback server)` };
    }
  }
  if (headers.origin !== undefined && !originAllowed(headers.origin, options, loopback)) {
    return {
      ok: false,
      status: 403,
      message: `Origin ${JSON.stringify(headers.origin)} is not allowed (add it to ${(options.labels ?? MCP_GUARD_LABELS).originsSetting})`,
    };
  }
  if (options.token !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
    if (!m || !sameToken(m[1]!, options.token)) return { ok: false, status: 401, message: 'a valid bearer token is required (Authorization: Bearer <token>)' };
  }
  return { ok: true };
}
