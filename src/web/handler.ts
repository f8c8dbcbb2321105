// One request through the UI: rate limit, the guard (Host, Origin, token), a presented `?token=`
// turned into a cookie, then the route. Errors become a page (or plain text for data routes) with the
// status their category means; nothing internal leaks beyond the message of a typed error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidInputError, isLyraError } from '../core/index.js';
import { checkUiRequest, sameSecret, sessionCookies, type UiAuthOptions } from './auth.js';
import { uiAsset } from './assets.js';
import { BodyTooLargeError } from './body.js';
import type { UiContext } from './context.js';
import { errorBody, layout } from './pages/layout.js';
import type { RateLimiter } from './rate-limit.js';
import { actionRoute } from './routes-actions.js';
import {
  claimRoute,
  consensusReportRoute,
  graphJsonRoute,
  graphRoute,
  notFound,
  researchReportRoute,
  runsRoute,
  taskRoute,
  tasksRoute,
} from './routes-read.js';
import { eventsQuerySchema, paramsRecord, parseInput } from './schemas.js';
import { send } from './security.js';

export type UiRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new InvalidInputError('the address is not valid percent-encoding', { code: 'ui_invalid_input' });
  }
}

function statusOf(err: unknown): number {
  if (err instanceof BodyTooLargeError) return 413;
  if (!isLyraError(err)) return 500;
  if (err.code === 'ui_not_found' || err.code === 'task_not_found') return 404;
  if (err.code === 'ui_unsupported_media_type') return 415;
  if (err.code === 'ui_form_token') return 403;
  if (err.category === 'invalid_input') return 400;
  if (err.category === 'blocked') return 403;
  return 500;
}

function errorPage(ctx: UiContext, res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void {
  send(
    res,
    status,
    layout({ base: ctx.base, title: `Error ${status}`, nav: 'tasks', body: errorBody(message, `${ctx.base}/`), author: ctx.author }),
    'text/html; charset=utf-8',
    extra,
  );
}

async function route(ctx: UiContext, req: IncomingMessage, res: ServerResponse, path: string, params: URLSearchParams, signal: AbortSignal): Promise<void> {
  const get = req.method === 'GET' || req.method === 'HEAD';
  const seg = path.split('/').filter(Boolean).map(decodeSegment);
  const full = `${ctx.base}${path}`;
  if (seg[0] === 'tasks' && seg.length === 3 && seg[2] === 'actions' && req.method === 'POST') return actionRoute(ctx, req, res, seg[1]!, signal);
  if (!get) {
    send(res, 405, 'method not allowed', 'text/plain; charset=utf-8', { allow: 'GET, HEAD' });
    return;
  }
  if (seg.length === 0) return tasksRoute(ctx, res, params);
  if (seg.length === 1 && seg[0] === 'favicon.ico') {
    send(res, 204, '', 'image/x-icon');
    return;
  }
  if (seg[0] === 'assets' && seg.length === 2) {
    const a = uiAsset(seg[1]!);
    if (!a) throw notFound(`asset ${seg[1]!.slice(0, 100)}`);
    send(res, 200, a.body, a.type, { 'cache-control': 'no-cache' });
    return;
  }
  if (seg[0] === 'events' && seg.length === 1) {
    const q = parseInput(eventsQuerySchema, paramsRecord(params), 'query');
    ctx.live.open(res, q.task, signal);
    return;
  }
  if (seg[0] === 'tasks') {
    if (seg.length === 2) return taskRoute(ctx, res, seg[1]!, params, full);
    if (seg.length === 3 && seg[2] === 'graph') return graphRoute(ctx, res, seg[1]!, params);
    if (seg.length === 3 && seg[2] === 'graph.json') return graphJsonRoute(ctx, res, seg[1]!, params);
    if (seg.length === 4 && seg[2] === 'claims') return claimRoute(ctx, res, seg[1]!, seg[3]!, params, full);
  }
  if (seg[0] === 'runs') {
    if (seg.length === 1) return runsRoute(ctx, res, params);
    if (seg[1] === 'research' && seg.length === 3) return researchReportRoute(ctx, res, seg[2]!, params, false);
    if (seg[1] === 'research' && seg.length === 4 && seg[3] === 'report.html') return researchReportRoute(ctx, res, seg[2]!, params, true);
    if (seg[1] === 'consensus' && seg.length === 3) return consensusReportRoute(ctx, res, seg[2]!, params);
  }
  throw notFound(path.slice(0, 200));
}

export function createUiRequestHandler(ctx: UiContext, auth: UiAuthOptions, limiter: RateLimiter): UiRequestHandler {
  return async (req, res) => {
    const controller = new AbortController();
    res.once('close', () => controller.abort(new Error('the client closed the connection')));
    const client = req.socket.remoteAddress ?? 'unknown';
    const refuse = (decision: { status: number; message: string }): void => {
      ctx.log(`refused ${req.method} ${(req.url ?? '').split('?')[0]!.slice(0, 200)} from ${client}: ${decision.message}`);
      req.resume();
      errorPage(ctx, res, decision.status, decision.message);
    };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://ui.invalid');
    } catch {
      req.resume();
      return errorPage(ctx, res, 400, 'bad request address');
    }
    const presented = url.searchParams.get('token');
    const decision = checkUiRequest(req, auth, presented ?? undefined);
    // A foreign Host or Origin (403) is refused before the rate limiter is charged: every local client shares
    // 127.0.0.1, and 610 refused requests from a rebinding page once put the person's own browser at 429. A
    // wrong or missing token (401) is charged, so guessing stays rate-limited.
    if (!decision.ok && decision.status === 403) return refuse(decision);
    const wait = limiter.take(client, 'request') ?? (req.method === 'POST' ? limiter.take(client, 'action') : undefined);
    if (wait !== undefined) {
      req.resume();
      return errorPage(ctx, res, 429, `too many requests: try again in ${wait} s (ui.rate_limit_per_minute, ui.action_rate_limit_per_minute)`, {
        'retry-after': String(wait),
      });
    }
    if (presented !== null) {
      // The token link `lyra ui` printed: checked like a bearer token, then a session cookie stands for it.
      if (!auth.token || !sameSecret(presented, auth.token)) return errorPage(ctx, res, 401, "the token in the address is not this server's");
      if (!decision.ok) return refuse(decision);
      url.searchParams.delete('token');
      return send(res, 303, '', 'text/plain; charset=utf-8', {
        location: `${url.pathname.replace(/^\/+/, '/')}${url.search}`,
        'set-cookie': sessionCookies(auth.sessionSecret, ctx.base || '/'),
      });
    }
    if (!decision.ok) return refuse(decision);
    if (ctx.base && url.pathname !== ctx.base && !url.pathname.startsWith(`${ctx.base}/`)) return errorPage(ctx, res, 404, 'not found');
    const path = url.pathname.slice(ctx.base.length) || '/';
    try {
      await route(ctx, req, res, path, url.searchParams, controller.signal);
    } catch (err) {
      const status = statusOf(err);
      if (status === 500) ctx.log(`${req.method} ${path.slice(0, 200)} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      const message = status === 500 && !isLyraError(err) ? 'internal error (see the server log)' : err instanceof Error ? err.message : String(err);
      if (status === 413 || status === 400) req.resume();
      if (path.endsWith('.json') || path.startsWith('/events')) send(res, status, message, 'text/plain; charset=utf-8');
      else errorPage(ctx, res, status, message);
    }
  };
}
