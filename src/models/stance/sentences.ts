// Sentence splitter for English and Japanese passages (a sentence up to a whole abstract).
// Rules, in order:
// - Japanese 。！？ (and full-width ．) always end a sentence, with closing brackets kept attached.
// - . ! ? end a sentence when followed by whitespace and then an upper-case letter, a digit, a quote or
//   an opening bracket, or by the end of the text.
// - A period does not end a sentence after a known abbreviation (e.g., et al., Fig., Dr., vs.), after a
//   single capital initial ("J. Smith"), or inside a number ("3.5", "p.05").
// - A bracketed citation after the period ("... shown. [12] Next") stays with the previous sentence.
// - Line breaks separate sentences when a blank line separates them (paragraphs, headings).

const ABBREVIATIONS = new Set(
  (
    'e.g i.e et al etc vs cf fig figs eq eqs ref refs no nos vol p pp ca approx dr mr mrs ms prof sr jr st inc ltd co corp ' +
    'u.s u.k jan feb mar apr jun jul aug sep sept oct nov dec min max mg kg ml dept univ est resp sec suppl'
  ).split(/\s+/),
);

/** Limit on sentences returned for one passage; longer passages are cut (documented in the model card). */
export const DEFAULT_MAX_SENTENCES = 200;

export interface SplitOptions {
  /** At most this many sentences are returned (default 200). */
  maxSentences?: number;
}

export function splitSentences(text: string, options: SplitOptions = {}): string[] {
  const max = options.maxSentences ?? DEFAULT_MAX_SENTENCES;
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    for (const piece of splitParagraph(paragraph.replace(/\s+/g, ' ').trim())) {
      if (piece) out.push(piece);
      if (out.length >= max) return out;
    }
  }
  return out;
}

function splitParagraph(text: string): string[] {
  if (!text) return [];
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '。' || ch === '！' || ch === '？' || ch === '．') {
      let end = i + 1;
      while (end < text.length && /[」』）)"”’!?！？。]/.test(text[end]!)) end++;
      out.push(text.slice(start, end).trim());
      start = end;
      i = end;
      continue;
    }
    if (ch === '.' || ch === '!' || ch === '?') {
      let end = i + 1;
      while (end < text.length && /[.!?"”’')\]]/.test(text[end]!)) end++;
      // A citation right after the full stop belongs to this sentence: "shown. [12] Next" / "shown.12 Next" is rare; handle brackets.
      const citation = /^\s*\[\d+(?:[,–-]\s*\d+)*\]/.exec(text.slice(end));
      if (citation) end += citation[0].length;
      if (isBoundary(text, i, end)) {
        out.push(text.slice(start, end).trim());
        start = end;
      }
      i = end;
      continue;
    }
    i++;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

function isBoundary(text: string, at: number, end: number): boolean {
  if (end >= text.length) return true;
  const after = text.slice(end);
  if (!/^\s/.test(after)) return false;
  const next = after.trimStart();
  if (!next) return true;
  if (!/^[A-Z\d"“‘'([\u3040-\u30ff\u4e00-\u9fff]/.test(next)) return false;
  if (text[at] !== '.') return true;
  const before = text.slice(0, at);
  const lastWord = /([A-Za-z][A-Za-z.]*)$/.exec(before)?.[1] ?? '';
  if (ABBREVIATIONS.has(lastWord.toLowerCase())) return false;
  if (/^[A-Z]$/.test(lastWord)) return false; // "J. Smith"
  if (/\d$/.test(before) && /^\d/.test(next)) return false; // "p. 5" style page refs after digits
  return true;
}
