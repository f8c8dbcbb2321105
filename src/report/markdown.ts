// A report document as Markdown (report.md): every piece of text escaped by core/format (no piece can
// open a link, a tag, emphasis or a block), links only to http(s) addresses, citation marks as [n].
import { mdInline, mdInlinePart, mdLink, mdUrl } from '../core/index.js';
import type { ReportBlock, ReportDocument, ReportInline, ReportList } from './document.js';

function piece(p: ReportInline, startsLine: boolean): string {
  switch (p.type) {
    case 'text':
      return mdInlinePart(p.text, startsLine);
    case 'strong':
      return `**${mdInline(p.text)}**`;
    case 'emphasis':
      return `_${mdInline(p.text)}_`;
    case 'quote':
      return `“${mdInline(p.text)}”`;
    case 'cite':
      return `[${p.n}]`;
    case 'link':
      return mdLink(p.text, p.url);
    case 'url':
      return mdUrl(p.url);
  }
}

/** Inline pieces on one line; `startsLine`: whether the first piece starts a line (where a block marker must be escaped). */
export function markdownInline(content: readonly ReportInline[], startsLine = false): string {
  return content.map((p, i) => piece(p, startsLine && i === 0)).join('');
}

function listLines(list: ReportList, indent: string): string[] {
  return list.items.flatMap((it, i) => {
    const marker = list.ordered ? `${it.cite ?? i + 1}. ` : '- ';
    return [`${indent}${marker}${markdownInline(it.content, true)}`, ...(it.list ? listLines(it.list, `${indent}  `) : [])];
  });
}

function blockMarkdown(b: ReportBlock): string {
  switch (b.type) {
    case 'heading':
      return `${'#'.repeat(b.level)} ${b.number !== undefined ? `${b.number}. ` : ''}${markdownInline(b.content, b.number === undefined)}`;
    case 'paragraph':
      return markdownInline(b.content, true);
    case 'note':
      return `> ${markdownInline(b.content, true)}`;
    case 'list':
      return listLines(b.list, '').join('\n');
    case 'table': {
      const row = (cells: ReportInline[][]): string => `| ${cells.map((c) => markdownInline(c) || '-').join(' | ')} |`;
      return [row(b.head), `|${b.head.map(() => ':--').join('|')}|`, ...b.rows.map(row)].join('\n');
    }
  }
}

/** The document as Markdown: blocks separated by a blank line, ending with a newline. */
export function renderMarkdown(doc: ReportDocument): string {
  return `${doc.blocks.map(blockMarkdown).join('\n\n')}\n`;
}
