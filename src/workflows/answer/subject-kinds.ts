// A question's subject reached through its kinds, as the run's own texts name them
// (extract/claims/kinds.ts: "intermittent fasting covers several eating patterns, including alternate-day
// fasting…"): a claim about alternate-day fasting holds the subject "intermittent fasting" as the term rules
// read it, the way a claim naming "ascorbic acid" holds "vitamin C" (subject-synonyms.ts). One way only: a
// kind stands for its class, never the class for a kind, and only relevance reads them (the judge reads a
// claim as stated: evidence about one kind is not evidence about every kind).
import type { KindOf } from '../../extract/index.js';
import type { QuestionAnalysis, SubjectSynonym } from './question.js';
import { holdsTerm } from './relevance.js';

/** Most kinds kept per class (a long list in one page is a catalogue, not a definition). */
export const MAX_KINDS_PER_CLASS = 8;

/** A class of the subject and the kinds the texts name of it, as written and as terms. */
export interface SubjectKindGroup {
  /** The class as first written ("intermittent fasting", "neonicotinoids"). */
  of: string;
  /** The subject terms the class stands for. */
  terms: string[];
  kinds: Array<{ name: string; terms: string[] }>;
}

/**
 * The subject's classes that `kinds` names kinds of: the subject itself, or a span of it without its head
 * ("neonicotinoids" of "neonicotinoid pesticides"), with each kind's terms (`termsOf`: the claim analyzer's,
 * so that they compare with a claim's). A kind whose terms are all the class's adds nothing and is dropped.
 * English questions only.
 */
export function subjectKindGroups(
  question: Pick<QuestionAnalysis, 'language' | 'subjectTerms' | 'head'>,
  kinds: readonly KindOf[],
  termsOf: (text: string) => readonly string[],
): SubjectKindGroup[] {
  if (question.language !== 'en' || kinds.length === 0) return [];
  const subject = new Set(question.subjectTerms);
  const byClass = new Map<string, SubjectKindGroup>();
  for (const k of kinds) {
    // Each of the class's terms read as the subject term it is a form of ("neonicotinoids", which the
    // analyzer does not lemmatize, is "neonicotinoid").
    const classTerms = [...new Set(termsOf(k.of).map((c) => question.subjectTerms.find((t) => holdsTerm(new Set([c]), t)) ?? ''))];
    if (classTerms.length === 0 || classTerms.includes('')) continue;
    // A class that names the subject's head but not all of it is wider than the subject: a kind of "ice" is
    // not a kind of "sea ice", nor vegetables of "ultra-processed foods". A class without the head is a
    // modifier's ("neonicotinoids" of "neonicotinoid pesticides"): its kinds are kinds of the subject.
    if (question.head !== undefined && classTerms.includes(question.head) && classTerms.length < subject.size) continue;
    const kindTerms = [...new Set(termsOf(k.kind))].filter((t) => t.length > 1);
    if (kindTerms.length === 0 || kindTerms.every((t) => classTerms.includes(t))) continue;
    const key = [...classTerms].sort().join(' ');
    const group = byClass.get(key) ?? { of: k.of, terms: classTerms, kinds: [] };
    byClass.set(key, group);
    const same = (a: readonly string[]) => a.length === kindTerms.length && a.every((t) => kindTerms.includes(t));
    if (group.kinds.length < MAX_KINDS_PER_CLASS && !group.kinds.some((g) => same(g.terms))) group.kinds.push({ name: k.kind, terms: kindTerms });
  }
  return [...byClass.values()];
}

/** The subject's kinds as the term rules read them: each class's terms, held by a claim that holds every term of one kind. */
export function subjectKinds(
  question: Pick<QuestionAnalysis, 'language' | 'subjectTerms' | 'head'>,
  kinds: readonly KindOf[],
  termsOf: (text: string) => readonly string[],
): SubjectSynonym[] {
  return subjectKindGroups(question, kinds, termsOf).map((g) => ({ terms: g.terms, alternatives: g.kinds.map((k) => k.terms) }));
}

/** The question with the subject's kinds among its subject synonyms when `kinds` names any; else the question as it was. */
export function withSubjectKinds(question: QuestionAnalysis, kinds: readonly KindOf[], termsOf: (text: string) => readonly string[]): QuestionAnalysis {
  const found = subjectKinds(question, kinds, termsOf);
  return found.length > 0 ? { ...question, subjectSynonyms: [...(question.subjectSynonyms ?? []), ...found] } : question;
}
