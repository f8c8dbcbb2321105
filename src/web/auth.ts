// Who may use the UI: the core HTTP guard (Host and Origin against DNS rebinding — requests come from
// the UI's own pages only — and beyond loopback a token) plus a form token on every action. A browser
// presents the token once as `?token=`; the UI answers with a session cookie and a redirect to the same
// address without it, and the cookie stands for the token from then on.
//
// The cookie never holds the token: cookies are not scoped by port, so a browser sends them to every
// server on the same host name, and the token is also the bearer of `lyra serve --http` (the MCP
// server). The cookie holds a session secret made at random when the UI starts (so it rotates with every
// start and is worth nothing to any other server), HttpOnly, SameSite=Strict, host-only (no Domain).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { checkRequest, type GuardDecision, type GuardLabels } from '../core/index.js';

export const UI_GUARD_LABELS: GuardLabels = {
  command: 'ui',
  tokenSetting: 'ui.token in the config file or the LYRA_UI_TOKEN environment variable (lyra ui makes a random one when neither is set)',
  originsSetting: 'ui.allowed_origins',
  codePrefix: 'ui',
};

/** The UI's session cookie: a random per-start secret, never the token. */
export const SESSION_COOKIE = 'lyra_ui_session';
/**
 * @deprecated The cookie that used to carry the token itself. No longer set or read; a UI answering
 * `?token=` clears it in the browser. Use SESSION_COOKIE.
 */
export const TOKEN_COOKIE = 'lyra_ui_token';

export interface UiAuthOptions {
  bindHost: string;
  token?: string;
  allowedOrigins: readonly string[];
  allowedHosts: readonly string[];
  /** The session cookie's value (newSessionSecret()); stands for the token once presented. */
  sessionSecret: string;
}

function cookies(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The guard's decision for one request (the token: `presented` in the address, else the session cookie): the UI's own origin is the one its Host header names. */
export function checkUiRequest(req: IncomingMessage, options: UiAuthOptions, presented?: string): GuardDecision {
  const host = req.headers.host ?? '';
  const session = cookies(req).get(SESSION_COOKIE);
  const token = presented ?? (session !== undefined && sameSecret(session, options.sessionSecret) ? options.token : undefined);
  return checkRequest(
    { host: req.headers.host, origin: req.headers.origin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    {
      bindHost: options.bindHost,
      ...(options.token ? { token: options.token } : {}),
      allowedOrigins: options.allowedOrigins,
      allowedHosts: options.allowedHosts,
      ownOrigins: [`http://${host}`, `https://${host}`],
      labels: UI_GUARD_LABELS,
    },
  );
}

/** `?token=` that matches: the session cookie to set, and the old token cookie cleared (earlier versions set it). */
export function sessionCookies(sessionSecret: string, path: string): string[] {
  return [
    `${SESSION_COOKIE}=${sessionSecret}; Path=${path || '/'}; HttpOnly; SameSite=Strict`,
    `${TOKEN_COOKIE}=; Path=${path || '/'}; Max-Age=0; HttpOnly; SameSite=Strict`,
  ];
}

/** A random secret for one UI server's session cookie (32 bytes). */
export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A random per-server secret put in every form and checked on every action (defence in depth beside the Origin check). */
export function newFormToken(): string {
  return randomBytes(24).toString('base64url');
}
