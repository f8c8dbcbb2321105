// Text near-duplicate test for source independence: two pages carrying the same wording (syndicated
// news, mirrors, copied press releases) are one source, not two.

/** Word shingle length for the resemblance estimate. */
export const SHINGLE_WORDS = 3;
/** Jaccard resemblance of shingle sets at or above which two texts are near-duplicates. */
export const NEAR_DUPLICATE_JACCARD = 0.8;

function shingles(text: string): Set<string> {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  // CJK text has no spaces: fall back to character trigrams so Japanese pages compare too.
  const units = words.length >= SHINGLE_WORDS ? words : [...text.replace(/\s+/g, '')];
  const out = new Set<string>();
  if (units.length < SHINGLE_WORDS) {
    if (units.length) out.add(units.join(' '));
    return out;
  }
  for (let i = 0; i + SHINGLE_WORDS <= units.length; i++) out.add(units.slice(i, i + SHINGLE_WORDS).join(' '));
  return out;
}

export function textResemblance(a: string, b: string): number {
  const sa = shingles(a);
  const sb = shingles(b);
  if (sa.size === 0 || sb.size === 0) return 0;
  let inter = 0;
  for (const s of sa) if (sb.has(s)) inter++;
  return inter / (sa.size + sb.size - inter);
}

export function isNearDuplicate(a: string, b: string): boolean {
  return textResemblance(a, b) >= NEAR_DUPLICATE_JACCARD;
}
