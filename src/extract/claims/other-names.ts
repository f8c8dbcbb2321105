// A phrase's other names, from a thesaurus (WordNet through core Thesaurus): "vitamin C" is "ascorbic
// acid", "vitamin D" is "cholecalciferol", "aspirin" is "acetylsalicylic acid". The shipped encoder and
// judges do not know these names for one another (the encoder's cosine of "vitamin c" and "ascorbic acid"
// is 0.47; the judge reads "Vitamin C does shorten the common cold." against an ascorbic-acid trial as
// neutral, 0.70 to supporting, and "Ascorbic acid does…" as supporting, 0.90). Research relevance reads a
// question's subject by them (workflows/answer/subject-synonyms.ts) and the graph step judges a claim in
// the name its evidence uses (pipeline/graph/claim-readings.ts). Conservative, because a wrong name makes
// unrelated text about the thing:
//   - spans of the phrase's words, longest first, never a single letter alone ("c" is "degree
//     centigrade" to WordNet), at most MAX_NAME_SPAN_WORDS words;
//   - a name of several words is kept ("aspirin" → "acetylsalicylic acid", "mobile phone" → "cellular
//     phone"); a one-word name only for a span of several words and only when it has at least
//     MIN_ONE_WORD_NAME_LETTERS letters ("vitamin d" → "cholecalciferol"), since WordNet's short one-word
//     synonyms are common words of other senses ("mobile phone" → "cell", "meditation" → "speculation",
//     "coffee" → "java");
//   - a name made only of the span's own terms, or of single letters, adds nothing and is dropped; so is
//     one that holds all of them ("climate change" → "global climate change", "planet" → "major
//     planet"): text that says it says the span too.
import type { Thesaurus } from '../../core/index.js';

/** A span of a phrase and its other names, each with its content terms (as `termsOf` reads them). */
export interface SpanNames {
  /** The span as written in the phrase, lower case ("vitamin c"). */
  span: string;
  /** The span's content terms ("vitamin", "c"). */
  terms: string[];
  names: Array<{ name: string; terms: string[] }>;
}

/** Most words of a phrase looked up (a subject is a few words; a long topic is cut here). */
export const MAX_NAME_SPAN_WORDS = 6;
/** Most names kept per span. */
export const MAX_NAMES_PER_SPAN = 6;
/** Fewest letters of a one-word name (of a span of several words): "cholecalciferol", "tocopherol", not "cell" or "video". */
export const MIN_ONE_WORD_NAME_LETTERS = 7;

const DETERMINERS = new Set(['the', 'a', 'an']);

/** The spans of `phrase` (English) that the thesaurus knows by other names, longest first. */
export function otherNames(phrase: string, thesaurus: Thesaurus, termsOf: (text: string) => readonly string[]): SpanNames[] {
  const words = phrase
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '' && !DETERMINERS.has(w))
    .slice(0, MAX_NAME_SPAN_WORDS);
  const out: SpanNames[] = [];
  for (let n = words.length; n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const span = words.slice(i, i + n).join(' ');
      if (span.length < 2) continue;
      const found = thesaurus.synonyms(span) ?? [];
      if (found.length === 0) continue;
      const terms = [...termsOf(span)];
      if (terms.length === 0) continue;
      const names: SpanNames['names'] = [];
      for (const name of found) {
        const nameTerms = [...new Set(termsOf(name))].filter((t) => t.length > 1);
        if (nameTerms.length === 0 || nameTerms.every((t) => terms.includes(t)) || terms.every((t) => nameTerms.includes(t))) continue;
        if (nameTerms.length === 1 && (n === 1 || nameTerms[0]!.length < MIN_ONE_WORD_NAME_LETTERS)) continue;
        names.push({ name, terms: nameTerms });
        if (names.length >= MAX_NAMES_PER_SPAN) break;
      }
      if (names.length > 0) out.push({ span, terms, names });
    }
  }
  return out;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with the first occurrence of `span` (any case, any spacing, a plural ending included) replaced by
 * `name`, its first letter upper case at the start of the text; undefined when the text does not hold the span.
 */
function renamed(text: string, span: string, name: string): string | undefined {
  const at = new RegExp(`\\b${span.split(' ').map(escapeRegExp).join('\\s+')}(?:e?s)?\\b`, 'i').exec(text);
  if (!at) return undefined;
  const written = at.index === 0 ? name.charAt(0).toUpperCase() + name.slice(1) : name;
  return `${text.slice(0, at.index)}${written}${text.slice(at.index + at[0].length)}`;
}

/**
 * `text` (a statement or a question) with its subject named otherwise, once per other name of the subject's
 * spans (otherNames), longest span first, each distinct text once, at most `max`; with each name's terms.
 * A span the text does not write (the subject as analysed, not as written) gives none.
 */
export function renamings(
  text: string,
  subject: string,
  thesaurus: Thesaurus,
  termsOf: (text: string) => readonly string[],
  max: number,
): Array<{ text: string; terms: string[] }> {
  const out: Array<{ text: string; terms: string[] }> = [];
  for (const span of otherNames(subject, thesaurus, termsOf)) {
    for (const n of span.names) {
      const other = renamed(text, span.span, n.name);
      if (other === undefined) break;
      if (!out.some((r) => r.text === other)) out.push({ text: other, terms: n.terms });
      if (out.length >= max) return out;
    }
  }
  return out;
}
