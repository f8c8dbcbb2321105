// Scoring for bench:extract: word 4-gram overlap between extracted and expected text, and exact
// matches of metadata strings.

/** Han, kana and Hangul are written without spaces: each character counts as one token. */
const TOKEN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}\p{M}]+/gu;

/** Lower-cased word tokens (single characters for CJK scripts); punctuation and markup are not tokens. */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(TOKEN_RE) ?? [];
}

function ngramCounts(toks: string[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + n <= toks.length; i++) {
    const key = toks.slice(i, i + n).join('\u0001');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

export interface Overlap {
  precision: number;
  recall: number;
  f1: number;
}

/** Clipped n-gram precision/recall/F1 of `got` against `expected` (both empty → 1; one empty → 0). */
export function ngramOverlap(got: string, expected: string, n = 4): Overlap {
  const a = ngramCounts(tokens(got), n);
  const b = ngramCounts(tokens(expected), n);
  let common = 0;
  let na = 0;
  let nb = 0;
  for (const v of a.values()) na += v;
  for (const v of b.values()) nb += v;
  if (na === 0 && nb === 0) return { precision: 1, recall: 1, f1: 1 };
  for (const [k, v] of a) common += Math.min(v, b.get(k) ?? 0);
  const precision = na ? common / na : 0;
  const recall = nb ? common / nb : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Metadata equality as the reference writes it: trimmed, with an empty string the same as null. */
export function sameMeta(got: string | null | undefined, expected: unknown): boolean {
  const norm = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return norm(got) === norm(expected);
}

export function mean(values: number[]): number {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;
}
