// A small, strict Markdown renderer for Markdown reports, for the Runs pages: a consensus report.md
// (Markdown its agents wrote, seed 004) and the `<topic>_report.md` of a research run written before
// research reports were kept as data (a newer one is rendered from its document, report/). Headings,
// paragraphs, bullet and numbered lists (nested), block quotes, simple pipe tables, thematic breaks, and
// the inline forms of report-inline.ts. Nothing else is Markdown here: raw HTML, images and other
// schemes are text. Citation marks [3] / [R3] link to the list item defining them (`3. …` in
// References, `- [3] …` / `- [R3] …` in Sources), which gets id="src-3". Nothing is linked into the UI:
// that would mean recovering claims and sources from the text.
import { htmlAttr, htmlText } from '../../core/index.js';
import { renderInline, type InlineContext } from './report-inline.js';

interface Item {
  n?: number;
  text: string;
  lists: List[];
  label?: string;
}
interface List {
  ordered: boolean;
  items: Item[];
}
type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'para'; lines: string[] }
  | { kind: 'quote'; paras: string[][] }
  | { kind: 'lists'; lists: List[] }
  | { kind: 'table'; head?: string[]; rows: string[][] }
  | { kind: 'hr' };

/** Deepest list nesting kept (deeper items join the deepest list). */
export const MAX_LIST_DEPTH = 8;

const HEADING_RE = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const HR_RE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE_RE = /^ {0,3}>/;
const TABLE_RE = /^ {0,3}\|/;
const ITEM_RE = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const SEPARATOR_RE = /^\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const DEF_RE = /^\[(R?\d{1,5})\](?:\s|$)/;

const blank = (l: string): boolean => l.trim() === '';
const startsBlock = (l: string): boolean => HEADING_RE.test(l) || HR_RE.test(l) || QUOTE_RE.test(l) || TABLE_RE.test(l) || ITEM_RE.test(l);

function buildLists(lines: string[]): List[] {
  const roots: List[] = [];
  const stack: Array<{ indent: number; list: List }> = [];
  for (const line of lines) {
    const m = ITEM_RE.exec(line);
    const top = stack.at(-1);
    if (!m) {
      const last = top?.list.items.at(-1);
      if (last) last.text += ` ${line.trim()}`;
      continue;
    }
    const indent = m[1]!.length;
    const ordered = /\d/.test(m[2]!);
    const item: Item = { text: m[3] ?? '', lists: [], ...(ordered ? { n: parseInt(m[2]!, 10) } : {}) };
    while (stack.length > 1 && stack.at(-1)!.indent > indent) stack.pop();
    const cur = stack.at(-1);
    const parent = cur?.list.items.at(-1);
    if (cur && indent > cur.indent && parent && stack.length < MAX_LIST_DEPTH) {
      const list: List = { ordered, items: [item] };
      parent.lists.push(list);
      stack.push({ indent, list });
    } else if (cur && (cur.list.ordered === ordered || stack.length > 1)) {
      cur.list.items.push(item);
    } else {
      const list: List = { ordered, items: [item] };
      roots.push(list);
      stack.length = 0;
      stack.push({ indent, list });
    }
  }
  return roots;
}

function cells(row: string): string[] {
  const out: string[] = [];
  let cell = '';
  const t = row.trim().replace(/^\|/, '');
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '\\' && i + 1 < t.length) cell += t[i] + t[++i]!;
    else if (t[i] === '|') {
      out.push(cell.trim());
      cell = '';
    } else cell += t[i];
  }
  if (cell.trim() !== '') out.push(cell.trim());
  return out;
}

/** The report's blocks, line by line. */
export function parseBlocks(md: string): Block[] {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  const take = (ok: (l: string) => boolean): string[] => {
    const out: string[] = [];
    while (i < lines.length && ok(lines[i]!)) out.push(lines[i++]!);
    return out;
  };
  while (i < lines.length) {
    const line = lines[i]!;
    const h = HEADING_RE.exec(line);
    if (blank(line)) i++;
    else if (h) {
      blocks.push({ kind: 'heading', level: h[1]!.length, text: h[2] ?? '' });
      i++;
    } else if (HR_RE.test(line)) {
      blocks.push({ kind: 'hr' });
      i++;
    } else if (QUOTE_RE.test(line)) {
      const paras: string[][] = [[]];
      for (const l of take((x) => QUOTE_RE.test(x))) {
        const text = l.replace(/^ {0,3}> ?/, '');
        if (blank(text)) paras.push([]);
        else paras.at(-1)!.push(text);
      }
      blocks.push({ kind: 'quote', paras: paras.filter((p) => p.length > 0) });
    } else if (TABLE_RE.test(line)) {
      const rows = take((x) => TABLE_RE.test(x));
      const sep = rows.length > 1 && SEPARATOR_RE.test(rows[1]!.trim());
      blocks.push({ kind: 'table', ...(sep ? { head: cells(rows[0]!) } : {}), rows: rows.slice(sep ? 2 : 0).map(cells) });
    } else if (ITEM_RE.test(line)) {
      const items = take((x) => ITEM_RE.test(x) || (!blank(x) && /^\s/.test(x) && !HEADING_RE.test(x)));
      blocks.push({ kind: 'lists', lists: buildLists(items) });
    } else {
      const para = [line];
      i++;
      para.push(...take((x) => !blank(x) && !startsBlock(x)));
      blocks.push({ kind: 'para', lines: para });
    }
  }
  return blocks;
}

/** Gives each citation-defining list item its label (first definition wins) and returns the labels. */
function labelDefinitions(blocks: Block[]): Set<string> {
  const labels = new Set<string>();
  const visit = (list: List): void => {
    for (const item of list.items) {
      const label = list.ordered ? (item.n !== undefined ? String(item.n) : undefined) : DEF_RE.exec(item.text)?.[1];
      if (label !== undefined && !labels.has(label)) {
        labels.add(label);
        item.label = label;
      }
      item.lists.forEach(visit);
    }
  };
  for (const b of blocks) if (b.kind === 'lists') b.lists.forEach(visit);
  return labels;
}

function renderList(list: List, ctx: InlineContext): string {
  const items = list.items.map((item) => {
    const id = item.label !== undefined ? ` id="src-${htmlAttr(item.label)}"` : '';
    const value = list.ordered && item.n !== undefined ? ` value="${item.n}"` : '';
    // A `[3] …` item shows its own label as text, not as a link to itself.
    const own = !list.ordered && item.label !== undefined ? DEF_RE.exec(item.text)![0] : '';
    const body = own ? `${htmlText(own)}${renderInline(item.text.slice(own.length), ctx)}` : renderInline(item.text, ctx);
    return `<li${id}${value}>${body}${item.lists.map((l) => renderList(l, ctx)).join('')}</li>`;
  });
  const tag = list.ordered ? 'ol' : 'ul';
  return `<${tag}>${items.join('')}</${tag}>`;
}

function renderHeading(level: number, text: string, ctx: InlineContext): string {
  // One level down: the page's own <h1> is the run's title.
  const tag = `h${Math.min(6, level + 1)}`;
  return `<${tag}>${renderInline(text, ctx)}</${tag}>`;
}

/** A report's Markdown as HTML (a fragment, in <div class="report">): every text escaped, only http(s) links. */
export function renderReportMarkdown(md: string): string {
  const blocks = parseBlocks(md);
  const ctx: InlineContext = { cites: labelDefinitions(blocks) };
  const out = blocks.map((b) => {
    switch (b.kind) {
      case 'heading':
        return renderHeading(b.level, b.text, ctx);
      case 'hr':
        return '<hr>';
      case 'para':
        return `<p>${renderInline(b.lines.map((l) => l.trim()).join(' '), ctx)}</p>`;
      case 'quote':
        return `<blockquote>${b.paras.map((p) => `<p>${renderInline(p.map((l) => l.trim()).join(' '), ctx)}</p>`).join('')}</blockquote>`;
      case 'lists':
        return b.lists.map((l) => renderList(l, ctx)).join('');
      case 'table': {
        const head = b.head ? `<thead><tr>${b.head.map((c) => `<th>${renderInline(c, ctx)}</th>`).join('')}</tr></thead>` : '';
        return `<table>${head}<tbody>${b.rows.map((r) => `<tr>${r.map((c) => `<td>${renderInline(c, ctx)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
      }
    }
  });
  return `<div class="report">${out.join('\n')}</div>`;
}
