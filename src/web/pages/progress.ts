// A task's progress as it is shown and pushed live: the same fields on the tasks list and the task
// page, each in an element named by `data-live`, which ui.js fills from the server-sent events.
import { htmlAttr, htmlText } from '../../core/index.js';
import { type TaskProgress } from '../../pipeline/index.js';
import { HTML_STATUS_ORDER } from '../../report/index.js';

/** What the live stream sends for one task (and the server renders first). */
export interface LiveProgress {
  taskId: string;
  status: string;
  /** What is running now, in words; empty when nothing is. */
  phase: string;
  claims: Record<string, number>;
  claimsTotal: number;
  /** A verify task's side claims (sentences of the pages read), shown apart from its counts. */
  sideClaims: number;
  pages: string;
  queries: string;
  seconds: string;
  queriesDone: number;
  queriesTotal: number;
  feedback: number;
}

export function liveProgress(p: TaskProgress): LiveProgress {
  const claims = Object.fromEntries(HTML_STATUS_ORDER.map((s) => [s, p.claims[s] ?? 0]));
  const running = p.running.map(
    (r) => `“${r.text}” ${r.lastPhase ? `— ${r.lastPhase.phase} done${r.lastPhase.round > 0 ? ` (round ${r.lastPhase.round + 1})` : ''}` : '— starting'}`,
  );
  const queriesTotal = Object.values(p.queries).reduce((a, b) => a + b, 0);
  return {
    taskId: p.taskId,
    status: p.status,
    phase: running.join('; '),
    claims,
    claimsTotal: Object.values(claims).reduce((a, b) => a + b, 0),
    sideClaims: p.sideClaims,
    pages: `${p.budget.pagesUsed} / ${p.budget.maxPages}`,
    queries: `${p.budget.queriesUsed} / ${p.budget.maxQueries}`,
    seconds: `${p.budget.secondsUsed} / ${p.budget.maxSeconds} s`,
    queriesDone: p.queries.done ?? 0,
    queriesTotal,
    feedback: p.feedback,
  };
}

const live = (key: string, value: string | number, cls = ''): string =>
  `<span data-live="${htmlAttr(key)}"${cls ? ` class="${htmlAttr(cls)}"` : ''}>${htmlText(String(value))}</span>`;

/** The claim counts per status, each a coloured badge with its live number; statuses in full (VERI, COND… were read as codes). */
export function claimCountsHtml(p: LiveProgress): string {
  return `<span class="counts">${HTML_STATUS_ORDER.map((s) => `<span class="count st-${htmlAttr(s)}" title="${htmlAttr(s)}">${htmlText(s)} ${live(`claims.${s}`, p.claims[s] ?? 0)}</span>`).join('')}</span>`;
}

export function statusHtml(p: LiveProgress): string {
  return live('status', p.status, `task-status ts-${p.status}`);
}

/** The progress block of the task page. */
export function progressBlock(p: LiveProgress): string {
  return `<section class="progress" data-task="${htmlAttr(p.taskId)}" aria-live="polite">
<p>${statusHtml(p)} ${live('phase', p.phase, 'phase')}</p>
<p>${claimCountsHtml(p)} · claims ${live('claimsTotal', p.claimsTotal)}${p.sideClaims > 0 ? ` · side claims ${live('sideClaims', p.sideClaims)}` : ''} · pages ${live('pages', p.pages)} · queries sent ${live('queries', p.queries)} · searches done ${live('queriesDone', p.queriesDone)} of ${live('queriesTotal', p.queriesTotal)} · time ${live('seconds', p.seconds)} · corrections ${live('feedback', p.feedback)}</p>
<p class="stale" hidden data-live-stale>The evidence changed since this page was drawn. <a href="" data-reload>Reload</a></p>
</section>`;
}
