// The inline part of the report renderer (report-markdown.ts): the few inline forms Lyra's research
// and consensus reports write — backslash escapes, entity references, `code`, **bold**, *italic* /
// _italic_, [label](<url>) and <url> links, and [n] / [Rn] citation marks. Every piece of text leaves
// through core/format's htmlText / htmlAttr; only http(s) URLs (safeHttpUrl) become <a>; anything else
// — raw HTML, other schemes, unknown syntax — is shown as text. Linear in the length of the text
// (a closing delimiter not found once is never searched for again from a later position).
import { htmlAnchor, htmlAttr, htmlText } from '../../core/index.js';

/** What inline rendering needs of the whole report: the citation labels it defines ("3", "R2"). */
export interface InlineContext {
  cites: ReadonlySet<string>;
}

const PUNCT_RE = /[!-/:-@[-`{-~]/;
const WORD_RE = /[\p{L}\p{N}]/u;
const ENTITY_RE = /&(?:(amp|lt|gt|quot|apos|nbsp)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const AUTOLINK_RE = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/y;
const CITE_RE = /\[(R?\d{1,5})\](?!\()/y;
/** Longest link destination written without angle brackets (a longer one is text). */
const MAX_DESTINATION = 4096;
const ANGLE_DESTINATION_RE = /<([^<>\n]{0,4096})>\)/y;

function entityAt(s: string, i: number): { text: string; len: number } | undefined {
  ENTITY_RE.lastIndex = i;
  const m = ENTITY_RE.exec(s);
  if (!m) return undefined;
  if (m[1]) return { text: NAMED[m[1]]!, len: m[0].length };
  const cp = m[2] !== undefined ? Number(m[2]) : parseInt(m[3]!, 16);
  const ok = cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
  return { text: ok ? String.fromCodePoint(cp) : '\ufffd', len: m[0].length };
}

/** The text a reader sees of Markdown inline source: escapes and entity references resolved, nothing else. */
function plainInline(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; ) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length && PUNCT_RE.test(s[i + 1]!)) {
      out += s[i + 1];
      i += 2;
      continue;
    }
    const e = c === '&' ? entityAt(s, i) : undefined;
    if (e) {
      out += e.text;
      i += e.len;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

const isWord = (c: string | undefined): boolean => c !== undefined && WORD_RE.test(c);
const isSpace = (c: string | undefined): boolean => c === undefined || /\s/.test(c);

/** Renders inline Markdown source as HTML. `inLink`: inside a link label, where no further link is made. */
export function renderInline(s: string, ctx: InlineContext, inLink = false): string {
  let out = '';
  let buf = '';
  const flush = (): void => {
    out += htmlText(buf);
    buf = '';
  };
  // Per delimiter, the position from which no closer exists (searches from there on fail at once).
  const noCloser = new Map<string, number>();
  const closer = (token: string, from: number, ok: (j: number) => boolean): number => {
    if ((noCloser.get(token) ?? Infinity) <= from) return -1;
    for (let j = from; j < s.length; j++) {
      if (s[j] === '\\') {
        j++;
        continue;
      }
      if (s.startsWith(token, j) && ok(j)) return j;
    }
    noCloser.set(token, from);
    return -1;
  };
  for (let i = 0; i < s.length; ) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length && PUNCT_RE.test(s[i + 1]!)) {
      buf += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '&') {
      const e = entityAt(s, i);
      if (e) {
        buf += e.text;
        i += e.len;
        continue;
      }
    }
    if (c === '`') {
      let run = 1;
      while (s[i + run] === '`') run++;
      const ticks = '`'.repeat(run);
      const end = closer(ticks, i + run, (j) => s[j + run] !== '`' && s[j - 1] !== '`');
      if (end < 0) {
        buf += ticks;
        i += run;
        continue;
      }
      flush();
      out += `<code>${htmlText(s.slice(i + run, end))}</code>`;
      i = end + run;
      continue;
    }
    if (c === '<' && !inLink) {
      AUTOLINK_RE.lastIndex = i;
      const m = AUTOLINK_RE.exec(s);
      if (m) {
        flush();
        out += htmlAnchor(m[1]!, htmlText(m[1]!));
        i += m[0].length;
        continue;
      }
    }
    if (c === '[' && !inLink) {
      CITE_RE.lastIndex = i;
      const cite = CITE_RE.exec(s);
      if (cite && ctx.cites.has(cite[1]!)) {
        flush();
        out += `<a class="cite" href="#src-${htmlAttr(cite[1]!)}">[${htmlText(cite[1]!)}]</a>`;
        i += cite[0].length;
        continue;
      }
      const link = linkAt(s, i);
      if (link) {
        flush();
        out += htmlAnchor(plainInline(link.url), renderInline(link.label, ctx, true));
        i = link.end;
        continue;
      }
    }
    if (c === '*' && s[i + 1] === '*' && !isSpace(s[i + 2])) {
      const end = closer('**', i + 2, (j) => !isSpace(s[j - 1]) && j > i + 2);
      if (end > 0) {
        flush();
        out += `<strong>${renderInline(s.slice(i + 2, end), ctx, inLink)}</strong>`;
        i = end + 2;
        continue;
      }
    }
    const single = (c === '*' && s[i + 1] !== '*') || (c === '_' && !isWord(s[i - 1]) && s[i + 1] !== '_');
    if (single && !isSpace(s[i + 1])) {
      const end = closer(c, i + 1, (j) => j > i + 1 && !isSpace(s[j - 1]) && s[j + 1] !== c && s[j - 1] !== c && (c === '*' || !isWord(s[j + 1])));
      if (end > 0) {
        flush();
        out += `<em>${renderInline(s.slice(i + 1, end), ctx, inLink)}</em>`;
        i = end + 1;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

/** `[label](<url>)` or `[label](url)` at i: its label source, destination source and end; the label holds no unescaped `[`. */
function linkAt(s: string, i: number): { label: string; url: string; end: number } | undefined {
  let j = i + 1;
  for (; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === '[') return undefined;
    else if (s[j] === ']') break;
  }
  if (j >= s.length || s[j + 1] !== '(') return undefined;
  const label = s.slice(i + 1, j);
  let k = j + 2;
  if (s[k] === '<') {
    ANGLE_DESTINATION_RE.lastIndex = k;
    const m = ANGLE_DESTINATION_RE.exec(s);
    return m ? { label, url: m[1]!, end: k + m[0].length } : undefined;
  }
  let depth = 0;
  for (const stop = Math.min(s.length, k + MAX_DESTINATION); k < stop; k++) {
    const ch = s[k]!;
    if (ch === '\\') k++;
    else if (/\s/.test(ch)) return undefined;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      if (depth === 0) return { label, url: s.slice(j + 2, k), end: k + 1 };
      depth--;
    }
  }
  return undefined;
}
