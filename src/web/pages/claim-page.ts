// One claim with its quotes and actions: the whole page (no script needed) or the fragment the task
// page inserts when the claim is opened.
import { htmlAttr, htmlText } from '../../core/index.js';
import type { HtmlClaim } from '../../report/index.js';
import { claimBody, claimSummary, type ActionContext } from './claim-parts.js';
import { href } from './layout.js';

export function claimFragment(c: HtmlClaim, ctx: ActionContext): string {
  return claimBody(c, ctx);
}

export function claimPageBody(c: HtmlClaim, question: string, ctx: ActionContext): string {
  return `<p class="meta"><a href="${htmlAttr(href(ctx.base, `/tasks/${ctx.taskId}#c-${c.id}`))}">← ${htmlText(question)}</a></p>
<article class="claim open" id="c-${htmlAttr(c.id)}" data-claim="${htmlAttr(c.id)}" data-status="${htmlAttr(c.status)}"><h1 class="claim-title">${claimSummary(c)}</h1>
<p class="meta">${htmlText(c.id)}</p>
${claimBody(c, ctx)}</article>`;
}
