// A claim as the UI shows it: its summary line (the task page lists thousands of these) and its body
// (rationale, conditions, every quote verbatim with its source, and the actions), which the task page
// loads when the claim is opened and the claim page shows whole. Actions are plain forms (they work
// without script) carrying the form token; they go through the same code as the MCP feedback tool.
import { htmlAttr, htmlLink, htmlText, safeHttpUrl } from '../../core/index.js';
import { reportLabels, type HtmlClaim, type HtmlQuote } from '../../report/index.js';
import { href } from './layout.js';

export interface ActionContext {
  base: string;
  taskId: string;
  formToken: string;
  author: string;
  /** Where the form returns to (the page it is on). */
  back: string;
}

/** A status in words: report.html's English labels, one list for both. */
const STATUS_WORDS: Readonly<Record<string, string>> = reportLabels('en').status;
/** The heading over a claim's closest passage: report.html's English words. */
const CLOSEST_ONE = reportLabels('en').closestOne;
export const statusWord = (s: string): string => STATUS_WORDS[s] ?? s;

export function statusBadge(status: string): string {
  return `<span class="badge st-${htmlAttr(status)}" data-claim-status>${htmlText(statusWord(status))}</span>`;
}

export function trustBadge(level: string): string {
  return `<span class="trust tr-${htmlAttr(level)}">${htmlText(level)}</span>`;
}

function hidden(ctx: ActionContext): string {
  return `<input type="hidden" name="form_token" value="${htmlAttr(ctx.formToken)}"><input type="hidden" name="author" value="${htmlAttr(ctx.author)}" data-author><input type="hidden" name="back" value="${htmlAttr(ctx.back)}">`;
}

function actionForm(ctx: ActionContext, fields: string, button: string, cls: string): string {
  return `<form method="post" action="${htmlAttr(href(ctx.base, `/tasks/${ctx.taskId}/actions`))}" class="action ${htmlAttr(cls)}">${hidden(ctx)}${fields}<input name="reason" required maxlength="2000" placeholder="reason" aria-label="reason"><button type="submit">${htmlText(button)}</button></form>`;
}

export function claimSummary(c: HtmlClaim): string {
  const rejected = c.rejected ? ` <span class="rejected-mark">rejected by ${htmlText(c.rejected.by)}</span>` : '';
  return `${statusBadge(c.status)} <span class="statement">${htmlText(c.statement)}</span> <span class="meta">${htmlText(`confidence ${c.confidence.toFixed(2)} · ${c.supporting.length} for · ${c.refuting.length} against`)}</span>${rejected}`;
}

function sourceLine(q: HtmlQuote): string {
  const real = q.source.link && safeHttpUrl(q.source.link) ? q.source.link : q.source.url;
  const side = q.leans ? `neutral, leans to ${q.leans === 'supports' ? 'supporting' : 'refuting'}` : q.stance;
  const judged = q.stated ? 'stated in the source' : `${side} ${q.confidence.toFixed(2)}${q.model ? ` by ${q.model}` : ''}`;
  // A quote read back from a research run's files knows no domain (answer-schema has none): no empty field.
  const domain = q.source.domain ? ` · ${htmlText(q.source.domain)}` : '';
  return `${htmlLink(q.source.title ?? q.source.url, real)} <span class="url">${htmlText(real)}</span>${domain} · ${trustBadge(q.source.trustLevel)} · ${htmlText(q.locator)} · ${htmlText(judged)}`;
}

export function quoteBlock(q: HtmlQuote, ctx: ActionContext | undefined): string {
  const correct =
    ctx && q.edgeId && !q.stated
      ? actionForm(
          ctx,
          `<input type="hidden" name="action" value="correct_edge"><input type="hidden" name="edge_id" value="${htmlAttr(q.edgeId)}"><select name="label" aria-label="right stance">${['supports', 'refutes', 'neutral'].map((l) => `<option${l === q.stance ? ' selected' : ''}>${l}</option>`).join('')}</select>`,
          'Correct stance',
          'correct',
        )
      : '';
  return `<div class="quote ${q.stated ? 'stated' : q.leans ? 'neutral' : htmlAttr(q.stance)}"><blockquote>${htmlText(q.text)}</blockquote><p class="src">${sourceLine(q)}</p>${correct}</div>`;
}

export function claimBody(c: HtmlClaim, ctx: ActionContext): string {
  const act = c.rejected
    ? actionForm(
        ctx,
        `<input type="hidden" name="action" value="restore_claim"><input type="hidden" name="claim_id" value="${htmlAttr(c.id)}">`,
        'Restore claim',
        'restore',
      )
    : actionForm(
        ctx,
        `<input type="hidden" name="action" value="reject_claim"><input type="hidden" name="claim_id" value="${htmlAttr(c.id)}">`,
        'Reject claim',
        'reject',
      );
  return [
    c.rationale ? `<p class="rationale">${htmlText(c.rationale)}</p>` : '<p class="rationale">Not judged yet: no evidence was weighed for it.</p>',
    c.conditions.length > 0 ? `<p class="rationale">Conditions: ${htmlText(c.conditions.join('; '))}</p>` : '',
    c.rejected ? `<p class="rejected-mark">Rejected by ${htmlText(c.rejected.by)} at ${htmlText(c.rejected.at)}: ${htmlText(c.rejected.reason)}</p>` : '',
    act,
    `<h4>Supporting (${c.supporting.length})</h4>${c.supporting.map((q) => quoteBlock(q, ctx)).join('') || '<p class="meta">None.</p>'}`,
    `<h4>Refuting (${c.refuting.length})</h4>${c.refuting.map((q) => quoteBlock(q, ctx)).join('') || '<p class="meta">None.</p>'}`,
    // Set from the task's research run for a claim only its own source states (app/tasks/task-views.ts).
    c.closest && c.closest.length > 0 ? `<h4>${htmlText(CLOSEST_ONE)}</h4>${c.closest.map((q) => quoteBlock(q, ctx)).join('')}` : '',
  ].join('\n');
}
