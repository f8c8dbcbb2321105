// One task: progress (live), the answer of its research run, its claims grouped by status (filtered
// on the server, a page of UI_DEFAULTS.pageClaims at a time; each opens to its quotes), the contested
// pairs side by side with both sources' levels, the blocked domains with reason, causing claims,
// original level and how to restore (an override form), and the sources.
import { TRUST_LEVELS, htmlAttr, htmlLink, htmlText, verdictConfidenceText } from '../../core/index.js';
import { isAskedStatement } from '../../pipeline/index.js';
import { HTML_STATUS_ORDER, type HtmlAnswer, type HtmlClaim } from '../../report/index.js';
import type { ClaimFilter, TaskPage } from '../../app/tasks/task-views.js';
import { claimSummary, quoteBlock, statusBadge, trustBadge, type ActionContext } from './claim-parts.js';
import { href } from './layout.js';
import { progressBlock, type LiveProgress } from './progress.js';

export interface TaskView {
  page: TaskPage;
  progress: LiveProgress;
  filter: ClaimFilter;
  /** The claims that pass the filter, in order. */
  matched: HtmlClaim[];
  offset: number;
  pageClaims: number;
  /** The query string of the filter (for paging links). */
  query: URLSearchParams;
  actions: ActionContext;
}

function answerHtml(a: HtmlAnswer, lang: 'en' | 'ja'): string {
  const quotes = (list: HtmlAnswer['for']) => list.map((q) => quoteBlock(q, undefined)).join('');
  return `<section class="answer" id="answer"><h2>Answer: ${htmlText(a.verdict)} <span class="meta">${htmlText(verdictConfidenceText(a.shown, lang))}</span></h2>
${a.proposition ? `<p>Proposition: <q>${htmlText(a.proposition)}</q></p>` : ''}<p>${htmlText(a.summary)}</p>${a.prose ? `<p>${htmlText(a.prose)}</p>` : ''}
${a.for.length > 0 ? `<h3>For</h3>${quotes(a.for)}` : ''}${a.against.length > 0 ? `<h3>Against</h3>${quotes(a.against)}` : ''}
${a.closest && a.closest.length > 0 ? `<h3>Closest passages (the judge left them neutral: read them yourself)</h3>${quotes(a.closest)}` : ''}
${a.whatWouldChange ? `<p class="meta">What would change it: ${htmlText(a.whatWouldChange)}</p>` : ''}</section>`;
}

/**
 * A verify task asks about one claim: it is shown first with its status, and the other claims — every
 * sentence of the pages read for it — are named side claims, so "1 VERIFIED, 110 UNSUPPORTED" is not
 * read as the answer.
 */
function askedHtml(v: TaskView): string {
  if (v.page.task.kind !== 'verify') return '';
  const asked = v.page.doc.claims.find((c) => isAskedStatement(v.page.task.question, c.statement));
  if (!asked) return '';
  const side = v.progress.sideClaims;
  return `<section class="answer" id="asked" data-asked="${htmlAttr(asked.id)}"><h2>The claim asked: ${statusBadge(asked.status)}</h2>
<p><a href="${htmlAttr(href(v.actions.base, `/tasks/${v.page.task.id}/claims/${asked.id}`))}">${htmlText(asked.statement)}</a></p>
<p class="meta">${htmlText(`The ${side} other claims below are side claims: sentences of the pages read for it, judged on their own. They are not part of its answer.`)}</p></section>`;
}

function filterForm(v: TaskView): string {
  const f = v.filter;
  const facts = [...v.page.facts.values()];
  const domains = [...new Set(facts.flatMap((x) => x.domains))].sort();
  const langs = [...new Set(facts.map((x) => x.language))].sort();
  const box = (name: string, value: string, label: string, on: boolean): string =>
    `<label><input type="checkbox" name="${name}" value="${htmlAttr(value)}"${on ? ' checked' : ''}> ${label}</label>`;
  return `<form class="filters" method="get" action="${htmlAttr(href(v.actions.base, `/tasks/${v.page.task.id}`))}#claims" role="search" data-autosubmit>
<fieldset><legend>Status</legend>${HTML_STATUS_ORDER.map((s) => box('status', s, statusBadge(s), f.statuses?.includes(s) ?? false)).join('')}</fieldset>
<fieldset><legend>Trust level</legend>${TRUST_LEVELS.map((t) => box('trust', t, trustBadge(t), f.trustLevels?.includes(t) ?? false)).join('')}</fieldset>
<label>Domain <select name="domain"><option value="">any</option>${domains.map((d) => `<option${d === f.domain ? ' selected' : ''} value="${htmlAttr(d)}">${htmlText(d)}</option>`).join('')}</select></label>
<label>Language <select name="lang"><option value="">any</option>${langs.map((l) => `<option${l === f.language ? ' selected' : ''}>${htmlText(l)}</option>`).join('')}</select></label>
<label>Text <input type="search" name="q" value="${htmlAttr(f.text ?? '')}" maxlength="500"></label>
<label><input type="checkbox" name="rejected" value="hide"${f.rejected === false ? ' checked' : ''}> hide rejected</label>
<button type="submit">Filter</button> <a href="${htmlAttr(href(v.actions.base, `/tasks/${v.page.task.id}`))}#claims">clear</a></form>`;
}

function claimsHtml(v: TaskView): string {
  const base = v.actions.base;
  const id = v.page.task.id;
  const shown = v.matched.slice(v.offset, v.offset + v.pageClaims);
  const groups = HTML_STATUS_ORDER.map((s) => {
    const list = shown.filter((c) => c.status === s);
    if (list.length === 0) return '';
    const items = list.map(
      (
        c,
      ) => `<article class="claim${c.rejected ? ' rejected' : ''}" id="c-${htmlAttr(c.id)}" data-claim="${htmlAttr(c.id)}" data-status="${htmlAttr(c.status)}"><details><summary>${claimSummary(c)}</summary>
<div class="claim-body" data-src="${htmlAttr(href(base, `/tasks/${id}/claims/${c.id}?fragment=1`))}"><a href="${htmlAttr(href(base, `/tasks/${id}/claims/${c.id}`))}">Open the quotes</a></div></details></article>`,
    );
    return `<section class="group" data-group="${htmlAttr(s)}"><h3>${statusBadge(s)} ${htmlText(String(list.length))}${list.length < v.matched.filter((c) => c.status === s).length ? htmlText(` of ${v.matched.filter((c) => c.status === s).length}`) : ''}</h3>${items.join('\n')}</section>`;
  }).join('\n');
  const page = (offset: number, label: string): string => {
    const q = new URLSearchParams(v.query);
    q.set('offset', String(offset));
    return `<a href="${htmlAttr(`${href(base, `/tasks/${id}`)}?${q.toString()}#claims`)}">${htmlText(label)}</a>`;
  };
  const nav = [
    v.offset > 0 ? page(Math.max(0, v.offset - v.pageClaims), 'Previous') : '',
    v.offset + v.pageClaims < v.matched.length ? page(v.offset + v.pageClaims, `Next ${v.pageClaims}`) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const summary = `Showing ${shown.length === 0 ? 0 : v.offset + 1}–${v.offset + shown.length} of ${v.matched.length} matching claims (${v.page.doc.totalClaims} in the task${v.page.truncated > 0 ? `, ${v.page.truncated} beyond ui.max_claims not loaded` : ''}).`;
  return `<p class="meta" data-claims-summary>${htmlText(summary)}</p>${nav ? `<p>${nav}</p>` : ''}${groups || '<p>No claim matches.</p>'}${nav ? `<p>${nav}</p>` : ''}`;
}

function contestedHtml(v: TaskView): string {
  const byId = new Map(v.page.doc.claims.map((c) => [c.id, c]));
  const side = (id: string, level: string): string => {
    const c = byId.get(id);
    return `<td>${trustBadge(level)} ${c ? `${statusBadge(c.status)} <a href="${htmlAttr(href(v.actions.base, `/tasks/${v.page.task.id}/claims/${id}`))}">${htmlText(c.statement)}</a>` : htmlText(id)}</td>`;
  };
  if (v.page.doc.contested.length === 0) return '<p class="meta">No contradictions between claims.</p>';
  return `<table class="pairs"><thead><tr><th>Claim and its strongest source's level</th><th>Contradicting claim and its level</th><th>Class</th></tr></thead><tbody>${v.page.doc.contested
    .map((p) => `<tr>${side(p.claimId, p.trustLevel)}${side(p.otherClaimId, p.otherTrustLevel)}<td>${htmlText(p.type)}</td></tr>`)
    .join('')}</tbody></table>`;
}

function blockedHtml(v: TaskView): string {
  if (v.page.blocked.length === 0) return '<p class="meta">No domain of this task is blocked.</p>';
  const byId = new Map(v.page.doc.claims.map((c) => [c.id, c]));
  const a = v.actions;
  const rows = v.page.blocked.map((b) => {
    const causes = b.contradicting_claims
      .map((id) =>
        byId.get(id)
          ? `<li><a href="${htmlAttr(href(a.base, `/tasks/${v.page.task.id}/claims/${id}`))}">${htmlText(byId.get(id)!.statement)}</a></li>`
          : `<li>${htmlText(id)}</li>`,
      )
      .join('');
    const form = b.can_restore
      ? `<form method="post" action="${htmlAttr(href(a.base, `/tasks/${v.page.task.id}/actions`))}" class="action override"><input type="hidden" name="form_token" value="${htmlAttr(a.formToken)}"><input type="hidden" name="author" value="${htmlAttr(a.author)}" data-author><input type="hidden" name="back" value="${htmlAttr(a.back)}"><input type="hidden" name="action" value="override_domain"><input type="hidden" name="domain" value="${htmlAttr(b.domain)}"><select name="trust_level" aria-label="level">${TRUST_LEVELS.map((t) => `<option${t === b.original_trust_level ? ' selected' : ''}>${t}</option>`).join('')}</select><input name="reason" required maxlength="2000" placeholder="reason" aria-label="reason"><button type="submit">Set level</button></form>`
      : '<p class="meta">Not restorable.</p>';
    return `<tr data-domain="${htmlAttr(b.domain)}"><td>${htmlText(b.domain)}<br>${trustBadge(b.trust_level)} since ${htmlText(b.blocked_at ?? '?')}</td><td>${htmlText(b.reason ?? '—')}<ul>${causes}</ul></td><td>${trustBadge(b.original_trust_level)}</td><td>${htmlText(`A user override in ${b.restore_via}`)}${form}</td></tr>`;
  });
  return `<table class="blocked"><thead><tr><th>Domain</th><th>Reason and causing claims</th><th>Level before</th><th>How to restore</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function sourcesHtml(v: TaskView): string {
  return `<ol class="sources">${v.page.pages.map((p) => `<li>${htmlLink(p.title ?? p.url, p.url)} <span class="url">${htmlText(p.url)}</span> · ${htmlText(p.domain)} · ${trustBadge(p.trustLevel)} · ${htmlText(p.sourceType)}</li>`).join('')}</ol>`;
}

export function taskBody(v: TaskView): string {
  const t = v.page.task;
  const base = v.actions.base;
  const run = v.page.run;
  const runLinks = run
    ? ` · <a href="${htmlAttr(href(base, `/runs/research/${t.id}`))}">research report</a>${run.reportHtmlFile ? ` · <a href="${htmlAttr(href(base, `/runs/research/${t.id}/report.html`))}">report.html</a>` : ''}`
    : '';
  return `<h1>${htmlText(t.question)}</h1>
<p class="meta">${htmlText(`${t.id} · created ${t.createdAt.slice(0, 16).replace('T', ' ')}`)} · <a href="${htmlAttr(href(base, `/tasks/${t.id}/graph`))}">Graph</a> · <a href="#contested">Contested pairs</a> · <a href="#blocked">Blocked domains</a> · <a href="#sources">Sources</a>${runLinks}</p>
${progressBlock(v.progress)}
${v.page.doc.answer ? answerHtml(v.page.doc.answer, v.page.doc.lang) : ''}
${askedHtml(v)}
<section id="claims"><h2>Claims</h2>${filterForm(v)}${claimsHtml(v)}</section>
<section id="contested"><h2>Contested pairs</h2>${contestedHtml(v)}</section>
<section id="blocked"><h2>Blocked domains</h2>${blockedHtml(v)}</section>
<section id="sources"><h2>Sources (${v.page.pages.length})</h2>${sourcesHtml(v)}</section>`;
}
