// PDF text items of one page → paragraphs. pdf.js gives runs of text with a baseline position and
// an end-of-line flag; lines are rebuilt from those, and a paragraph ends where the gap between
// baselines is clearly wider than the page's usual (most frequent) line spacing — scaled up for lines in a
// larger font than the body's, so a title wrapped over two lines stays one paragraph.

import { isCjkJoin } from '../document/blocks.js';

export interface PdfTextItem {
  str: string;
  hasEOL?: boolean;
  /** pdf.js transform matrix; [5] is the baseline y (origin bottom-left). */
  transform?: number[];
  height?: number;
}

/** A gap this many times the page's median line spacing starts a new paragraph. */
export const PARAGRAPH_GAP_FACTOR = 1.45;

interface Line {
  text: string;
  y: number | undefined;
  /** The largest font height of its runs (0 when pdf.js gives none). */
  height: number;
}

function toLines(items: readonly PdfTextItem[]): Line[] {
  const lines: Line[] = [];
  let text = '';
  let y: number | undefined;
  let height = 0;
  const end = (): void => {
    lines.push({ text: text.replace(/\s+/g, ' ').trim(), y, height });
    text = '';
    y = undefined;
    height = 0;
  };
  for (const item of items) {
    const itemY = item.transform?.[5];
    // A run on a clearly different baseline without an EOL flag is still a new line.
    if (text && itemY !== undefined && y !== undefined && Math.abs(itemY - y) > Math.max(2, (item.height ?? 0) * 0.6)) end();
    if (y === undefined && item.str.trim()) y = itemY;
    if (item.str.trim()) height = Math.max(height, item.height ?? 0);
    text += item.str;
    if (item.hasEOL) end();
  }
  if (text) end();
  return lines;
}

/** The most frequent gap (to 0.5 pt): the page's line spacing, which paragraph gaps and sub/superscripts are not. */
function typicalGap(gaps: number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const g of gaps) {
    const k = Math.round(g * 2) / 2;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let best: number | undefined;
  let bestCount = 0;
  for (const [k, c] of counts) if (c > bestCount || (c === bestCount && k < best!)) [best, bestCount] = [k, c];
  return best;
}

/**
 * Joins a paragraph's lines: a word hyphenated across a line break (`exam-` + `ple`) is rejoined,
 * and lines of Japanese or Chinese text join without a space.
 */
function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const line of lines) {
    if (!out) out = line;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(line)) out = out.slice(0, -1) + line;
    else if (isCjkJoin(out, line)) out += line;
    else out += ` ${line}`;
  }
  return out;
}

/** Paragraph texts of one page, in reading order as pdf.js reports it. */
export function pageParagraphs(items: readonly PdfTextItem[]): string[] {
  const lines = toLines(items);
  const gaps: number[] = [];
  let prevY: number | undefined;
  for (const l of lines) {
    if (!l.text || l.y === undefined) continue;
    if (prevY !== undefined && prevY - l.y > 0) gaps.push(prevY - l.y);
    prevY = l.y;
  }
  const typical = typicalGap(gaps);
  // The body's font height (the most frequent) and its line spacing per point of it: a line twice the body's
  // height is spaced about twice as wide, which is no paragraph gap.
  const body = typicalGap(lines.filter((l) => l.text && l.height > 0).map((l) => l.height));
  const spacingPerPoint = typical !== undefined && body ? typical / body : undefined;
  /** The usual gap between `a` and the line after it, `b`: the page's, or for two lines of one larger font, theirs. */
  const usualGap = (a: Line, b: Line): number => {
    const big = Math.min(a.height, b.height);
    const alike = Math.abs(a.height - b.height) <= 0.1 * Math.max(a.height, b.height);
    return spacingPerPoint !== undefined && body && alike && big > body * 1.15 ? Math.max(typical!, spacingPerPoint * big) : typical!;
  };
  const paragraphs: string[] = [];
  let current: string[] = [];
  let lastY: number | undefined;
  let last: Line | undefined;
  const close = (): void => {
    if (current.length > 0) paragraphs.push(joinLines(current));
    current = [];
  };
  for (const l of lines) {
    if (!l.text) {
      close();
      continue;
    }
    if (current.length > 0 && lastY !== undefined && l.y !== undefined && typical !== undefined) {
      const gap = lastY - l.y;
      // A wider gap than usual, or a jump upwards (next column), ends the paragraph.
      if (gap > usualGap(last!, l) * PARAGRAPH_GAP_FACTOR || gap < -typical) close();
    }
    current.push(l.text);
    if (l.y !== undefined) {
      lastY = l.y;
      last = l;
    }
  }
  close();
  return paragraphs;
}
