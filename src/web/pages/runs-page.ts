// Runs: research runs (tasks started by `lyra research`, with their report files) and consensus runs
// found in the runs folders. A research run's report is rendered from its document (report/), a
// consensus report (Markdown its agents wrote) by the strict renderer of report-markdown.ts (every text
// escaped, only http(s) links, citations linked to their sources); a research run's report.html is one
// link away (served with its own strict policy).
import { htmlAttr, htmlText, verdictHasNoFigure } from '../../core/index.js';
import type { ConsensusRunInfo, ResearchRunInfo } from '../../app/research/research-runs.js';
import { href } from './layout.js';

export function runsBody(base: string, research: readonly ResearchRunInfo[], consensus: readonly ConsensusRunInfo[]): string {
  const r = research.map(
    (x) =>
      `<tr><td><a href="${htmlAttr(href(base, `/runs/research/${x.taskId}`))}">${htmlText(x.question)}</a></td><td>${htmlText(x.status ?? 'running or stopped early')}</td><td>${x.answer ? htmlText(verdictHasNoFigure(x.answer.verdict) ? x.answer.verdict : `${x.answer.verdict} (${x.answer.confidence.toFixed(2)})`) : '—'}</td><td><a href="${htmlAttr(href(base, `/tasks/${x.taskId}`))}">evidence</a></td></tr>`,
  );
  const c = consensus.map(
    (x) =>
      `<tr><td><a href="${htmlAttr(href(base, `/runs/consensus/${x.id}`))}">${htmlText(x.topic)}</a></td><td>${htmlText(x.startedAt)}</td><td>${htmlText(x.completedAt ?? 'not completed')}</td></tr>`,
  );
  return `<h1>Runs</h1><h2>Research</h2>${r.length ? `<table><thead><tr><th>Question</th><th>Status</th><th>Answer</th><th></th></tr></thead><tbody>${r.join('')}</tbody></table>` : '<p class="meta">No research run.</p>'}
<h2>Consensus</h2>${c.length ? `<table><thead><tr><th>Topic</th><th>Started</th><th>Completed</th></tr></thead><tbody>${c.join('')}</tbody></table>` : '<p class="meta">No consensus run in the runs folders.</p>'}`;
}

/** A run's report page: links back and beside, the title, and the report (`report`: its HTML fragment, report/ or report-markdown.ts). */
export function reportBody(base: string, title: string, report: string, links: Array<{ label: string; path: string }>): string {
  return `<p class="meta"><a href="${htmlAttr(href(base, '/runs'))}">← Runs</a>${links.map((l) => ` · <a href="${htmlAttr(href(base, l.path))}">${htmlText(l.label)}</a>`).join('')}</p><h1>${htmlText(title)}</h1>${report}`;
}
