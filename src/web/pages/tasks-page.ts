// The tasks list: every task with its question, status, budget used and claim counts per status;
// running ones update live (ui.js subscribes to the stream of all tasks).
import { htmlAttr, htmlText } from '../../core/index.js';
import type { TaskSummary } from '../../app/index.js';
import { href } from './layout.js';
import { claimCountsHtml, liveProgress, statusHtml } from './progress.js';

export function tasksBody(base: string, tasks: readonly TaskSummary[]): string {
  if (tasks.length === 0) {
    return '<h1>Tasks</h1><p>No tasks yet. Start one with <code>lyra research "…"</code> or <code>lyra task create "…"</code>, or from an MCP client.</p>';
  }
  const rows = tasks.map(({ task, progress }) => {
    const p = liveProgress(progress);
    return `<tr data-task="${htmlAttr(task.id)}">
<td><a href="${htmlAttr(href(base, `/tasks/${task.id}`))}">${htmlText(task.question)}</a><br><span class="meta">${htmlText(task.id)} · ${htmlText(task.createdAt.slice(0, 16).replace('T', ' '))}</span></td>
<td>${statusHtml(p)}<br><span class="meta" data-live="phase">${htmlText(p.phase)}</span></td>
<td>${claimCountsHtml(p)}</td>
<td class="num"><span data-live="pages">${htmlText(p.pages)}</span><br><span data-live="queries">${htmlText(p.queries)}</span><br><span data-live="seconds">${htmlText(p.seconds)}</span></td>
</tr>`;
  });
  return `<h1>Tasks</h1>
<table class="tasks" data-live-all><thead><tr><th>Question</th><th>Status</th><th>Claims by status</th><th>Budget used (pages, queries, time)</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}
