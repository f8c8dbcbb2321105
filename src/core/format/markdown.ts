// Markdown for text Lyra did not write (titles, quotes, URLs, errors from pages and files). Every
// value goes through one of these before it reaches a report: inline syntax is escaped, line breaks
// in one-line fields become spaces, block markers at the start of a line are escaped, raw HTML never
// passes (`<` and `>` are escaped), bidi controls are shown by code point (bidi.ts), and links are made
// only to http(s) URLs in normalised form.
import { neutralizeBidi } from './bidi.js';
import { safeHttpUrl } from './safe-url.js';

/**
 * Characters with inline meaning in CommonMark or GFM (emphasis, code, links, HTML, tables,
 * strikethrough, escapes), and runs of `_` (matched whole, see escapeSpecial).
 */
const INLINE_SPECIAL_RE = /[\\`*[\]<>|~]|_+/g;
const WORD_CHAR_RE = /[\p{L}\p{N}]/u;

/** Escapes one match of INLINE_SPECIAL_RE. A `_` run between two letters or digits (`non_retryable`) can neither open nor close emphasis (CommonMark's flanking rules) and stays as written. */
function escapeSpecial(match: string, offset: number, whole: string): string {
  if (match[0] !== '_') return `\\${match}`;
  const before = whole[offset - 1];
  const after = whole[offset + match.length];
  if (before !== undefined && after !== undefined && WORD_CHAR_RE.test(before) && WORD_CHAR_RE.test(after)) return match;
  return match.replace(/_/g, '\\_');
}
// Control characters (C0 except tab, DEL, C1) and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Block markers a line may start with: headings, lists, quotes, thematic breaks, setext underlines, ordered lists. */
const LEADING_BLOCK_RE = /^(?:[#>+=-]|\d{1,9}[.)])/;

/**
 * One line: each line break (with the white space around it) becomes one space, other control
 * characters are dropped, bidi controls shown by code point, and the rest — quotes stay verbatim —
 * keeps its spacing. Every Markdown value goes through here. Linear: split, not a `\s*\n\s*` pattern
 * (quadratic on a long run of spaces).
 */
export function oneLine(s: string): string {
  const parts = neutralizeBidi(s)
    .replace(/[\r\v\f\u0085]/g, '\n')
    .replace(CONTROL_RE, '')
    .split(/[\n\u2028\u2029]/);
  if (parts.length === 1) return parts[0]!.trim();
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(' ');
}

/**
 * Text on one line: Markdown's inline syntax escaped, GFM's autolinks broken (`http://`, `https://`,
 * `ftp://` and `www.` get an escape, `@` too so no address turns into `mailto:`; a link is only ever
 * made by mdLink or mdUrl), entity references kept as text (`&amp;lt;`), and a block marker at its
 * start escaped (`#`, `-`, `+`, `=`, `1.`): the value may land at the start of a line or of a list
 * item (`1. <title>`), where `# x` would be a heading. Safe anywhere in a line.
 */
export function mdInline(s: string): string {
  const inline = oneLine(s)
    .replace(INLINE_SPECIAL_RE, escapeSpecial)
    .replace(/(https?|ftp):\/\//gi, '$1\\://')
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\\.`)
    .replace(/@/g, '\\@')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;');
  return LEADING_BLOCK_RE.test(inline) ? inline.replace(/^(\d{1,9})([.)])/, '$1\\$2').replace(/^([#>+=-])/, '\\$1') : inline;
}

/**
 * A piece of a line written from several pieces: escaped as mdInline, but the space around it is kept
 * (the trailing run as one space), and a block marker at its start is escaped only when it starts the line.
 */
export function mdInlinePart(s: string, startsLine: boolean): string {
  // After a "." no block marker is recognised and a "_" is not between word characters: the piece is
  // escaped as it will sit in the line, its leading space kept by the prefix.
  const inner = startsLine ? mdInline(s) : mdInline(`.${s}`).slice(1);
  if (inner.trim() === '') return !startsLine && /\s/.test(s) ? ' ' : '';
  return /\s$/.test(s) ? `${inner} ` : inner;
}

/** The same as mdInline (kept as the name for values that start a line). */
export const mdText = mdInline;

/** A table cell: mdText (whose `|` is already escaped); an empty value shows as `-`. */
export function mdCell(s: string | undefined): string {
  const t = s === undefined ? '' : mdText(s);
  return t === '' ? '-' : t;
}

/**
 * A link to `url` labelled `text` when `url` is http(s) (normalised and percent-encoded, in angle
 * brackets so no character of it can end the link); otherwise the label and the URL as plain text.
 */
export function mdLink(text: string, url: string): string {
  // Brackets in a label as entities: marked unescapes `\[`…`\](x)` inside link text and renders an image.
  const label = (mdInline(text) || mdInline(url)).replace(/\\(.)/g, (e, c: string) => (c === '[' ? '&#91;' : c === ']' ? '&#93;' : e));
  const href = safeHttpUrl(url);
  if (href === undefined) return url.trim() === '' || oneLine(text) === oneLine(url) ? label : `${label} (${mdInline(url)})`;
  return `[${label}](<${href}>)`;
}

/** A bare URL: an autolink `<…>` when it is http(s), else the URL as escaped text. */
export function mdUrl(url: string): string {
  const href = safeHttpUrl(url);
  return href === undefined ? mdInline(url) : `<${href}>`;
}

/**
 * A block quote that cannot break out: every line of the text becomes a `> ` line of escaped text
 * (empty lines stay inside as `>`), so a quote can neither end the quote nor start a heading, list,
 * table or HTML block.
 */
export function mdQuote(s: string): string {
  const lines = s
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    .split('\n')
    .map((l) => l.trim());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  if (lines.length === 0) return '>';
  return lines.map((l) => (l === '' ? '>' : `> ${mdText(l)}`)).join('\n');
}

/** A heading of `level` (1–6) whose text is escaped and on one line. */
export function mdHeading(level: number, s: string): string {
  const n = Math.min(6, Math.max(1, Math.floor(level)));
  return `${'#'.repeat(n)} ${mdInline(s)}`;
}

/** An inline code span holding `s` on one line, fenced with more backticks than any run inside it. */
export function mdCode(s: string): string {
  const text = oneLine(s);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text === '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
