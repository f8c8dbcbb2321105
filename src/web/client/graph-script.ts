// The graph page's script (served as /assets/graph.js; cytoscape is served beside it from
// node_modules as /assets/cytoscape.min.js). It draws the task's graph view (graph.json): each
// source with the claims at home in it as one cluster, clusters on a grid ordered by trust level,
// positions computed here (a preset layout: 5,000 claims lay out in milliseconds, no force
// simulation); labels only when zoomed in; claim ↔ claim contradictions and cross-source stances as
// edges. Clicking a node shows it in the side panel (texts set with textContent, links http(s) only).
import { STANCE_COLOURS, STATUS_COLOURS, TRUST_COLOURS } from '../../report/index.js';

export const GRAPH_SCRIPT = `const STATUS = ${JSON.stringify(STATUS_COLOURS)};
const TRUST = ${JSON.stringify(TRUST_COLOURS)};
const STANCE = ${JSON.stringify(STANCE_COLOURS)};
const box = document.getElementById('graph');
const panel = document.getElementById('graph-info');
const t0 = performance.now();
const res = await fetch(box.dataset.src, { credentials: 'same-origin' });
const g = await res.json();
const big = g.claims.length > 1500;
const mode = box.dataset.mode === 'auto' ? (big ? 'sources' : 'all') : box.dataset.mode;
const els = [];
const pos = new Map();
const clusters = new Map(g.sources.map((s) => [s.id, []]));
const homeless = [];
for (const c of g.claims) (c.home && clusters.has(c.home) ? clusters.get(c.home) : homeless).push(c);
const order = [...g.sources].sort((a, b) => a.ring - b.ring || b.claims - a.claims);
const groups = order.map((s) => ({ source: s, claims: clusters.get(s.id) }));
if (homeless.length) groups.push({ source: null, claims: homeless });
const radius = (n) => 30 + 14 * Math.sqrt(n);
const cell = 2 * Math.max(...groups.map((x) => radius(x.claims.length)), 60) + 40;
const cols = Math.max(1, Math.ceil(Math.sqrt(groups.length)));
groups.forEach((grp, i) => {
  const cx = (i % cols) * cell, cy = Math.floor(i / cols) * cell;
  if (grp.source) pos.set(grp.source.id, { x: cx, y: cy });
  grp.claims.forEach((c, k) => {
    const r = 30 + 14 * Math.sqrt(k + 1), a = k * 2.39996;
    pos.set(c.id, { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
  });
});
for (const s of g.sources) els.push({ group: 'nodes', data: { id: s.id, kind: 'source', label: s.label, colour: TRUST[s.trust] || '#999', size: 18 + 3 * Math.sqrt(s.claims), ref: s }, position: pos.get(s.id) });
// Past 1,500 claims a claim's text is shown when zoomed in on it or clicked: measuring thousands of labels is most of the drawing time.
const short = (text) => (text.length > 80 ? text.slice(0, 79) + '…' : text);
// The task's top claims (the claim asked, then the most relevant) are labelled at every zoom, also in a big graph.
for (const c of g.claims) els.push({ group: 'nodes', data: { id: c.id, kind: 'claim', label: big && !c.top ? '' : short(c.label), colour: STATUS[c.status] || '#999', rejected: c.rejected ? 1 : 0, top: c.top ? 1 : 0, ref: c }, position: pos.get(c.id) || { x: 0, y: 0 } });
let n = 0;
for (const e of g.evidence) {
  if (e.k === 'stated' && mode !== 'all') continue;
  els.push({ group: 'edges', data: { id: 'e' + n++, source: e.s, target: e.t, colour: STANCE[e.k], kind: e.k } });
}
for (const e of g.contradicts) els.push({ group: 'edges', data: { id: 'e' + n++, source: e.a, target: e.b, colour: STANCE.contradicts, kind: 'contradicts' } });
for (const e of g.cites) els.push({ group: 'edges', data: { id: 'e' + n++, source: e.s, target: e.t, colour: STANCE.cites, kind: 'cites' } });
const cy = window.cytoscape({
  container: box, elements: els, layout: { name: 'preset' }, minZoom: 0.02, maxZoom: 4, pixelRatio: 1,
  textureOnViewport: big, hideEdgesOnViewport: big, motionBlur: false,
  style: [
    { selector: 'node', style: { 'background-color': 'data(colour)', width: 10, height: 10, label: 'data(label)', 'font-size': 6, 'min-zoomed-font-size': 9, 'text-max-width': 120 } },
    { selector: 'node[kind = "source"]', style: { shape: 'round-rectangle', width: 'data(size)', height: 'data(size)', 'font-size': 10, 'min-zoomed-font-size': 4, 'font-weight': 'bold' } },
    { selector: 'node[top = 1]', style: { 'font-size': 9, 'min-zoomed-font-size': 0, 'font-weight': 'bold', 'text-max-width': 160, width: 14, height: 14 } },
    { selector: 'node[rejected = 1]', style: { opacity: 0.35 } },
    { selector: 'edge', style: { width: 1, 'line-color': 'data(colour)', 'curve-style': 'haystack', opacity: 0.6 } },
    { selector: 'edge[kind = "contradicts"]', style: { width: 2, 'line-style': 'dashed' } },
    { selector: ':selected', style: { 'border-width': 3, 'border-color': '#111827' } },
  ],
});
cy.fit(undefined, 20);
const el = (tag, text, attrs) => { const x = document.createElement(tag); if (text !== undefined) x.textContent = text; for (const [k, v] of Object.entries(attrs || {})) x.setAttribute(k, v); return x; };
cy.on('tap', 'node', (ev) => {
  const d = ev.target.data();
  const r = d.ref;
  panel.replaceChildren();
  if (d.kind === 'claim') {
    panel.append(el('h2', r.label), el('p', r.status + ' · confidence ' + r.confidence + (r.rejected ? ' · rejected' : '')));
    panel.append(el('a', 'Open the quotes', { href: box.dataset.claimBase + encodeURIComponent(r.id), 'data-open-claim': r.id }));
  } else {
    panel.append(el('h2', r.title), el('p', r.domain + ' · ' + r.trust + ' · ' + r.claims + ' claims from it'));
    const url = el('p', r.url, { class: 'url' });
    panel.append(url);
    if (/^https?:\\/\\//i.test(r.url)) panel.append(el('a', 'Open the source', { href: r.url, rel: 'noopener noreferrer', target: '_blank' }));
  }
});
// Level of detail: zoomed in on a large graph, the claims in view get their labels (at most 400 at a time).
if (big) {
  let timer;
  cy.on('viewport', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const show = cy.zoom() > 1.2;
      const ext = cy.extent();
      let shown = 0;
      cy.batch(() => cy.nodes('[kind = "claim"]').forEach((node) => {
        const p = node.position();
        const inView = show && shown < 400 && p.x >= ext.x1 && p.x <= ext.x2 && p.y >= ext.y1 && p.y <= ext.y2;
        if (inView) shown++;
        const label = inView || node.data('top') === 1 ? short(node.data('ref').label) : '';
        if (node.data('label') !== label) node.data('label', label);
      }));
    }, 150);
  });
}
const ms = Math.round(performance.now() - t0);
document.getElementById('graph-stats').textContent = g.sources.length + ' sources, ' + g.claims.length + ' claims, ' + (n) + ' edges shown (' + mode + ') · drawn in ' + ms + ' ms';
document.body.dataset.graphReady = String(ms);
window.lyraGraph = cy;
`;
