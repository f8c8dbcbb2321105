// The tasks list: every task with its question, status, the research run's verdict (when a run started
// it), budget used and claim counts per status;
// running ones update live (ui.js subscribes to the stream of all tasks).
import { htmlAttr, htmlText, verdictHasNoFigure } from '../../core/index.js';
import type { TaskSummary } from '../../app/tasks/task-views.js';
import { href } from './layout.js';
import { claimCountsHtml, liveProgress, statusHtml } from './progress.js';

/** A research run's answer for the verdict column, or why its run could not be read. */
export type TaskAnswerCell = { verdict: string; confidence: number } | { unreadable: string };

function answerCell(a: TaskAnswerCell | undefined): string {
  if (!a) return '<span class="meta">—</span>';
  if ('unreadable' in a) return `<span class="meta" title="${htmlAttr(a.unreadable)}">run unreadable</span>`;
  // No figure for "insufficient evidence": 1 − max(support, refutation) would read as certainty.
  return htmlText(verdictHasNoFigure(a.verdict) ? a.verdict : `${a.verdict} (${a.confidence.toFixed(2)})`);
}

export function tasksBody(base: string, tasks: readonly TaskSummary[], answers: ReadonlyMap<string, TaskAnswerCell> = new Map()): string {
  if (tasks.length === 0) {
    return '<h1>Tasks</h1><p>No tasks yet. Start one with <code>lyra research "…"</code> or <code>lyra task create "…"</code>, or from an MCP client.</p>';
  }
  const rows = tasks.map(({ task, progress }) => {
    const p = liveProgress(progress);
    return `<tr data-task="${htmlAttr(task.id)}">
<td><a href="${htmlAttr(href(base, `/tasks/${task.id}`))}">${htmlText(task.question)}</a><br><span class="meta">${htmlText(task.id)} · ${htmlText(task.createdAt.slice(0, 16).replace('T', ' '))}</span></td>
<td>${statusHtml(p)}<br><span class="meta" data-live="phase">${htmlText(p.phase)}</span></td>
<td>${answerCell(answers.get(task.id))}</td>
<td>${claimCountsHtml(p)}</td>
<td class="num"><span data-live="pages">${htmlText(p.pages)}</span><br><span data-live="queries">${htmlText(p.queries)}</span><br><span data-live="seconds">${htmlText(p.seconds)}</span></td>
</tr>`;
  });
  return `<h1>Tasks</h1>
<table class="tasks" data-live-all><thead><tr><th>Question</th><th>Status</th><th>Answer</th><th>Claims by status</th><th>Budget used (pages, queries, time)</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}
