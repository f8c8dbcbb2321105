// A question's subject by its other names (extract/claims/other-names.ts: WordNet's "ascorbic acid" for
// "vitamin C"), as the term rules read them: a claim holding every term of one name holds the span's
// subject terms. Only the subject is read; what is asked of it keeps the rules' own predicate synonyms.
import type { Thesaurus } from '../../core/index.js';
import { otherNames } from '../../extract/index.js';
import type { QuestionAnalysis, SubjectSynonym } from './question.js';

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
  const subjectTerms = new Set(question.subjectTerms);
  return otherNames(question.subject, thesaurus, termsOf)
    .map((s) => ({ terms: s.terms.filter((t) => subjectTerms.has(t)), alternatives: s.names.map((n) => n.terms) }))
    .filter((s) => s.terms.length > 0);
}

/** The question with its subject's other names (`subjectSynonyms`) when the thesaurus knows any; else the question as read. */
export function withSubjectSynonyms(question: QuestionAnalysis, thesaurus: Thesaurus, termsOf: (text: string) => readonly string[]): QuestionAnalysis {
  const synonyms = subjectSynonyms(question, thesaurus, termsOf);
  return synonyms.length > 0 ? { ...question, subjectSynonyms: synonyms } : question;
}
