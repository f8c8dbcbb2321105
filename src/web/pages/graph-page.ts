// The graph page: a canvas Cytoscape.js draws into (graph.js fetches the task's graph view), a side
// panel with the legend and the node clicked, and a choice of what to draw.
import { htmlAttr, htmlText } from '../../core/index.js';
import { STANCE_COLOURS, STATUS_COLOURS, TRUST_COLOURS } from '../../report/index.js';
import { href } from './layout.js';

export type GraphMode = 'auto' | 'sources' | 'all';

export function graphBody(base: string, taskId: string, question: string, mode: GraphMode): string {
  const task = href(base, `/tasks/${taskId}`);
  const legend = (title: string, colours: Record<string, string>, kind: string): string =>
    `<p class="legend"><strong>${htmlText(title)}</strong><br>${Object.keys(colours)
      .map((k) => `<span class="${htmlAttr(`${kind}-${k}`)}">${htmlText(k)}</span>`)
      .join(' ')}</p>`;
  const modes = (['auto', 'sources', 'all'] as const)
    .map(
      (m) =>
        `<option value="${m}"${m === mode ? ' selected' : ''}>${m === 'auto' ? 'automatic' : m === 'sources' ? 'stances across sources only' : 'every edge'}</option>`,
    )
    .join('');
  // Cytoscape adds an inline <style> unless an element with this id exists (the CSP would refuse it); #graph is positioned by ui.css.
  return `<span hidden id="__________cytoscape_stylesheet"></span><div id="graph" data-src="${htmlAttr(`${task}/graph.json`)}" data-claim-base="${htmlAttr(`${task}/claims/`)}" data-mode="${htmlAttr(mode)}" role="img" aria-label="evidence graph"></div>
<aside id="graph-panel"><p><a href="${htmlAttr(task)}">← ${htmlText(question)}</a></p>
<form method="get" data-autosubmit><label>Edges <select name="mode">${modes}</select></label> <button type="submit">Draw</button></form>
<p class="meta" id="graph-stats">Loading the graph…</p>
<p class="meta">Each source is drawn with the claims extracted from it around it; sources are ordered by trust level. The task's first eight claims (the claim asked, then the most relevant) are labelled in bold; zoom in for the others' labels; click a node.</p>
${legend('Claims by status', STATUS_COLOURS, 'st')}${legend('Sources by trust level', TRUST_COLOURS, 'tr')}${legend('Edges', STANCE_COLOURS, 'ed')}
<div id="graph-info"></div></aside>`;
}
