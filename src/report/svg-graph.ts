// The static evidence graph of report.html: sources (left, by trust level) and claims (right, by
// status) with their supports / refutes / stated-in edges and the contradictions between claims, as
// inline SVG — no script, no layout library, deterministic. A two-column layout keeps every label
// readable; it is cut to the strongest claims (SVG_GRAPH_MAX_CLAIMS) and says so.
import { TRUST_LEVELS, htmlAttr, htmlText, type TrustLevel } from '../core/index.js';
import { HTML_STATUS_ORDER, STANCE_COLOURS, STATUS_COLOURS, TRUST_COLOURS, type HtmlClaim, type HtmlContestedPair } from './html-document.js';

/** Claims drawn at most (the document's first ones: it lists the most relevant first). */
export const SVG_GRAPH_MAX_CLAIMS = 60;
/** Sources drawn at most (those with the most edges to the drawn claims). */
export const SVG_GRAPH_MAX_SOURCES = 60;
/** Characters of a label before it is cut with … (the full text is the node's tooltip). */
export const SVG_LABEL_CHARS = 58;

const ROW = 18;
const TOP = 40;
const SRC_X = 330;
const CLAIM_X = 720;
const WIDTH = 1120;

const cut = (s: string, n = SVG_LABEL_CHARS): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

interface Node {
  key: string;
  label: string;
  tip: string;
  colour: string;
  y: number;
  href?: string;
}

function spread(n: number, rows: number): (i: number) => number {
  const step = n > 1 ? ((rows - 1) * ROW) / (n - 1) : 0;
  return (i) => TOP + (n > 1 ? i * step : ((rows - 1) * ROW) / 2);
}

export interface SvgGraphOptions {
  /** Anchor of a claim's section in the page (`#…`), so a node clicks through to its quotes. */
  claimHref?: (claimId: string) => string;
}

export function renderSvgGraph(claims: readonly HtmlClaim[], contested: readonly HtmlContestedPair[], options: SvgGraphOptions = {}): string {
  const shown = claims.slice(0, SVG_GRAPH_MAX_CLAIMS);
  const order = (c: HtmlClaim): number => HTML_STATUS_ORDER.indexOf(c.status);
  const claimRows = [...shown].sort((a, b) => order(a) - order(b) || b.confidence - a.confidence || (a.id < b.id ? -1 : 1));
  const sources = new Map<string, { label: string; trust: TrustLevel; degree: number; title: string }>();
  for (const c of shown) {
    for (const q of [...c.supporting, ...c.refuting]) {
      const s = sources.get(q.source.url) ?? {
        label: q.source.title ?? q.source.url,
        trust: q.source.trustLevel,
        degree: 0,
        title: `${q.source.title ?? ''} ${q.source.url} (${q.source.trustLevel})`.trim(),
      };
      s.degree++;
      sources.set(q.source.url, s);
    }
  }
  const kept = [...sources.entries()].sort((a, b) => b[1].degree - a[1].degree || (a[0] < b[0] ? -1 : 1)).slice(0, SVG_GRAPH_MAX_SOURCES);
  kept.sort((a, b) => TRUST_LEVELS.indexOf(a[1].trust) - TRUST_LEVELS.indexOf(b[1].trust) || a[1].label.localeCompare(b[1].label));
  const rows = Math.max(kept.length, claimRows.length, 1);
  const sy = spread(kept.length, rows);
  const cy = spread(claimRows.length, rows);
  const srcNodes = new Map<string, Node>(
    kept.map(([url, s], i) => [url, { key: url, label: cut(s.label, 44), tip: s.title, colour: TRUST_COLOURS[s.trust], y: sy(i) }]),
  );
  const claimNodes = new Map<string, Node>(
    claimRows.map((c, i) => [
      c.id,
      {
        key: c.id,
        label: cut(c.statement),
        tip: `${c.status} ${c.confidence.toFixed(2)} — ${c.statement}`,
        colour: STATUS_COLOURS[c.status],
        y: cy(i),
        ...(options.claimHref ? { href: options.claimHref(c.id) } : {}),
      },
    ]),
  );
  const height = TOP + rows * ROW + 20;
  const out: string[] = [];
  out.push(
    `<svg class="graph" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="evidence graph">`,
  );
  const legend: Array<[string, string, boolean]> = [
    ['supports', STANCE_COLOURS.supports, false],
    ['refutes', STANCE_COLOURS.refutes, false],
    ['stated in', STANCE_COLOURS.stated, true],
    ['contradicts', STANCE_COLOURS.contradicts, false],
  ];
  legend.forEach(([label, colour, dashed], i) => {
    const x = 20 + i * 130;
    out.push(
      `<line x1="${x}" y1="14" x2="${x + 30}" y2="14" stroke="${colour}" stroke-width="2"${dashed ? ' stroke-dasharray="4 3"' : ''}/><text x="${x + 36}" y="18" class="lg">${htmlText(label)}</text>`,
    );
  });
  out.push('<g fill="none" stroke-width="1.2" opacity="0.55">');
  for (const c of claimRows) {
    const to = claimNodes.get(c.id)!;
    for (const q of [...c.supporting, ...c.refuting]) {
      const from = srcNodes.get(q.source.url);
      if (!from) continue;
      const colour = q.stated ? STANCE_COLOURS.stated : q.stance === 'refutes' ? STANCE_COLOURS.refutes : STANCE_COLOURS.supports;
      const mid = (SRC_X + CLAIM_X) / 2;
      out.push(
        `<path d="M${SRC_X} ${from.y.toFixed(1)} C${mid} ${from.y.toFixed(1)} ${mid} ${to.y.toFixed(1)} ${CLAIM_X} ${to.y.toFixed(1)}" stroke="${colour}"${q.stated ? ' stroke-dasharray="4 3"' : ''}/>`,
      );
    }
  }
  for (const p of contested) {
    const a = claimNodes.get(p.claimId);
    const b = claimNodes.get(p.otherClaimId);
    if (!a || !b) continue;
    const bend = CLAIM_X - 20 - Math.min(120, Math.abs(a.y - b.y) / 4);
    out.push(
      `<path d="M${CLAIM_X} ${a.y.toFixed(1)} C${bend.toFixed(1)} ${a.y.toFixed(1)} ${bend.toFixed(1)} ${b.y.toFixed(1)} ${CLAIM_X} ${b.y.toFixed(1)}" stroke="${STANCE_COLOURS.contradicts}" stroke-width="2"/>`,
    );
  }
  out.push('</g>');
  for (const n of srcNodes.values()) {
    out.push(
      `<g><title>${htmlText(n.tip)}</title><circle cx="${SRC_X}" cy="${n.y.toFixed(1)}" r="5" fill="${n.colour}"/><text x="${SRC_X - 10}" y="${(n.y + 4).toFixed(1)}" text-anchor="end">${htmlText(n.label)}</text></g>`,
    );
  }
  for (const n of claimNodes.values()) {
    const body = `<title>${htmlText(n.tip)}</title><circle cx="${CLAIM_X}" cy="${n.y.toFixed(1)}" r="5" fill="${n.colour}"/><text x="${CLAIM_X + 10}" y="${(n.y + 4).toFixed(1)}">${htmlText(n.label)}</text>`;
    out.push(n.href ? `<a href="${htmlAttr(n.href)}">${body}</a>` : `<g>${body}</g>`);
  }
  out.push('</svg>');
  const note =
    claims.length > shown.length || sources.size > kept.length
      ? `<p class="note">${htmlText(`Drawn: ${shown.length} of ${claims.length} claims, ${kept.length} of ${sources.size} sources (the strongest).`)}</p>`
      : '';
  return `${out.join('\n')}\n${note}`;
}
