// Is a sentence a checkable claim? Checkable statements carry numbers, comparisons, causal or
// directional predicates, or evaluations; questions, navigation and boilerplate are not claims.
import type { TextLanguage } from '../language.js';
import type { ScreenReason } from './screen.js';
import {
  BOILERPLATE_RE,
  CAUSAL_LEMMAS,
  CHANGE_PARTICIPLES,
  CAUSAL_PHRASE_RE,
  COMPARISON_RE,
  SUPERLATIVE_RE,
  EVALUATIVE_WORDS,
  FINDING_LEMMAS,
  FINDING_PHRASE_RE,
  HIGH_STAKES_RE,
  JA_CLAIM_RE,
  JA_DIRECTIONAL_RE,
  JA_STATEMENT_END_RE,
  JA_TOPIC_OR_SUBJECT_RE,
  METADATA_LINE_RE,
  STRONG_ASSERTION_RE,
} from './lexicon.js';

/**
 * Shortest and longest claim sentence, in words (English) or characters (Japanese). The cap keeps a
 * claim one thing a reader can check: longer sentences are run-ons (split at semicolons when their
 * clauses stand alone) or passages, which stay evidence but are not claims.
 */
export const MIN_CLAIM_WORDS = 3; // "Vaccines cause autism." is a claim
export const MAX_CLAIM_WORDS = 60;
/** The same cap in characters for English, for sentences of long words, numbers and units. */
export const MAX_CLAIM_CHARS = 400;
export const MIN_CLAIM_CHARS_JA = 8;
export const MAX_CLAIM_CHARS_JA = 250;
/**
 * Whether a sentence is short enough to be a claim at all (cheap; checked before any pattern or the
 * NLP tagger runs over it): a longer "sentence" (a run without spaces, a table flattened into one
 * line) is refused first, so hostile text cannot make them slow.
 */
export function withinClaimLength(text: string, language: TextLanguage): boolean {
  return language === 'ja' ? text.length <= 2 * MAX_CLAIM_CHARS_JA : text.length <= MAX_CLAIM_CHARS;
}

export type ClaimFeature = 'numeric' | 'comparison' | 'causal' | 'evaluative' | 'finding' | 'strong_assertion' | 'high_stakes';

export interface Checkability {
  checkable: boolean;
  features: ClaimFeature[];
  /** Why the sentence was rejected, when it was. */
  rejectedBecause?: 'question' | 'boilerplate' | 'too_short' | 'too_long' | 'no_claim_signal' | 'no_predicate' | 'unresolved_reference' | ScreenReason;
}

const NUMERIC_RE = /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|million|billion|half|twice|double|triple|percent)\b/i;
const EN_VERB_HINT_RE =
  /\b(is|are|was|were|be|been|has|have|had|do|does|did|can|will|would|should|may|might|shows?|found|finds?|reports?|rose|risen|fell|fallen|grew|grown|began|begun|became|took|taken|made|led|saw|seen|won|lost|left|held|kept|ran|met|went|gone|came|gave|given|brought|built|spent|cut|hit|set|put|\w+(?:ed|es|s))\b/i;

/**
 * A Japanese line that states nothing: a heading, a title, a label ("海水温の上昇とサンゴの白化"). It
 * neither closes like a statement (JA_STATEMENT_END_RE) nor holds a topic or subject particle, so it ends in
 * a noun phrase with nothing said of it. A bullet's noun-ending fact ("予防には手洗いが有効") has its が and
 * stays a statement.
 */
export function isJapaneseLabelLine(text: string): boolean {
  const t = text.trim();
  return !JA_STATEMENT_END_RE.test(t) && !JA_TOPIC_OR_SUBJECT_RE.test(t);
}

/**
 * Whether a line says something rather than naming it: a heading or label ("Salt and hypertension",
 * "サンゴの白化と海水温") does not. English: a verb form is there (the claim screen's verb hint); Japanese: not a
 * label line (isJapaneseLabelLine). Loose on purpose: a plural noun passes as a verb form, so only lines
 * that plainly state nothing are caught.
 */
export function statesSomething(text: string, language: TextLanguage): boolean {
  return language === 'ja' ? !isJapaneseLabelLine(text) : EN_VERB_HINT_RE.test(text);
}

/**
 * Whether a passage is its document's own title ("Microplastics in the North Atlantic", "Sleep deprivation
 * and memory: a randomised trial"): a heading states nothing, yet a plural noun or a participle lets it pass
 * statesSomething, which stays loose so that no statement is lost. Compared case- and spacing-blind,
 * without closing punctuation.
 */
export function isTitleText(text: string, title: string | null | undefined): boolean {
  if (!title) return false;
  const norm = (t: string): string =>
    t
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/[\s.:;!?。．]+$/u, '')
      .trim();
  return norm(text) === norm(title);
}

/** Lemmas are passed in so this stays free of NLP state; `lemmas` may be empty for Japanese. */
export function assessSentence(options: { text: string; language: TextLanguage; lemmas: string[] }): Checkability {
  const { text, language, lemmas } = options;
  const t = text.trim();
  if (!withinClaimLength(t, language)) return { checkable: false, features: [], rejectedBecause: 'too_long' };
  if (/[?？]\s*$/.test(t) || (language === 'ja' && /か[。．]?$/.test(t))) return { checkable: false, features: [], rejectedBecause: 'question' };
  if (BOILERPLATE_RE.test(t) || METADATA_LINE_RE.test(t)) return { checkable: false, features: [], rejectedBecause: 'boilerplate' };
  if (language === 'ja') {
    const n = [...t].length;
    if (n < MIN_CLAIM_CHARS_JA) return { checkable: false, features: [], rejectedBecause: 'too_short' };
    if (n > MAX_CLAIM_CHARS_JA) return { checkable: false, features: [], rejectedBecause: 'too_long' };
  } else {
    const words = t.split(/\s+/).length;
    if (words < MIN_CLAIM_WORDS) return { checkable: false, features: [], rejectedBecause: 'too_short' };
    if (words > MAX_CLAIM_WORDS || t.length > MAX_CLAIM_CHARS) return { checkable: false, features: [], rejectedBecause: 'too_long' };
    if (!EN_VERB_HINT_RE.test(t)) return { checkable: false, features: [], rejectedBecause: 'no_predicate' };
  }
  const features: ClaimFeature[] = [];
  if (NUMERIC_RE.test(t)) features.push('numeric');
  if (COMPARISON_RE.test(t) || SUPERLATIVE_RE.test(t) || (language === 'ja' && /((?<!に)より|比べ|比較|上回|下回)/.test(t))) features.push('comparison');
  const words = t.toLowerCase().match(/[a-z]+/g) ?? [];
  if (
    lemmas.some((l) => CAUSAL_LEMMAS.has(l)) ||
    (language === 'en' && words.some((w) => CHANGE_PARTICIPLES.has(w))) ||
    CAUSAL_PHRASE_RE.test(t) ||
    (language === 'ja' &&
      (/(引き起こ|もたら|原因|増加|減少|低下|上昇|向上|改善|悪化|抑制|促進|予防|防ぐ|防い|高め|高ま|下げ|減ら|増や|つなが|起こす)/.test(t) ||
        JA_DIRECTIONAL_RE.test(t)))
  )
    features.push('causal');
  if (
    lemmas.some((l) => EVALUATIVE_WORDS.has(l)) ||
    words.some((w) => EVALUATIVE_WORDS.has(w)) ||
    (language === 'ja' && /(有効|無効|安全|危険|有意|効果|優れ|劣る)/.test(t))
  )
    features.push('evaluative');
  if (lemmas.some((l) => FINDING_LEMMAS.has(l)) || (language === 'en' && FINDING_PHRASE_RE.test(t))) features.push('finding');
  if (STRONG_ASSERTION_RE.test(t)) features.push('strong_assertion');
  if (HIGH_STAKES_RE.test(t)) features.push('high_stakes');
  // After the features: a user's statement is read for its features even when it is no claim (normalize.ts).
  if (language === 'ja' && isJapaneseLabelLine(t)) return { checkable: false, features, rejectedBecause: 'no_predicate' };
  const signal = features.some((f) => f !== 'high_stakes') || (language === 'ja' && JA_CLAIM_RE.test(t));
  return signal ? { checkable: true, features } : { checkable: false, features, rejectedBecause: 'no_claim_signal' };
}
