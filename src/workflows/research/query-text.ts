// Queries built from questions and claims. A long sentence makes a poor search: English queries keep
// its first words; Japanese ones are cut into keywords, since a Japanese sentence has no spaces and a
// search engine or the corpus index then matches its particles and endings as much as its words.

/** Words kept in a query built from a claim. */
export const MAX_QUERY_WORDS = 20;
/** Keywords kept in a Japanese query. */
export const MAX_QUERY_KEYWORDS_JA = 8;

const JAPANESE_SCRIPT = /[\u3040-\u30ff\u4e00-\u9fff]/u;
const HIRAGANA_ONLY = /^[\u3040-\u309f\u30fc]+$/u;
/** Content-looking words a question or a sub-question template adds: question words and 分(かる). */
const JA_QUERY_NOISE = new Set(['何', '誰', '分', '本当', '正しい', '事', '物', '所']);

let segmenter: Intl.Segmenter | undefined;

/**
 * The keywords of Japanese text, in order, each once: words as ICU's dictionary segments them, runs of
 * adjacent content words joined into one compound (ネオニコチノイド系農薬, 新型コロナウイルス感染症,
 * ビタミンD), hiragana-only words — particles, endings, auxiliaries — dropped as separators. Latin words
 * in the text are kept as they are.
 */
export function japaneseKeywords(text: string): string[] {
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  const out: string[] = [];
  let run = '';
  const close = (): void => {
    const word = run.replace(/[-./]+$/u, '');
    if (word && !JA_QUERY_NOISE.has(word) && !out.includes(word)) out.push(word);
    run = '';
  };
  for (const s of segmenter.segment(text.normalize('NFKC'))) {
    // Inside a word, a hyphen, dot or slash joins (COVID-19, 3.5, 2019/20); spaces and other marks separate.
    if (!s.isWordLike && run && /^[-./]$/u.test(s.segment)) {
      run += s.segment;
      continue;
    }
    if (!s.isWordLike || HIRAGANA_ONLY.test(s.segment)) {
      close();
      continue;
    }
    // A word glued to the one before is part of its compound (ビタミンD); after a space it is its own keyword.
    run += s.segment;
  }
  close();
  return out;
}

/** Whether a query reads as Japanese: it has kana or kanji. */
export function isJapaneseQuery(text: string): boolean {
  return JAPANESE_SCRIPT.test(text);
}

/**
 * A query as the run sends it: Japanese text as its keywords (at most MAX_QUERY_KEYWORDS_JA) separated
 * by spaces; other text unchanged. Falls back to the text when it has no keyword at all.
 */
export function searchQueryText(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!isJapaneseQuery(t)) return t;
  const words = japaneseKeywords(t).slice(0, MAX_QUERY_KEYWORDS_JA);
  return words.length > 0 ? words.join(' ') : t;
}

/** The first MAX_QUERY_WORDS words, or the keywords of Japanese text (searchQueryText). */
export function clipQuery(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (isJapaneseQuery(t)) return searchQueryText(t);
  return t.split(' ').slice(0, MAX_QUERY_WORDS).join(' ');
}
