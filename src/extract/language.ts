// Cheap script-based language guess for routing text to the English or Japanese rules.

const JA_RE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/g;
const LATIN_RE = /[A-Za-z]/g;

/** Share of Japanese characters above which text is treated as Japanese. */
export const JAPANESE_SHARE_THRESHOLD = 0.2;

export type TextLanguage = 'ja' | 'en';

/** 'ja' when kana/kanji make up a notable share of the letters, else 'en'. */
export function detectLanguage(text: string): TextLanguage {
  const ja = text.match(JA_RE)?.length ?? 0;
  const latin = text.match(LATIN_RE)?.length ?? 0;
  if (ja + latin === 0) return 'en';
  return ja / (ja + latin) >= JAPANESE_SHARE_THRESHOLD ? 'ja' : 'en';
}
