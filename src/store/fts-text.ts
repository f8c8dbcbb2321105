// Text preparation for the FTS5 corpus index. FTS5's unicode61 tokenizer keeps a run of kanji/kana
// as one token, so Japanese (and Chinese) text is indexed as overlapping character bigrams; Latin
// text keeps its words and gets Porter stemming from the tokenizer.

/** Han, Hiragana, Katakana (incl. half-width and the prolonged sound mark) and Hangul. */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆]+/gu;

/** Overlapping bigrams of a CJK run; a single character stays a unigram. */
export function cjkBigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/** Text as indexed: NFKC (full-width Latin → ASCII), CJK runs replaced by space-separated bigrams. */
export function ftsIndexText(text: string): string {
  return text.normalize('NFKC').replace(CJK_RUN, (run) => ` ${cjkBigrams(run).join(' ')} `);
}

/** English function words dropped from queries: they match nearly every document and only add noise. */
export const QUERY_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its may might ' +
    'more most no nor not of on or our should so such than that the their them then there these they this those to was ' +
    'we were what when where which while who whom why will with would you your'
  ).split(' '),
);

/**
 * Words of a query: Latin words (stopwords dropped) and CJK bigrams, lower-cased, deduplicated, at most
 * `maxTerms`. A single Latin letter counts only as a modifier right after a content word ("vitamin D",
 * "hepatitis B"): elsewhere ("Is X true?") it matched every formula with an x in it. Alone, the query
 * keeps it, rather than searching for nothing.
 */
export function ftsQueryTerms(query: string, maxTerms = 64): string[] {
  const indexed = ftsIndexText(query).toLowerCase();
  const words = indexed.match(/[\p{L}\p{N}ー々〆]+/gu) ?? [];
  const terms = words.filter((t, i) => {
    if (QUERY_STOPWORDS.has(t)) return false;
    if (!/^[a-z]$/.test(t)) return true;
    const before = words[i - 1];
    return before !== undefined && !QUERY_STOPWORDS.has(before) && !/^[a-z]$/.test(before);
  });
  const kept = terms.length > 0 ? terms : words.filter((t) => !QUERY_STOPWORDS.has(t));
  return [...new Set(kept)].slice(0, maxTerms);
}

/**
 * An FTS5 MATCH expression: every term quoted (so operators and punctuation in user text are inert)
 * and OR-ed, letting BM25 rank documents by how many and how rare the matched terms are.
 */
export function ftsMatchExpression(terms: readonly string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/** A snippet of the original text around the first matched term, for display. */
export function snippetAround(text: string, terms: readonly string[], width = 240): string {
  const lower = text.normalize('NFKC').toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  const start = Math.max(0, at < 0 ? 0 : at - Math.floor(width / 3));
  const end = Math.min(text.length, start + width);
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}
