// A report document as Markdown (report.md): every piece of text escaped by core/format, and what two
// pieces side by side could make escaped too (markdownInline), so no piece can open a link, a tag,
// emphasis or a block; links only to http(s) addresses; citation marks as [n].
import { mdInline, mdInlinePart, mdLink, mdUrl } from '../core/index.js';
import type { ReportBlock, ReportDocument, ReportInline, ReportList } from './document.js';

function piece(p: ReportInline, startsLine: boolean): string {
  switch (p.type) {
    case 'text':
      return mdInlinePart(p.text, startsLine);
    case 'strong':
      return p.text.trim() === '' ? '' : `**${mdInline(p.text)}**`;
    case 'emphasis':
      return p.text.trim() === '' ? '' : `_${mdInline(p.text)}_`;
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

/**
 * Inline pieces on one line; `startsLine`: whether the first piece starts a line (where a block marker
 * must be escaped). Pieces are escaped alone, so what two of them could make together is escaped too: a
 * "(", "[" or ":" right after a citation mark (a link, or a link reference), a "!" right before a link or
 * a mark (an image).
 */
function markdownInline(content: readonly ReportInline[], startsLine = false): string {
  let out = '';
  let atStart = startsLine;
  content.forEach((p, i) => {
    let md = piece(p, atStart);
    if (md === '') return;
    if (content[i - 1]?.type === 'cite' && /^[([:]/.test(md)) md = `\\${md}`;
    const next = content[i + 1]?.type;
    if ((next === 'link' || next === 'cite') && md.endsWith('!')) md = `${md.slice(0, -1)}\\!`;
    out += md;
    atStart = false;
  });
  return out.trimEnd();
}

function listLines(list: ReportList, indent: string): string[] {
  return list.items.flatMap((it, i) => {
    const marker = list.ordered ? `${it.cite ?? i + 1}. ` : '- ';
    // A list under an item is indented to the item's text, so it stays inside the item.
    return [`${indent}${marker}${markdownInline(it.content, true)}`, ...(it.list ? listLines(it.list, `${indent}${' '.repeat(marker.length)}`) : [])];
  });
}

function blockMarkdown(b: ReportBlock): string {
  switch (b.type) {
    case 'heading':
      return `${'#'.repeat(b.level)} ${b.number !== undefined ? `${b.number}. ` : ''}${markdownInline(b.content, true)}`;
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
