// A quote cut to a length around the sentence that decided the stance, verbatim: the window is a
// slice of the fragment (never rewritten, no ellipses added) and says where it sits, so a reader can
// ask for the whole fragment and find the same characters there.
import { spanOfSentence, spanWithin } from '../../core/index.js';

export interface QuoteWindow {
  quote: string;
  /** [start, end) of the quote in the fragment; absent when the quote is the whole fragment. */
  span?: [number, number];
  /** [start, end) of the decisive sentence in the quote, when it was found in the fragment. */
  decisiveSpan?: [number, number];
}

const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** Moves `start` forward to the beginning of a word (not past `limit`), and off the second half of a surrogate pair. */
function snapStart(text: string, start: number, limit: number): number {
  let s = start;
  if (s > 0 && !isSpace(text[s - 1])) {
    let i = s;
    while (i < limit && !isSpace(text[i])) i++;
    if (i < limit) s = i;
  }
  while (s < limit && isSpace(text[s])) s++;
  if (s > 0 && s < text.length && isLowSurrogate(text.charCodeAt(s))) s++;
  return s;
}

/** Moves `end` back to the end of a word (not before `limit`), and off the first half of a surrogate pair. */
function snapEnd(text: string, end: number, limit: number): number {
  let e = end;
  if (e < text.length && !isSpace(text[e])) {
    let i = e;
    while (i > limit && !isSpace(text[i - 1])) i--;
    if (i > limit) e = i;
  }
  while (e > limit && isSpace(text[e - 1])) e--;
  if (e > 0 && e < text.length && isHighSurrogate(text.charCodeAt(e - 1))) e--;
  return e;
}

/**
 * The fragment itself when it fits in `maxChars`; else a window of at most `maxChars` characters
 * centred on the decisive sentence (the fragment's beginning when there is none or it is not found),
 * with its edges moved to word boundaries. The sentence is placed by the edge's stored span when it has
 * one, else found by its text (edges written before spans were stored).
 */
export function quoteWindow(
  text: string,
  options: { maxChars: number; decisive?: string | undefined; decisiveSpan?: readonly [number, number] | undefined },
): QuoteWindow {
  // The stored span when the edge has one (and it fits the text); else the sentence looked up, for older edges.
  const at = spanWithin(options.decisiveSpan, text.length) ?? spanOfSentence(text, options.decisive);
  const found = at ? { start: at[0], end: at[1] } : undefined;
  if (text.length <= options.maxChars) return { quote: text, ...(found ? { decisiveSpan: [found.start, found.end] as [number, number] } : {}) };
  const max = Math.max(1, options.maxChars);
  let start: number;
  let end: number;
  if (!found) {
    start = 0;
    end = snapEnd(text, max, 1);
  } else if (found.end - found.start >= max) {
    start = found.start;
    end = snapEnd(text, found.start + max, found.start + 1);
  } else {
    const room = max - (found.end - found.start);
    start = found.start - Math.floor(room / 2);
    end = found.end + Math.ceil(room / 2);
    // A window running off one end takes the rest of its room on the other side.
    if (start < 0) {
      end = Math.min(text.length, end - start);
      start = 0;
    }
    if (end > text.length) {
      start = Math.max(0, start - (end - text.length));
      end = text.length;
    }
    start = snapStart(text, start, found.start);
    end = snapEnd(text, end, found.end);
  }
  const quote = text.slice(start, end);
  const decisiveSpan: [number, number] | undefined = found && found.start >= start && found.end <= end ? [found.start - start, found.end - start] : undefined;
  return { quote, span: [start, end], ...(decisiveSpan ? { decisiveSpan } : {}) };
}
