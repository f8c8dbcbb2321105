// Relevance of a source to the outline's sections. A source bears on a section when the section's own
// query found it, or when at least RELEVANCE_MIN_SHARE of the section's distinctive terms (its words
// minus the keyword's and stop words; Japanese and Chinese as character bigrams) occur in the source's
// title and excerpt.

/** Share of a section's distinctive terms a source must contain to count as relevant to it. */
export const RELEVANCE_MIN_SHARE = 0.5;

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'how',
  'in',
  'into',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'over',
  'the',
  'their',
  'to',
  'vs',
  'what',
  'when',
  'which',
  'who',
  'why',
  'with',
  'about',
  'between',
  'overview',
  'introduction',
  'conclusion',
  'summary',
]);
const JA_PARTICLES = /[のはがをにへとでやもかな]/u;

/** Latin/digit words (2+ chars, not stop words) and CJK character bigrams of a text. */
export function terms(text: string): Set<string> {
  const out = new Set<string>();
  const t = text.normalize('NFKC').toLowerCase();
  for (const w of t.match(/[\p{Script=Latin}\p{N}]+/gu) ?? []) if (w.length >= 2 && !STOP_WORDS.has(w)) out.add(w);
  for (const run of t.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu) ?? []) {
    const chars = [...run];
    if (chars.length === 1) {
      if (!JA_PARTICLES.test(chars[0]!)) out.add(chars[0]!);
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i++) {
      const bigram = chars[i]! + chars[i + 1]!;
      // Bigrams made only of particles ("のは") say nothing about the topic.
      if (!(JA_PARTICLES.test(chars[i]!) && JA_PARTICLES.test(chars[i + 1]!))) out.add(bigram);
    }
  }
  return out;
}

export interface SectionTerms {
  section: string;
  terms: Set<string>;
}

/** Each section's distinctive terms: its terms minus the keyword's. */
export function sectionTerms(keyword: string, sections: readonly string[]): SectionTerms[] {
  const kw = terms(keyword);
  return sections.map((section) => ({ section, terms: new Set([...terms(section)].filter((x) => !kw.has(x))) }));
}

/** Sections the source is relevant to, in outline order. */
export function relevantSections(options: { title: string; excerpt: string; foundBySections: readonly string[]; sections: readonly SectionTerms[] }): string[] {
  const text = terms(`${options.title} ${options.excerpt}`);
  return options.sections
    .filter((s) => {
      if (options.foundBySections.includes(s.section)) return true;
      if (s.terms.size === 0) return false;
      let shared = 0;
      for (const x of s.terms) if (text.has(x)) shared++;
      return shared / s.terms.size >= RELEVANCE_MIN_SHARE;
    })
    .map((s) => s.section);
}
