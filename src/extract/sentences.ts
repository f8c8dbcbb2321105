// Sentence segmentation for English and Japanese. English uses wink-nlp's boundary detection, then
// rejoins splits that its model makes after scholarly abbreviations ("et al.", "Fig. 2") — measured
// on scientific text, those are its common errors. Japanese splits on 。．！？ outside brackets.
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { detectLanguage, type TextLanguage } from './language.js';

/** Longest text segmented in one call; longer input is cut at paragraph breaks first. */
export const MAX_SEGMENT_CHARS = 200_000;

const nlp = winkNLP(model, ['sbd']);

/** Abbreviations after which a period does not end a sentence (lower case, without the period). */
const ABBREVIATIONS = new Set([
  'al', 'fig', 'figs', 'eq', 'eqs', 'ref', 'refs', 'no', 'nos', 'vol', 'vols', 'pp', 'p', 'ch', 'sec', 'tab',
  'approx', 'ca', 'cf', 'vs', 'viz', 'etc', 'resp', 'dr', 'prof', 'mr', 'mrs', 'ms', 'st', 'jr', 'sr', 'inc', 'ltd', 'co', 'corp',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'e.g', 'i.e', 'u.s', 'u.k', 'spp', 'sp',
]);

export interface Sentence {
  text: string;
  /** Character offsets in the input. */
  start: number;
  end: number;
}

function endsWithAbbreviation(s: string): boolean {
  const m = /(?:^|[\s(])([A-Za-z](?:[A-Za-z.]*[A-Za-z])?)\.$/.exec(s.trimEnd());
  if (!m) return false;
  return ABBREVIATIONS.has(m[1]!.toLowerCase());
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
  for (const m of piece.matchAll(/([A-Za-z0-9%)\]]+)\.\s+(?=[A-Z][a-z])/g)) {
    const word = m[1]!;
    const end = m.index + m[0].length;
    if (ABBREVIATIONS.has(word.toLowerCase()) || /^[A-Z]$/.test(word) || !/[a-z0-9%)\]]/.test(word)) continue;
    if (endsWithAbbreviation(piece.slice(start, m.index + word.length + 1))) continue;
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
const RUN_ON_RE = /([A-Za-z0-9%)\]]{2,})\.(?=[A-Z][a-z]{2,}[\s,;:])/g;

function splitRunOn(piece: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of piece.matchAll(RUN_ON_RE)) {
    const word = m[1]!;
    if (ABBREVIATIONS.has(word.toLowerCase()) || /^[A-Z]+$/.test(word) || /[./]$/.test(piece.slice(0, m.index))) continue;
    const end = m.index + m[0].length;
    out.push(piece.slice(start, end).trim());
    start = end;
  }
  out.push(piece.slice(start).trim());
  return out.filter((p) => p.length > 0);
}

function splitEnglish(text: string): string[] {
  const raw = (nlp.readDoc(text).sentences().out() as string[]).flatMap(splitMissedBoundaries).flatMap(splitRunOn);
  const out: string[] = [];
  for (let s of raw) {
    const prev = out.at(-1);
    // A citation after the full stop belongs to the sentence it supports.
    const citation = prev !== undefined && /[.!?]["”’)]*$/.test(prev) ? LEADING_CITATION_RE.exec(s) : null;
    if (citation && prev !== undefined) {
      out[out.length - 1] = `${prev}${citation[1]!.trimEnd()}`;
      s = s.slice(citation[0].length).trimStart();
    }
    const last = out.at(-1);
    // Rejoin when the previous piece ends with an abbreviation ("et al.", "Fig."), is a bare list
    // enumerator, or the new one starts in lower case (a sentence never does; a split inside "e.g. the…" does).
    if (last !== undefined && (endsWithAbbreviation(last) || ENUMERATOR_RE.test(last) || /^[a-z]/.test(s))) {
      out[out.length - 1] = `${last} ${s}`;
    } else {
      out.push(s);
    }
  }
  return out;
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

function blocksOf(input: string): Array<{ body: string; index: number }> {
  const out: Array<{ body: string; index: number }> = [];
  for (const para of input.matchAll(/\S[\s\S]*?(?=\n\s*\n|$)/g)) {
    let blockStart = para.index;
    for (const line of para[0].matchAll(/[^\n]*\n/g)) {
      const text = line[0].trim();
      const lineEnd = para.index + line.index + line[0].length;
      const next = input.slice(lineEnd).trimStart();
      const ja = detectLanguage(text) === 'ja';
      const heading = text.length > 0 && text.length <= (ja ? HEADING_MAX_CHARS_JA : HEADING_MAX_CHARS) && !/[.,;:!?、。．！？\-–]$/.test(text) &&
        (ja ? /^[0-9０-９\u3040-\u30ff\u4e00-\u9fff「（]/ : /^[A-Z0-9]/).test(next);
      if (heading) {
        out.push({ body: input.slice(blockStart, lineEnd), index: blockStart });
        blockStart = lineEnd;
      }
    }
    const rest = input.slice(blockStart, para.index + para[0].length);
    if (rest.trim()) out.push({ body: rest, index: blockStart });
  }
  return out;
}

/** Offsets of `clean` (whitespace-collapsed) in `input` from `from`, matching non-space characters. */
function locate(input: string, clean: string, from: number): { start: number; end: number } | undefined {
  const chars = clean.replace(/\s+/g, '');
  if (!chars) return undefined;
  let start = input.indexOf(chars[0]!, from);
  while (start >= 0) {
    let i = start;
    let k = 0;
    while (i < input.length && k < chars.length) {
      if (/\s/.test(input[i]!)) i++;
      else if (input[i] === chars[k]) {
        i++;
        k++;
      } else break;
    }
    if (k === chars.length) return { start, end: i };
    start = input.indexOf(chars[0]!, start + 1);
  }
  return undefined;
}

/** Splits text into sentences with offsets. Paragraph breaks (blank lines) and headings always end a sentence. */
export function splitSentences(text: string, options: { language?: TextLanguage } = {}): Sentence[] {
  const input = text.length > MAX_SEGMENT_CHARS ? text.slice(0, MAX_SEGMENT_CHARS) : text;
  const out: Sentence[] = [];
  for (const block of blocksOf(input)) {
    const lang = options.language ?? detectLanguage(block.body);
    const pieces = lang === 'ja' ? splitJapanese(block.body) : splitEnglish(block.body.replace(/\s+/g, ' ').trim());
    let cursor = block.index;
    for (const piece of pieces) {
      // Japanese drops line-wrap whitespace between characters; English folds it to one space.
      const clean = lang === 'ja' ? piece.replace(/\s*\n\s*/g, '').replace(/\s+/g, ' ').trim() : piece.replace(/\s+/g, ' ').trim();
      if (!clean) continue;
      const at = locate(input, clean, cursor) ?? { start: cursor, end: Math.min(input.length, cursor + clean.length) };
      out.push({ text: clean, start: at.start, end: at.end });
      cursor = Math.max(cursor, at.end);
    }
  }
  return out;
}
