// Sentence segmentation for English and Japanese. English uses wink-nlp's boundary detection, then
// rejoins splits that its model makes after scholarly abbreviations ("et al.", "Fig. 2") — measured
// on scientific text, those are its common errors. Japanese splits on 。．！？ outside brackets.
import { detectLanguage, type TextLanguage } from './language.js';
import { winkSentenceNlp } from './wink.js';

/** Longest text segmented in one call; longer input is cut at paragraph breaks first. */
export const MAX_SEGMENT_CHARS = 200_000;

/** Abbreviations after which a period does not end a sentence (lower case, without the period). */
const ABBREVIATIONS = new Set([
  'al',
  'fig',
  'figs',
  'eq',
  'eqs',
  'ref',
  'refs',
  'no',
  'nos',
  'vol',
  'vols',
  'pp',
  'p',
  'ch',
  'sec',
  'tab',
  'approx',
  'ca',
  'cf',
  'vs',
  'viz',
  'etc',
  'resp',
  'dr',
  'prof',
  'mr',
  'mrs',
  'ms',
  'st',
  'jr',
  'sr',
  'inc',
  'ltd',
  'co',
  'corp',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'e.g',
  'i.e',
  'u.s',
  'u.k',
  'spp',
  'sp',
]);

export interface Sentence {
  text: string;
  /** Character offsets in the input. */
  start: number;
  end: number;
}

/** Longer than any abbreviation plus its delimiters: only this tail of a text decides whether it ends with one. */
const ABBREVIATION_WINDOW = 64;

/** Whether `s` ends with an abbreviation and its period. Looks at a bounded tail only, so it costs the same on a 1 MB text. */
function endsWithAbbreviation(s: string): boolean {
  const tail = s.length > ABBREVIATION_WINDOW + 16 ? s.slice(-(ABBREVIATION_WINDOW + 16)).trimEnd() : s.trimEnd();
  const window = tail.length > ABBREVIATION_WINDOW ? tail.slice(-ABBREVIATION_WINDOW) : tail;
  // A window cut through a word starts with a letter that is not the word's first: the captured word
  // is then at least ABBREVIATION_WINDOW - 1 long, never an abbreviation, as on the whole text.
  const m = /(?:^|[\s(])([A-Za-z](?:[A-Za-z.]*[A-Za-z])?)\.$/.exec(window);
  if (!m) return false;
  return ABBREVIATIONS.has(m[1]!.toLowerCase());
}

/** Whether `s` ends with `.`, `!` or `?` followed only by closing quotes or brackets (scanned from the end). */
function endsWithTerminal(s: string): boolean {
  let i = s.length - 1;
  while (i >= 0 && '"”’)'.includes(s[i]!)) i--;
  return i >= 0 && '.!?'.includes(s[i]!);
}

/** A list enumerator left alone by the splitter ("1.", "a)", "IV."): it belongs to what follows. */
const ENUMERATOR_RE = /^(?:\(?\d{1,3}[.)]|\(?[a-z][.)]|[IVX]{1,5}\.)$/;
/** Bracketed numeric citations that follow a full stop ("...shown.[12] Next", "...shown. [3, 4] Next"). */
const LEADING_CITATION_RE = /^((?:\[\d+(?:\s*[,–-]\s*\d+)*\]\s*)+)(?=\S)/;

/**
 * A second pass over wink's pieces: ". " + a capitalised word ends a sentence when the word before
 * the period is not an abbreviation or an initial (wink keeps "in Fig. 3B. Next" together).
 */
function splitMissedBoundaries(piece: string): string[] {
  const out: string[] = [];
  let start = 0;
  // Found from the period: a pattern starting with the word (`[A-Za-z0-9]+\.`) is retried at every
  // letter of a long run and is quadratic in it.
  for (const m of piece.matchAll(/\.\s+(?=[A-Z][a-z])/g)) {
    let w = m.index;
    while (w > start && /[A-Za-z0-9%)\]]/.test(piece[w - 1]!)) w--;
    if (w === m.index) continue;
    const word = piece.slice(w, m.index);
    const end = m.index + m[0].length;
    if (ABBREVIATIONS.has(word.toLowerCase()) || /^[A-Z]$/.test(word) || !/[a-z0-9%)\]]/.test(word)) continue;
    if (endsWithAbbreviation(piece.slice(Math.max(start, m.index + 1 - ABBREVIATION_WINDOW - 16), m.index + 1))) continue;
    out.push(piece.slice(start, end).trim());
    start = end;
  }
  out.push(piece.slice(start).trim());
  return out.filter((p) => p.length > 0);
}

/**
 * A full stop with no space after it, between a word and a capitalised word ("in 2007.Rajendra
 * Pachauri said"): text pasted together without its space. Abbreviations ("U.S.Army" is read as
 * U.S. + Army), single letters and lower-case continuations ("ABC.au", "e.g.") are left alone.
 */
const RUN_ON_DOT_RE = /\.(?=[A-Z][a-z]{2,}[\s,;:])/g;
const WORD_CHAR_RE = /[A-Za-z0-9%)\]]/;
/** Characters looked at before a full stop for the word it ends (keeps the scan linear). */
const RUN_ON_WORD_MAX = 40;

function splitRunOn(piece: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of piece.matchAll(RUN_ON_DOT_RE)) {
    // The word before the full stop, read backwards over a bounded window.
    let w = m.index;
    while (w > start && m.index - w < RUN_ON_WORD_MAX && WORD_CHAR_RE.test(piece[w - 1]!)) w--;
    const word = piece.slice(w, m.index);
    if (word.length < 2 || ABBREVIATIONS.has(word.toLowerCase()) || /^[A-Z]+$/.test(word) || './'.includes(piece[w - 1] ?? ' ')) continue;
    const end = m.index + 1;
    out.push(piece.slice(start, end).trim());
    start = end;
  }
  out.push(piece.slice(start).trim());
  return out.filter((p) => p.length > 0);
}

/**
 * Longest token handed to wink as it is. Its tokenizer tests each token with patterns such as
 * `/[a-z].*\.$/i` that are quadratic in the token's length; prose has no token this long, so a longer
 * one (a run of characters without a space) goes through as a short stand-in and is put back after.
 */
export const MAX_WINK_TOKEN_CHARS = 512;

const STAND_IN = 'lyraxtok';
const STAND_IN_RE = new RegExp(`${STAND_IN}(\\d+)x`, 'g');

/**
 * Replaces overlong tokens by stand-in words (trailing punctuation kept outside them); `restore` puts
 * them back. A word that already holds the stand-in prefix is replaced too, so restoring is exact.
 */
function protectLongTokens(text: string): { text: string; restore: (piece: string) => string } {
  const words = text.split(' ');
  const guarded = (w: string): boolean => w.length > MAX_WINK_TOKEN_CHARS || w.includes(STAND_IN);
  if (!words.some(guarded)) return { text, restore: (p) => p };
  const kept: string[] = [];
  const out = words.map((w) => {
    if (!guarded(w)) return w;
    let cut = w.length;
    while (cut > 0 && '.!?"”’),;:'.includes(w[cut - 1]!)) cut--;
    kept.push(w.slice(0, cut));
    return `${STAND_IN}${kept.length - 1}x${w.slice(cut)}`;
  });
  return { text: out.join(' '), restore: (p) => p.replace(STAND_IN_RE, (_, i: string) => kept[Number(i)]!) };
}

/** Characters kept from the end of the sentence being built: enough for every end-of-sentence test. */
const TAIL_CHARS = 256;

function splitEnglish(text: string): string[] {
  const guarded = protectLongTokens(text);
  // Run-on joins are split while overlong tokens are still stand-ins, so the regex never scans one.
  const raw = (winkSentenceNlp().readDoc(guarded.text).sentences().out() as string[]).flatMap(splitRunOn).map(guarded.restore).flatMap(splitMissedBoundaries);
  // Sentences as lists of parts, joined once at the end: testing a string grown by concatenation
  // flattens it every time, which is quadratic over a long run of rejoined pieces. The tests look at
  // `tail` (the sentence's last characters) and `length` instead.
  const out: Array<{ parts: string[]; tail: string; length: number }> = [];
  const append = (sentence: { parts: string[]; tail: string; length: number }, piece: string): void => {
    sentence.parts.push(piece);
    sentence.length += piece.length;
    sentence.tail = piece.length >= TAIL_CHARS ? piece.slice(-TAIL_CHARS) : (sentence.tail + piece).slice(-TAIL_CHARS);
  };
  for (let s of raw) {
    const prev = out.at(-1);
    // A citation after the full stop belongs to the sentence it supports.
    const citation = prev !== undefined && endsWithTerminal(prev.tail) ? LEADING_CITATION_RE.exec(s) : null;
    if (citation && prev !== undefined) {
      append(prev, citation[1]!.trimEnd());
      s = s.slice(citation[0].length).trimStart();
    }
    const last = out.at(-1);
    // Rejoin when the previous piece ends with an abbreviation ("et al.", "Fig."), is a bare list
    // enumerator, or the new one starts in lower case (a sentence never does; a split inside "e.g. the…" does).
    if (last !== undefined && (endsWithAbbreviation(last.tail) || (last.length <= 8 && ENUMERATOR_RE.test(last.tail)) || /^[a-z]/.test(s))) {
      append(last, ' ');
      append(last, s);
    } else {
      out.push({ parts: [s], tail: s.slice(-TAIL_CHARS), length: s.length });
    }
  }
  return out.map((x) => x.parts.join(''));
}

const JA_OPEN = '「『（(［[【〈《';
const JA_CLOSE = '」』）)］]】〉》';

function splitJapanese(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    cur += ch;
    if (JA_OPEN.includes(ch)) depth++;
    else if (JA_CLOSE.includes(ch)) depth = Math.max(0, depth - 1);
    // Full-width ．is the full stop of technical Japanese, except between digits (１．５).
    const fullStop = ch === '．' && !(/[0-9０-９]/.test(text[i - 1] ?? '') && /[0-9０-９]/.test(text[i + 1] ?? ''));
    const terminal = ch === '。' || fullStop || ch === '！' || ch === '？' || ch === '!' || ch === '?';
    if (terminal && depth === 0) {
      // Keep trailing closing quotes and repeated marks with the sentence.
      while (i + 1 < text.length && (JA_CLOSE.includes(text[i + 1]!) || '。．！？!?'.includes(text[i + 1]!))) cur += text[++i]!;
      out.push(cur);
      cur = '';
    }
  }
  if (cur.trim()) out.push(cur);
  return out;
}

/**
 * Blocks of text that always end a sentence: paragraphs (blank lines) and short heading-like lines
 * ("1. Introduction", "Results") followed by a line break and a capital. Hard-wrapped prose (PDF
 * lines) runs on, since its lines are long or end mid-sentence.
 */
export const HEADING_MAX_CHARS = 60;
/** Japanese headings are short; wrapped Japanese lines (PDF) are usually 30–45 characters. */
export const HEADING_MAX_CHARS_JA = 20;

/** JavaScript's `\s` (and `String.prototype.trim`'s) white space, by code unit, without a regex per character. */
function isSpace(code: number): boolean {
  return (
    (code >= 9 && code <= 13) ||
    code === 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const NEWLINE = 10;

/**
 * End of the paragraph starting at `start`: the first line break followed by white space holding
 * another line break (a blank line), else the end of the input. Each white-space run after a line
 * break is scanned once, so the search is linear in the input.
 */
function paragraphEnd(input: string, start: number): number {
  const n = input.length;
  let i = input.indexOf('\n', start);
  while (i >= 0) {
    let k = i + 1;
    while (k < n && input.charCodeAt(k) !== NEWLINE && isSpace(input.charCodeAt(k))) k++;
    if (k < n && input.charCodeAt(k) === NEWLINE) return i;
    i = input.indexOf('\n', k);
  }
  return n;
}

/**
 * Paragraphs of `input`, each cut after heading-like lines. Linear in the input: lines are found with
 * indexOf (a regex such as `[^\n]*\n` retried from every position is quadratic on one long line),
 * and the first visible character after a line comes from a cursor that only moves forward (a slice
 * of the rest of the input per line is quadratic on many lines).
 */
function blocksOf(input: string): Array<{ body: string; index: number }> {
  const out: Array<{ body: string; index: number }> = [];
  const n = input.length;
  let nextVisible = 0;
  let pos = 0;
  while (pos < n) {
    while (pos < n && isSpace(input.charCodeAt(pos))) pos++;
    if (pos >= n) break;
    const paraEnd = paragraphEnd(input, pos);
    let blockStart = pos;
    let lineStart = pos;
    for (let nl = input.indexOf('\n', pos); nl >= 0 && nl < paraEnd; lineStart = nl + 1, nl = input.indexOf('\n', nl + 1)) {
      const lineEnd = nl + 1;
      let a = lineStart;
      let b = nl;
      while (a < b && isSpace(input.charCodeAt(a))) a++;
      while (b > a && isSpace(input.charCodeAt(b - 1))) b--;
      // Only a short line can be a heading: longer ones are not copied or language-checked.
      if (b === a || b - a > HEADING_MAX_CHARS) continue;
      const text = input.slice(a, b);
      if (nextVisible < lineEnd) nextVisible = lineEnd;
      while (nextVisible < n && isSpace(input.charCodeAt(nextVisible))) nextVisible++;
      const next = nextVisible < n ? input[nextVisible]! : '';
      const ja = detectLanguage(text) === 'ja';
      const heading =
        text.length <= (ja ? HEADING_MAX_CHARS_JA : HEADING_MAX_CHARS) &&
        !/[.,;:!?、。．！？\-–]$/.test(text) &&
        (ja ? /^[0-9０-９\u3040-\u30ff\u4e00-\u9fff「（]/ : /^[A-Z0-9]/).test(next);
      if (heading) {
        out.push({ body: input.slice(blockStart, lineEnd), index: blockStart });
        blockStart = lineEnd;
      }
    }
    const rest = input.slice(blockStart, paraEnd);
    if (rest.trim()) out.push({ body: rest, index: blockStart });
    pos = paraEnd;
  }
  return out;
}

/**
 * A block's non-space characters as one string, with the input offset of each: a sentence is found by
 * one indexOf in it instead of a character walk from every candidate start.
 */
interface CompactText {
  chars: string;
  offsets: Int32Array;
}

function compactOf(input: string, from: number, to: number): CompactText {
  const offsets = new Int32Array(to - from);
  const parts: string[] = [];
  let count = 0;
  let runStart = -1;
  for (let i = from; i < to; i++) {
    if (isSpace(input.charCodeAt(i))) {
      if (runStart >= 0) parts.push(input.slice(runStart, i));
      runStart = -1;
      continue;
    }
    if (runStart < 0) runStart = i;
    offsets[count++] = i;
  }
  if (runStart >= 0) parts.push(input.slice(runStart, to));
  return { chars: parts.join(''), offsets: offsets.subarray(0, count) };
}

/** Offsets of `clean` (whitespace-collapsed) in the block, at or after input offset `from`, matching non-space characters. */
function locate(block: CompactText, clean: string, from: number): { start: number; end: number } | undefined {
  const chars = clean.replace(/\s+/g, '');
  if (!chars) return undefined;
  let lo = 0;
  let hi = block.offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (block.offsets[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  const at = block.chars.indexOf(chars, lo);
  if (at < 0) return undefined;
  return { start: block.offsets[at]!, end: block.offsets[at + chars.length - 1]! + 1 };
}

/** Splits text into sentences with offsets. Paragraph breaks (blank lines) and headings always end a sentence. */
export function splitSentences(text: string, options: { language?: TextLanguage } = {}): Sentence[] {
  const input = text.length > MAX_SEGMENT_CHARS ? text.slice(0, MAX_SEGMENT_CHARS) : text;
  const out: Sentence[] = [];
  for (const block of blocksOf(input)) {
    const compact = compactOf(input, block.index, block.index + block.body.length);
    const lang = options.language ?? detectLanguage(block.body);
    const pieces = lang === 'ja' ? splitJapanese(block.body) : splitEnglish(block.body.replace(/\s+/g, ' ').trim());
    let cursor = block.index;
    for (const piece of pieces) {
      // Japanese drops line-wrap whitespace between characters; English folds it to one space.
      const clean =
        lang === 'ja'
          ? piece
              .replace(/\s*\n\s*/g, '')
              .replace(/\s+/g, ' ')
              .trim()
          : piece.replace(/\s+/g, ' ').trim();
      if (!clean) continue;
      const at = locate(compact, clean, cursor) ?? { start: cursor, end: Math.min(input.length, cursor + clean.length) };
      out.push({ text: clean, start: at.start, end: at.end });
      cursor = Math.max(cursor, at.end);
    }
  }
  return out;
}
