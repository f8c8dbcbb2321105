// Named things in the sources an agent read (seed 004 §2.2 step 5, EntityExtractor): names,
// acronyms, dates and quantities, found by explainable patterns in English and Japanese text.
import type { ReportEntity } from './types.js';

/** Most characters of text scanned per call, so a huge page costs a bounded time. */
export const MAX_ENTITY_SCAN_CHARS = 200_000;

const PATTERNS: ReadonlyArray<{ kind: ReportEntity['kind']; re: RegExp }> = [
  // Dates first, so "2020" is a date and not part of a quantity.
  {
    kind: 'date',
    re: /\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?|(?:令和|平成|昭和)\d+年|\b(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+)?(?:1[5-9]\d{2}|20\d{2})s?\b/g,
  },
  { kind: 'quantity', re: /\d+(?:[.,]\d+)?\s?(?:%|％|percent|per cent|°C|°F|mm|cm|km|kg|ppm|ppb|GtC|Gt|million|billion|trillion|万|億|人|件|円|ドル)/g },
  { kind: 'acronym', re: /\b[A-Z][A-Z0-9-]{1,9}[A-Z0-9]\b/g },
  // Capitalised word runs (Sea Level, United Nations, El Niño, São Paulo); Japanese katakana words and 「」
  // names. Letters of any script, bounded by non-letters: \b is ASCII-only, so "El Niño" was cut to "El Ni".
  {
    kind: 'name',
    re: /(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+(?:[ -](?:of|the|and|de|on|for)?[ -]?\p{Lu}\p{Ll}+)+(?![\p{L}\p{N}])|[ァ-ヴー]{3,}|「[^」\n]{1,30}」/gu,
  },
];

/** Sentence-initial words dropped from the front of a capitalised run ("The Little Ice Age" → "Little Ice Age"). */
const LEADING_FUNCTION_WORD = /^(?:The|This|These|That|Those|There|It|In|On|At|For|However|According|During|Since|After|Before|When|While)[ -]/;

/**
 * Entities of `texts` by kind, most frequent first (ties: first seen), at most `limit`.
 */
export function extractEntities(texts: readonly string[], limit = 20): ReportEntity[] {
  const counts = new Map<string, ReportEntity & { first: number }>();
  let order = 0;
  let budget = MAX_ENTITY_SCAN_CHARS;
  for (const raw of texts) {
    if (budget <= 0) break;
    const text = raw.slice(0, budget);
    budget -= text.length;
    const taken: Array<[number, number]> = [];
    for (const { kind, re } of PATTERNS) {
      for (const m of text.matchAll(re)) {
        const start = m.index;
        const end = start + m[0].length;
        if (taken.some(([s, e]) => start < e && end > s)) continue;
        taken.push([start, end]);
        let value = m[0].trim();
        if (kind === 'name' && /^\p{Lu}/u.test(value)) {
          value = value.replace(LEADING_FUNCTION_WORD, '');
          if (!/[ -]/.test(value)) continue; // a single capitalised word: every sentence starts with one
        }
        const key = `${kind}\u0000${value}`;
        const e = counts.get(key);
        if (e) e.count++;
        else counts.set(key, { text: value, kind, count: 1, first: order++ });
      }
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, limit)
    .map(({ text, kind, count }) => ({ text, kind, count }));
}
