// A question's subject in other words, from a thesaurus (WordNet through core Thesaurus): "vitamin C" is
// "ascorbic acid", "vitamin D" is "cholecalciferol", "aspirin" is "acetylsalicylic acid". The shipped
// sentence encoder does not know these names for one another (cosine 0.47 for "vitamin c" / "ascorbic
// acid"), and a claim that uses the other name scored 0 on the term rules. Conservative, because a wrong
// synonym makes unrelated claims relevant:
//   - only the subject is read (what is asked of it keeps the rules' own predicate synonyms);
//   - spans of the subject's words, longest first, never a single letter alone ("c" is "degree
//     centigrade" to WordNet);
//   - a synonym of several words is kept ("aspirin" → "acetylsalicylic acid", "mobile phone" → "cellular
//     phone"); a one-word synonym only for a collocation and only when it is a long, technical word
//     (MIN_ONE_WORD_SYNONYM_LETTERS: "vitamin d" → "cholecalciferol"), since WordNet's short one-word
//     synonyms are common words of other senses ("mobile phone" → "cell", "meditation" →
//     "speculation", "coffee" → "java");
//   - a synonym made only of the span's own terms, or of single letters, adds nothing and is dropped.
import type { Thesaurus } from '../../core/index.js';
import type { QuestionAnalysis, SubjectSynonym } from './question.js';

/** Most spans of a subject looked up (a subject is a few words; a long topic is cut here). */
export const MAX_SUBJECT_SPAN_WORDS = 6;
/** Most alternatives kept per span. */
export const MAX_SUBJECT_SYNONYMS = 6;
/** Fewest letters of a one-word synonym (of a collocation): "cholecalciferol", "tocopherol", not "cell" or "video". */
export const MIN_ONE_WORD_SYNONYM_LETTERS = 7;

const DETERMINERS = new Set(['the', 'a', 'an']);

/**
 * The subject's spans that the thesaurus knows by other names, with the content terms of each name
 * (`termsOf`: the claim analyzer's terms, so that they compare with a claim's). English questions only.
 */
export function subjectSynonyms(
  question: Pick<QuestionAnalysis, 'language' | 'subject' | 'subjectTerms'>,
  thesaurus: Thesaurus,
  termsOf: (text: string) => readonly string[],
): SubjectSynonym[] {
  if (question.language !== 'en') return [];
  const words = question.subject
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '' && !DETERMINERS.has(w))
    .slice(0, MAX_SUBJECT_SPAN_WORDS);
  const subjectTerms = new Set(question.subjectTerms);
  const out: SubjectSynonym[] = [];
  for (let n = words.length; n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const span = words.slice(i, i + n).join(' ');
      if (span.length < 2) continue;
      const found = thesaurus.synonyms(span) ?? [];
      if (found.length === 0) continue;
      const terms = termsOf(span).filter((t) => subjectTerms.has(t));
      if (terms.length === 0) continue;
      const alternatives: string[][] = [];
      for (const synonym of found) {
        const alt = [...new Set(termsOf(synonym))].filter((t) => t.length > 1);
        if (alt.length === 0 || alt.every((t) => terms.includes(t))) continue;
        if (alt.length === 1 && (n === 1 || alt[0]!.length < MIN_ONE_WORD_SYNONYM_LETTERS)) continue;
        alternatives.push(alt);
        if (alternatives.length >= MAX_SUBJECT_SYNONYMS) break;
      }
      if (alternatives.length > 0) out.push({ terms, alternatives });
    }
  }
  return out;
}
