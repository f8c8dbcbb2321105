// Sentence segmentation for English and Japanese. English uses wink-nlp's boundary detection, then
// rejoins splits that its model makes after scholarly abbreviations ("et al.", "Fig. 2") — measured
// on scientific text, those are its common errors. Japanese splits on 。！？ outside brackets.
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

function splitEnglish(text: string): string[] {
  const raw = nlp.readDoc(text).sentences().out() as string[];
  const out: string[] = [];
  for (const s of raw) {
    const prev = out.at(-1);
    // Rejoin when the previous piece ends with an abbreviation ("et al.", "Fig.") or the new one
    // starts in lower case (a sentence never does; a split inside "e.g. the…" does).
    if (prev !== undefined && (endsWithAbbreviation(prev) || /^[a-z]/.test(s))) {
      out[out.length - 1] = `${prev} ${s}`;
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
    const terminal = ch === '。' || ch === '！' || ch === '？' || ch === '!' || ch === '?';
    if (terminal && depth === 0) {
      // Keep trailing closing quotes and repeated marks with the sentence.
      while (i + 1 < text.length && (JA_CLOSE.includes(text[i + 1]!) || '。！？!?'.includes(text[i + 1]!))) cur += text[++i]!;
      out.push(cur);
      cur = '';
    }
  }
  if (cur.trim()) out.push(cur);
  return out;
}

/** Splits text into sentences with offsets. Paragraph breaks (blank lines) always end a sentence. */
export function splitSentences(text: string, options: { language?: TextLanguage } = {}): Sentence[] {
  const input = text.length > MAX_SEGMENT_CHARS ? text.slice(0, MAX_SEGMENT_CHARS) : text;
  const out: Sentence[] = [];
  const paraRe = /\S[\s\S]*?(?=\n\s*\n|$)/g;
  for (const para of input.matchAll(paraRe)) {
    const body = para[0];
    const lang = options.language ?? detectLanguage(body);
    const pieces = lang === 'ja' ? splitJapanese(body) : splitEnglish(body.replace(/\s+/g, ' '));
    let cursor = para.index;
    for (const piece of pieces) {
      const clean = piece.replace(/\s+/g, lang === 'ja' ? '' : ' ').trim();
      if (!clean) continue;
      // Offsets: find the first word of the piece at or after the cursor in the original text.
      const head = clean.slice(0, Math.min(8, clean.length));
      const found = lang === 'ja' ? input.indexOf(head, cursor) : input.indexOf(head.split(' ')[0]!, cursor);
      const start = found >= 0 ? found : cursor;
      const end = Math.min(input.length, start + piece.trim().length);
      out.push({ text: clean, start, end });
      cursor = Math.max(cursor, end);
    }
  }
  return out;
}
