// POST /tasks/:id/actions: reject / restore a claim, correct an edge's stance (applyFeedback, as the
// MCP feedback tool, audited with author and reason) and set a domain's level (a user override). The
// form is zod-checked, its form token compared in constant time, and the answer is a 303 back to the
// page the form was on (a local path of this UI only), where the recomputed statuses show.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidInputError } from '../core/index.js';
import { sameSecret } from './auth.js';
import { readBody } from './body.js';
import type { UiContext } from './context.js';
import { actionSchema, paramsRecord, parseInput, taskIdSchema, type UiAction } from './schemas.js';
import { send } from './security.js';

/** An origin no request names, to read a relative return address against. */
const PROBE_ORIGIN = 'http://x.invalid';

/**
 * A return address only within this UI: `${base}/…` as the URL parser reads it — the same origin, the
 * path still under `base` after `..` is resolved — never another origin. A control character (a browser
 * drops tabs and line breaks: `/\t/evil.example/` is `//evil.example/`) or a backslash (read as `/`)
 * anywhere makes it foreign. The address is returned as parsed, so the Location says what was checked.
 */
export function safeBack(base: string, back: string | undefined, fallback: string): string {
  if (!back || !back.startsWith(`${base}/`) || /[\p{Cc}\\]/u.test(back)) return fallback;
  let url: URL;
  try {
    url = new URL(back, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || !url.pathname.startsWith(`${base}/`) || url.pathname.startsWith('//') || url.pathname.startsWith(`${base}//`))
    return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function applyUiAction(ctx: UiContext, taskId: string, a: UiAction): void {
  const { actions } = ctx.services;
  const common = { taskId, author: a.author, reason: a.reason };
  switch (a.action) {
    case 'reject_claim':
      actions.feedback({ ...common, kind: 'claim_rejected', targetId: a.claim_id });
      break;
    case 'restore_claim':
      actions.feedback({ ...common, kind: 'claim_restored', targetId: a.claim_id });
      break;
    case 'correct_edge':
      actions.feedback({ ...common, kind: 'edge_stance', targetId: a.edge_id, label: a.label });
      break;
    case 'override_domain':
      actions.overrideDomain({ ...common, domain: a.domain, trustLevel: a.trust_level });
      break;
  }
  ctx.cache.invalidate();
  ctx.live.tick();
}

export async function actionRoute(ctx: UiContext, req: IncomingMessage, res: ServerResponse, rawId: string, signal: AbortSignal): Promise<void> {
  const taskId = parseInput(taskIdSchema, rawId, 'task id');
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new InvalidInputError(`actions take a form (application/x-www-form-urlencoded), not ${type.slice(0, 100) || 'no content type'}`, {
      code: 'ui_unsupported_media_type',
    });
  }
  const body = await readBody(req, ctx.limits.maxBodyBytes, signal);
  const action = parseInput(actionSchema, paramsRecord(new URLSearchParams(body)), 'action form');
  if (!sameSecret(action.form_token, ctx.formToken)) {
    throw new InvalidInputError('the form is out of date or not from this UI (form token mismatch): reload the page and try again', { code: 'ui_form_token' });
  }
  applyUiAction(ctx, taskId, action);
  ctx.log(`${action.action} on task ${taskId} by ${action.author}`);
  send(res, 303, '', 'text/plain; charset=utf-8', { location: safeBack(ctx.base, action.back, `${ctx.base}/tasks/${taskId}`) });
}
