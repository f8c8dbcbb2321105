// A claim read in the name its evidence uses for its subject: "Aspirin does prevent heart attacks." is
// also "Acetylsalicylic acid does prevent heart attacks." (extract/claims/other-names.ts, WordNet). The
// stance models do not know the two names for one another: an ascorbic-acid trial against "Vitamin C
// does shorten the common cold." read neutral (0.70 to supporting), against "Ascorbic acid does shorten
// the common cold." supporting (0.90); and the candidate shortlist, ranked on the claim's words and
// vector, never offered the acetylsalicylic-acid trial to the aspirin claim at all. So the graph step
// looks for candidates by each reading too, and judges a passage against the reading whose name it
// holds. The edge is the claim's own (its id, its statement in every output).
import type { Claim, Thesaurus } from '../../core/index.js';
import { detectLanguage, normalizeClaim, renamings } from '../../extract/index.js';

/** The claim with its subject's span replaced by another name, and that name's content terms. */
export interface ClaimReading {
  statement: string;
  terms: readonly string[];
}

/** Readings kept per claim at most (each adds a candidate search). */
export const MAX_CLAIM_READINGS = 3;

const termsOf = (text: string): string[] => normalizeClaim({ text, source: 'reading' }).terms;

/** The claim's readings in its subject's other names (English claims with a subject slot; none otherwise). */
export function claimReadings(claim: Pick<Claim, 'statement' | 'slots'>, thesaurus: Thesaurus): ClaimReading[] {
  const subject = claim.slots.subject;
  if (!subject || detectLanguage(claim.statement) !== 'en') return [];
  return renamings(claim.statement, subject, thesaurus, termsOf, MAX_CLAIM_READINGS).map((r) => ({ statement: r.text, terms: r.terms }));
}

/** The first reading whose name the passage holds (every one of its terms), else undefined: the claim as stated. */
export function readingFor(readings: readonly ClaimReading[], passage: string): ClaimReading | undefined {
  if (readings.length === 0) return undefined;
  const have = new Set(termsOf(passage));
  return readings.find((r) => r.terms.every((t) => have.has(t)));
}
