// The head noun of a question's subject, which the relevance weighs most ("face masks" is about masks).

/** Nouns too general to be what a subject is about ("sea level rise" is about the sea level). */
export const GENERIC_HEADS = new Set([
  'rise',
  'increase',
  'decline',
  'decrease',
  'change',
  'loss',
  'growth',
  'effect',
  'impact',
  'level',
  'rate',
  'use',
  'spread',
  'risk',
  'trend',
  'number',
  'amount',
  'extent',
  'cause',
]);

/** The subject's head: its last term that is not a generic noun (English); none for Japanese. */
export function subjectHead(terms: readonly string[], language: string): string | undefined {
  if (language !== 'en') return undefined;
  return [...terms].reverse().find((t) => !GENERIC_HEADS.has(t));
}
