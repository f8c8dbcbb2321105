// A report document as an HTML fragment for a page of the browser UI (`lyra ui`, a research run's
// report): every text through core/format's htmlText, links only to http(s) addresses, each citation
// mark linked to the References entry that defines it, a numbered claim heading linked to the claim's
// page and a reference to the UI's page of its source when the caller knows one — all from the
// document's fields, nothing recovered from rendered text.
import { htmlAnchor, htmlAttr, htmlText, safeHttpUrl } from '../core/index.js';
import type { ReportBlock, ReportDocument, ReportInline, ReportList } from './document.js';

export interface ReportLinks {
  /** The UI page of a claim a numbered heading is about, if any. */
  claimHref?: (claimId: string) => string | undefined;
  /** A UI page for the source a References entry is about (its address as the document holds it), if any. */
  sourceHref?: (url: string) => { href: string; label: string } | undefined;
}

/** A number as digits whatever the caller handed in (the document's numbers are checked by its schema, this does not rely on it). */
const num = (n: number): string => String(Math.trunc(Number(n)) || 0);

function piece(p: ReportInline, cites: ReadonlySet<number>): string {
  switch (p.type) {
    case 'text':
      return htmlText(p.text);
    case 'strong':
      return `<strong>${htmlText(p.text)}</strong>`;
    case 'emphasis':
      return `<em>${htmlText(p.text)}</em>`;
    case 'quote':
      return `“${htmlText(p.text)}”`;
    case 'cite':
      return cites.has(p.n) ? `<a class="cite" href="#src-${num(p.n)}">[${num(p.n)}]</a>` : `[${num(p.n)}]`;
    case 'link': {
      const label = htmlText(p.text || p.url);
      if (safeHttpUrl(p.url) !== undefined) return htmlAnchor(p.url, label);
      // Not linkable: the label, and the address as text when it says more (as report.md shows it).
      return p.url.trim() === '' || p.text.trim() === p.url.trim() ? label : `${label} (${htmlText(p.url)})`;
    }
    case 'url':
      return htmlAnchor(p.url, htmlText(p.url));
  }
}

const inline = (content: readonly ReportInline[], cites: ReadonlySet<number>): string => content.map((p) => piece(p, cites)).join('');

function listHtml(list: ReportList, cites: ReadonlySet<number>, links: ReportLinks): string {
  const items = list.items.map((it, i) => {
    const id = it.cite !== undefined ? ` id="src-${num(it.cite)}"` : '';
    const value = list.ordered ? ` value="${num(it.cite ?? i + 1)}"` : '';
    const target = it.source_url !== undefined ? links.sourceHref?.(it.source_url) : undefined;
    const ui = target ? ` <a class="ui-link" href="${htmlAttr(target.href)}">${htmlText(target.label)}</a>` : '';
    return `<li${id}${value}>${inline(it.content, cites)}${ui}${it.list ? listHtml(it.list, cites, links) : ''}</li>`;
  });
  const tag = list.ordered ? 'ol' : 'ul';
  return `<${tag}>${items.join('')}</${tag}>`;
}

function blockHtml(b: ReportBlock, cites: ReadonlySet<number>, links: ReportLinks): string {
  switch (b.type) {
    case 'heading': {
      // One level down: the page's own <h1> is the run's title.
      const tag = `h${Math.min(6, b.level + 1)}`;
      const inner = `${b.number !== undefined ? `${num(b.number)}. ` : ''}${inline(b.content, cites)}`;
      const claim = b.claim_id !== undefined ? links.claimHref?.(b.claim_id) : undefined;
      if (!claim) return `<${tag}>${inner}</${tag}>`;
      const a = `<a class="claim-link" href="${htmlAttr(claim)}"`;
      // A heading that links elsewhere already gets its claim link beside it (no link inside a link).
      return inner.includes('<a ') ? `<${tag}>${inner} ${a}>claim</a></${tag}>` : `<${tag}>${a}>${inner}</a></${tag}>`;
    }
    case 'paragraph':
      return `<p>${inline(b.content, cites)}</p>`;
    case 'note':
      return `<blockquote><p>${inline(b.content, cites)}</p></blockquote>`;
    case 'list':
      return listHtml(b.list, cites, links);
    case 'table': {
      const head = `<thead><tr>${b.head.map((c) => `<th>${inline(c, cites)}</th>`).join('')}</tr></thead>`;
      return `<table>${head}<tbody>${b.rows.map((r) => `<tr>${r.map((c) => `<td>${inline(c, cites)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
    }
  }
}

/** The citation numbers the document's lists define (References entries). */
function definedCites(doc: ReportDocument): Set<number> {
  const out = new Set<number>();
  const visit = (l: ReportList): void => {
    for (const it of l.items) {
      if (it.cite !== undefined) out.add(it.cite);
      if (it.list) visit(it.list);
    }
  };
  for (const b of doc.blocks) if (b.type === 'list') visit(b.list);
  return out;
}

/**
 * Blocks without citations (a report's Limitations) as HTML, each value escaped as in the fragment below,
 * placed under a section's own <h2>: their headings keep the Markdown's levels (### → <h3>).
 */
export function renderHtmlBlocks(blocks: readonly ReportBlock[]): string {
  return blocks.map((b) => blockHtml(b.type === 'heading' ? { ...b, level: b.level - 1 } : b, new Set(), {})).join('\n');
}

/** The document as an HTML fragment (in <div class="report">). */
export function renderHtmlFragment(doc: ReportDocument, links: ReportLinks = {}): string {
  const cites = definedCites(doc);
  return `<div class="report">${doc.blocks.map((b) => blockHtml(b, cites, links)).join('\n')}</div>`;
}
