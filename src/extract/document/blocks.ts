// A document as a list of text blocks, the one shape every format (HTML, PDF, text, Markdown) is
// turned into before `text`, sections and fragments are built from it.

export type BlockKind = 'heading' | 'paragraph' | 'list-item' | 'quote' | 'code' | 'table-row' | 'caption';

export interface TextBlock {
  kind: BlockKind;
  /** Normalized text: trimmed, never empty, never containing a blank line. */
  text: string;
  /** Heading level 1–6 (headings only). */
  level?: number;
  /** PDF page, 1-based. */
  page?: number;
}

const INLINE_SPACE_RE = /[ \t\n\r\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\ufeff]+/g;
/** Stands for a hard line break (`<br>`) while spaces are collapsed; Unicode LINE SEPARATOR. */
export const LINE_BREAK_MARK = '\u2028';

/** Characters of scripts written without spaces (Han, kana, CJK punctuation, full-width forms). */
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef`;
/** A source line break between two such characters: it is no word break (CSS Text's segment-break rule). */
const CJK_LINE_BREAK_RE = new RegExp(`([${CJK}])[ \\t]*\\r?\\n[ \\t]*(?=[${CJK}])`, 'gu');

/** Removes line breaks of hard-wrapped text between two Japanese or Chinese characters. */
export function joinCjkLineBreaks(raw: string): string {
  return raw.includes('\n') ? raw.replace(CJK_LINE_BREAK_RE, '$1') : raw;
}

/** True when `a` ends and `b` starts with a character of a script written without spaces. */
export function isCjkJoin(a: string, b: string): boolean {
  return CJK_END_RE.test(a) && CJK_START_RE.test(b);
}
const CJK_END_RE = new RegExp(`[${CJK}]$`, 'u');
const CJK_START_RE = new RegExp(`^[${CJK}]`, 'u');

/**
 * Collapses runs of white space to one space, turns line-break marks into `\n` (without spaces
 * around them or repeated), and trims. Zero-width characters go too: they break quoting. A source
 * line break between two CJK characters is dropped rather than turned into a space.
 */
export function normalizeInline(raw: string): string {
  return joinCjkLineBreaks(raw)
    .replace(/\u200b|\u200c|\u200d|\u2060/g, '')
    .replace(INLINE_SPACE_RE, ' ')
    .replace(/ ?\u2028[\u2028 ]*/g, '\n')
    .trim();
}

/** Pre-formatted text: keeps line structure, drops trailing spaces and blank lines (a blank line separates blocks). */
export function normalizePreformatted(raw: string): string {
  // Line by line: `/[ \t]+$/gm` is retried from every character of a long run of spaces (quadratic).
  const out: string[] = [];
  for (const line of raw.replace(/\r\n?/g, '\n').split('\n')) {
    let end = line.length;
    while (end > 0) {
      const c = line.charCodeAt(end - 1);
      if (c !== 0x20 && c !== 0x09 && c !== 0xa0) break;
      end--;
    }
    if (end > 0) out.push(end === line.length ? line : line.slice(0, end));
  }
  return out.join('\n');
}
