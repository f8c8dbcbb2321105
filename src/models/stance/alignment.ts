// "Same event first, then contrast": before a sentence may refute (or support) a claim it must be
// about the same thing — its words must cover the claim's subject and what the claim says of it
// (predicate or object), the slots extract/claims finds. Two facts about the same reef ("bleaching
// killed half the coral" / "the shark nets catch dolphins") share a topic, not an event, and neither
// contradicts nor confirms the other, whatever a classifier trained on SNLI says.
import { extractSlots } from '../../extract/index.js';
import type { FeatureResources, PreparedText } from './features.js';
import { DOWN_WORDS, UP_WORDS } from '../../extract/index.js';
import { isWordToken, tokenize, type Token } from '../../extract/index.js';
import { dot } from './word-vectors.js';

/** Cosine of word vectors at which two different words count as the same concept ("warming"/"heating"). */
export const ALIGN_MIN_COSINE = 0.7;

export interface SlotTerms {
  subject: Token[];
  /** Predicate and object content tokens (what is said of the subject). */
  rest: Token[];
}

export interface SlotAlignment {
  /** Share of the subject's content words the sentence holds (1 when the subject has none). */
  subject: number;
  /** Share of the predicate's and object's content words the sentence holds (1 when there are none). */
  rest: number;
}

// Words that date or frame an event rather than name it: "Every 4–7 years, an El Niño event" is about
// El Niño, whatever period it is said to recur in. Numbers are left to the contrast features.
const FRAME_WORDS = new Set([
  'every',
  'year',
  'month',
  'week',
  'day',
  'decade',
  'century',
  'time',
  'recent',
  'today',
  'now',
  'ago',
  'annual',
  'annually',
  'often',
  'sometime',
  'mani',
  'sever',
  'certain',
]);

const contentTokens = (text: string | undefined, exclude: ReadonlySet<string>): Token[] =>
  text ? tokenize(text).filter((t) => isWordToken(t) && !t.stop && t.value === undefined && !FRAME_WORDS.has(t.stem) && !exclude.has(t.stem)) : [];

/** The claim's slot words (no numbers, no words of its time slot), computed once per claim. */
export function slotTerms(claim: string): SlotTerms {
  const { slots, expletive } = extractSlots(claim, 'en');
  const time = new Set(tokenize(slots.time ?? '').map((t) => t.stem));
  const predicate = (slots.predicate ?? '').replace(/^not /, '');
  const rest = [...contentTokens(predicate === 'be' ? '' : predicate, time), ...contentTokens(slots.object, time)];
  // "There is no airborne transmission": the network was trained reading "there" as the subject and the
  // rest after the verb (models/stance-en), so it reads the noun phrase there still.
  if (expletive) return { subject: [], rest: [...contentTokens(slots.subject, time), ...rest] };
  return { subject: contentTokens(slots.subject, time), rest };
}

const isDirection = (stem: string): boolean => UP_WORDS.has(stem) || DOWN_WORDS.has(stem);

// Taking something in, said with a verb or a noun: "drinking coffee" is "coffee consumption", "coffee
// intake", "coffee drinkers". The word vectors keep these apart ("drinking" is under 0.7 from
// "consumption"), so a claim's subject "Drinking coffee" was half held by "coffee consumption did not
// lower the risk" and its refutation blocked.
const INTAKE_STEMS: ReadonlySet<string> = new Set(
  tokenize(
    'drink drinks drinking drank drinker drinkers consume consumes consuming consumed consumption intake intakes eat eats eating ate ingest ingested ingestion',
  )
    .filter(isWordToken)
    .map((t) => t.stem),
);

/** The sentence holds the claim's word: the same stem, another word for taking in, or a word whose vector is near. */
function aligned(t: Token, sentence: PreparedText, resources: FeatureResources): boolean {
  if (sentence.allStems.has(t.stem)) return true;
  if (INTAKE_STEMS.has(t.stem)) for (const s of sentence.allStems) if (INTAKE_STEMS.has(s)) return true;
  const v = resources.vectors.get(t.word);
  if (!v) return false;
  for (const i of sentence.content) {
    const w = sentence.vectors[i];
    if (w && dot(v, w) >= ALIGN_MIN_COSINE) return true;
  }
  return false;
}

/**
 * The sentence states the contrast to the claim's word: its antonym, or a direction word against a
 * direction word ("raises blood pressure" / "lowers resting blood pressure").
 */
function contrasted(t: Token, sentence: PreparedText, resources: FeatureResources): boolean {
  const direction = isDirection(t.stem);
  for (const s of sentence.allStems) if (resources.antonyms.has(`${t.stem}|${s}`) || (direction && isDirection(s))) return true;
  return false;
}

const share = (tokens: readonly Token[], sentence: PreparedText, resources: FeatureResources): number =>
  tokens.length === 0 ? 1 : tokens.filter((t) => aligned(t, sentence, resources)).length / tokens.length;

/**
 * What the claim says of its subject: the share of its predicate and object words the sentence holds.
 * Same event first, then contrast: a direction word (held, near or opposite: word vectors put "lower"
 * next to "higher") or an antonym counts only when another word, not a direction, anchors the event —
 * "lowers the risk of mortality" against "a higher probability of negative conversion" shares a
 * direction, not an outcome — unless the claim says nothing but a direction of its subject.
 */
function restShare(tokens: readonly Token[], sentence: PreparedText, resources: FeatureResources): number {
  if (tokens.length === 0) return 1;
  const held = tokens.map((t) => aligned(t, sentence, resources));
  // With nothing but a direction to say ("sea level rise has accelerated"), the subject is the event.
  const anchors = tokens.filter((t) => !isDirection(t.stem));
  if (anchors.length > 0 && !tokens.some((t, i) => held[i] && !isDirection(t.stem))) return 0;
  return tokens.filter((t, i) => held[i] || contrasted(t, sentence, resources)).length / tokens.length;
}

export function slotAlignment(terms: SlotTerms, sentence: PreparedText, resources: FeatureResources): SlotAlignment {
  return { subject: share(terms.subject, sentence, resources), rest: restShare(terms.rest, sentence, resources) };
}
