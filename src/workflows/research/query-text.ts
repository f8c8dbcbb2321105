// Queries built from claims: a long sentence makes a poor search, so such queries keep its start.

/** Words kept in a query built from a claim. */
export const MAX_QUERY_WORDS = 20;
/** Characters kept of a Japanese (unspaced) query built from a claim. */
export const MAX_QUERY_CHARS_JA = 60;

/** The first MAX_QUERY_WORDS words, or the first MAX_QUERY_CHARS_JA characters of unspaced Japanese. */
export function clipQuery(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (/[\u3040-\u30ff\u4e00-\u9fff]/u.test(t) && !t.includes(' ')) return t.slice(0, MAX_QUERY_CHARS_JA);
  return t.split(' ').slice(0, MAX_QUERY_WORDS).join(' ');
}
