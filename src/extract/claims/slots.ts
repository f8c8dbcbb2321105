// Claim slots (seed 001 NORMALIZE): subject / predicate / object / time, plus scope. Heuristic and
// explainable: the predicate is the first verb group after the subject (or a known causal verb the
// tagger missed); time and scope are recognised phrases lifted out of the object.
import type { ClaimSlots } from '../../core/index.js';
import type { TextLanguage } from '../language.js';
import { analyzeEnglish, type Token } from './english-nlp.js';
import { CAUSAL_LEMMAS, JA_NEGATION_RE } from './lexicon.js';

export interface SlotResult {
  slots: ClaimSlots;
  scope?: string;
  /** Any negation in the claim clause ("not", "no", "never"…; ない/ず/ません). */
  negated: boolean;
  /** The reporting frame lifted off the claim ("Researchers found that", "厚生労働省によると"). */
  attribution?: string;
  /** Lemmas of the sentence (English) for feature checks and similarity. */
  lemmas: string[];
}

const EN_TIME_RE =
  /\b(?:(?:in|since|during|by|until|from|before|after|as of)\s+(?:the\s+)?)?(?:(?:early|mid|late)[- ])?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(?:1[89]\d{2}|20\d{2})(?:s|\s*[-–]\s*(?:1[89]\d{2}|20\d{2}))?\b|\b(?:last|this|next) (?:year|decade|month|century)\b/gi;
// Up to three words describe the population; a preposition is never one ("of mortality in patients" is an
// outcome, then the population).
const EN_SCOPE_RE =
  /\b(?:in|among|for|within|across|of)\s+(?:(?!(?:in|of|among|for|within|across|with|to|on|at|by|from)\s)(?:the|all|adult|older|young|hospitali[sz]ed|critically|ill|healthy|pregnant|[a-z]+-?[a-z]*)\s+){0,3}(?:patients|adults|children|infants|adolescents|women|men|people|participants|subjects|users|populations?|countries|mice|rats|cells|smokers|students|workers|elderly)\b(?:\s+(?:with|aged|over|under|older than|younger than)\s+[^,.;]+)?|\b(?:in|across|within)\s+(?:the\s+)?(?:[A-Z][a-z]+)(?:\s+[A-Z][a-z]+)*\b/g;

/** Months and days are times, never places, although they are capitalised ("in October"). */
const EN_CALENDAR_WORD_RE =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/;
/** "X found that Y": Y is the claim, X its attribution. */
export const EN_REPORTING_RE =
  /^(.{2,100}?\b(?:found|finds?|showed|shows?|reported|reports?|concluded|concludes?|demonstrated|demonstrates?|suggested|suggests?|indicated|indicates?|confirmed|confirms?|stated|states?|said|says?|claimed|claims?|argued|argues?|believed?|believes|estimated|estimates?|noted|notes?|announced|announces?)\s+that)\s+(.{8,})$/i;
const EN_NEGATION_TOKEN_RE = /^(?:not|n't|never|no|none|neither|nor|cannot)$/i;
/** "Xは、Yと報告した": Y is the claim. */
// The reporter (group 1) is optional ("…ことが分かった" has none) and never a scope ending in では.
const JA_REPORTING_RE =
  /^((?:[^、。]{1,40}?(?<!で)(?:は|が)、?)?)(.{6,}?)(?:と|ことを|ことが)(?:報告|発表|指摘|結論|示|述べ|説明|主張|明らかに|判明|分か|わか)[^、。]{0,12}$/;
/** Sentence-initial connectives that belong to no slot (これにより、一方、また、…). */
const JA_CONNECTIVE_RE = /^(?:これにより|このため|そのため|その結果|一方で?|また|さらに|しかし|しかしながら|ただし|なお|つまり|したがって|例えば|特に|実際)、?/;
const JA_ATTRIBUTION_RE = /^[^、。]{1,30}(?:によると|によれば|の発表では|の報告では|の調査では)、?/;

const JA_TIME_RE = /(?:\d{4}年度?(?:\d{1,2}月)?(?:\d{1,2}日)?|(?:令和|平成|昭和)\d+年度?|昨年|今年|来年|近年|\d{1,2}月)/g;
const JA_SCOPE_RE = /[^、。「」]{1,20}(?:において|における|では|を対象とした|を対象に|の間で)/g;

function clean(s: string): string | undefined {
  const t = s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:、]+|[\s,;:、。.!！]+$/g, '')
    .trim();
  return t.length > 0 ? t : undefined;
}

function isVerbish(t: Token): boolean {
  return t.pos === 'VERB' || t.pos === 'AUX' || CAUSAL_LEMMAS.has(t.lemma);
}

/** News datelines ("LONDON —", "Feb. 23, 2015 --") are not part of any slot. */
const EN_DATELINE_RE = /^(?:(?:[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4})|(?:[A-Z][A-Z.'-]+(?:[ ,]+[A-Z][A-Z.'-]+){0,4}))\s*(?:--|—|–)\s*/;
/** Sentence-initial connectives that belong to no slot ("But", "However", "In contrast"). */
const EN_CONNECTIVES = new Set([
  'but',
  'and',
  'so',
  'yet',
  'also',
  'now',
  'however',
  'moreover',
  'furthermore',
  'thus',
  'therefore',
  'still',
  'meanwhile',
  'overall',
]);
/** Subordinating openers: "After rebels staged an uprising, the army …" — the main clause follows the comma. */
const EN_SUBORDINATORS = new Set([
  'after',
  'before',
  'when',
  'while',
  'although',
  'though',
  'because',
  'since',
  'if',
  'as',
  'once',
  'until',
  'unless',
  'whereas',
]);

function englishSlots(input: string): SlotResult {
  const text = input.replace(EN_DATELINE_RE, '');
  const { tokens, dates } = analyzeEnglish(text);
  const lemmas = tokens.filter((t) => t.pos !== 'PUNCT').map((t) => t.lemma);
  // Skip a leading discourse phrase ending in a comma ("However,", "In 2020,", "After X happened,").
  let startIdx = 0;
  const comma = tokens.findIndex((t) => t.value === ',');
  const opener = tokens[0]?.lemma ?? '';
  if (comma > 0 && ((comma <= 5 && ['ADV', 'ADP', 'SCONJ', 'CCONJ'].includes(tokens[0]!.pos)) || (comma <= 25 && EN_SUBORDINATORS.has(opener))))
    startIdx = comma + 1;
  while (startIdx < tokens.length - 1 && EN_CONNECTIVES.has(tokens[startIdx]!.lemma)) startIdx++;
  // The tagger reads some nouns as verbs ("research shows"): a verb directly followed by a verb is taken as the noun.
  const nominalAt = (i: number): boolean =>
    ['NOUN', 'PROPN', 'PRON', 'NUM'].includes(tokens[i]!.pos) ||
    (tokens[i]!.pos === 'VERB' && i === startIdx && ['VERB', 'AUX'].includes(tokens[i + 1]?.pos ?? ''));
  // Parts of hyphenated compounds ("life-threatening") are never the predicate.
  const inCompound = (i: number): boolean =>
    (tokens[i]!.pre === '' && tokens[i - 1]?.value === '-') || (tokens[i + 1]?.value === '-' && tokens[i + 1]!.pre === '');
  let p = -1;
  for (let i = startIdx; i < tokens.length; i++) {
    let seenNominal = false;
    for (let k = startIdx; k < i && !seenNominal; k++) seenNominal = nominalAt(k);
    if (seenNominal && isVerbish(tokens[i]!) && !inCompound(i) && !(i === startIdx && nominalAt(i))) {
      p = i;
      break;
    }
  }
  const joined = (ts: Token[]): string => ts.map((t, i) => (i === 0 ? '' : t.pre) + t.value).join('');
  const timeMatches = [...text.matchAll(EN_TIME_RE)].map((m) => m[0]);
  const time = clean(timeMatches.join(', ')) ?? clean(dates.join(', '));
  // Scope is read with the time phrases taken out, so "in October 2019" is time, not a place.
  let withoutTime = text;
  for (const m of timeMatches) withoutTime = withoutTime.replace(m, ' ');
  const scopeMatches = [...withoutTime.matchAll(EN_SCOPE_RE)].map((m) => m[0].trim()).filter((m) => !EN_CALENDAR_WORD_RE.test(m));
  const scope = clean(scopeMatches.join('; '));
  const negated = tokens.some((t) => EN_NEGATION_TOKEN_RE.test(t.value));
  if (p < 0) return { slots: { ...(time ? { time } : {}) }, scope, negated, lemmas };
  // The verb group: auxiliaries, negation, adverbs and verbs that follow one another.
  let q = p;
  while (q + 1 < tokens.length && ['AUX', 'PART', 'VERB', 'ADV'].includes(tokens[q + 1]!.pos) && tokens[q + 1]!.value !== ',') q++;
  // Trailing adverbs belong to the object ("are more effective"), not the verb group.
  while (q > p && tokens[q]!.pos === 'ADV') q--;
  // Do-support is followed by the verb even where the tagger reads it as an adjective ("does not lower
  // the risk": lower/ADJ): that word is the predicate, as written.
  const doSupport = tokens[q]!.lemma === 'do' || (tokens[q]!.pos === 'PART' && tokens[q - 1]?.lemma === 'do');
  let written: Token | undefined;
  if (doSupport && tokens[q + 1]?.pos === 'ADJ') written = tokens[++q];
  const group = tokens.slice(p, q + 1);
  const verbNegated = group.some((t) => EN_NEGATION_TOKEN_RE.test(t.value));
  // The main verb: the last full verb of the group, else its last auxiliary ("have been" → be).
  const main =
    [...group].reverse().find((t) => t.pos === 'VERB' || CAUSAL_LEMMAS.has(t.lemma)) ?? [...group].reverse().find((t) => t.pos === 'AUX') ?? group[0]!;
  const predicate = `${verbNegated ? 'not ' : ''}${written ? written.value.toLowerCase() : main.lemma}`;
  let object = joined(tokens.slice(q + 1));
  for (const s of [...timeMatches, ...scopeMatches]) object = object.replace(s, ' ');
  let subjectText = joined(tokens.slice(startIdx, p));
  for (const m of timeMatches) subjectText = subjectText.replace(m, ' ');
  const subject = clean(subjectText);
  const obj = clean(object);
  return { slots: { ...(subject ? { subject } : {}), predicate, ...(obj ? { object: obj } : {}), ...(time ? { time } : {}) }, scope, negated, lemmas };
}

function japaneseSlots(text: string): SlotResult {
  const t = text.replace(/[。．！？!?]+$/, '');
  const time = clean([...t.matchAll(JA_TIME_RE)].map((m) => m[0]).join('、'));
  const scopeMatches = [...t.matchAll(JA_SCOPE_RE)].map((m) => m[0]);
  const scope = clean(scopeMatches.join('、'));
  // Attribution ("Xによると、") and time phrases with their particle are not part of any slot; so is the
  // と or や that joins two times ("2016年と2017年には": its と was read as the subject).
  let rest = t.replace(JA_ATTRIBUTION_RE, '').replace(new RegExp(`(?:${JA_TIME_RE.source})(?:(?:と|や)(?=${JA_TIME_RE.source})|には|に|は|、)?`, 'g'), '');
  for (const s of scopeMatches) rest = rest.replace(s, '');
  rest = rest.replace(/^[、\s]+/, '').replace(JA_CONNECTIVE_RE, '');
  const subjMatch = /^(.{1,40}?)(?:は|が)/.exec(rest);
  const subject = subjMatch ? clean(subjMatch[1]!) : undefined;
  const afterSubject = subjMatch ? rest.slice(subjMatch[0].length) : rest;
  const wo = afterSubject.lastIndexOf('を');
  const object = wo > 0 ? clean(afterSubject.slice(0, wo)) : undefined;
  const predicate = clean(wo > 0 ? afterSubject.slice(wo + 1) : afterSubject);
  const negated = JA_NEGATION_RE.test(t);
  return {
    slots: { ...(subject ? { subject } : {}), ...(predicate ? { predicate } : {}), ...(object ? { object } : {}), ...(time ? { time } : {}) },
    scope,
    negated,
    lemmas: [],
  };
}

/**
 * Slots of a claim sentence. A reporting frame ("Researchers found that …", "…と報告した") is
 * lifted off first and returned as `attribution`: the slots describe the reported claim, so the
 * same claim reported by different sources meets under one fingerprint.
 */
export function extractSlots(text: string, language: TextLanguage): SlotResult {
  if (language === 'ja') {
    const attribution = JA_ATTRIBUTION_RE.exec(text)?.[0];
    const frame = JA_REPORTING_RE.exec(text.replace(/[。．！？!?]+$/, ''));
    if (frame) return { ...japaneseSlots(frame[2]!), attribution: clean(`${frame[1]!}…${text.slice(frame[1]!.length + frame[2]!.length)}`) };
    const r = japaneseSlots(text);
    return attribution ? { ...r, attribution: clean(attribution) } : r;
  }
  const frame = EN_REPORTING_RE.exec(text);
  if (frame) {
    const inner = englishSlots(frame[2]!);
    const attribution = clean(frame[1]!);
    return attribution ? { ...inner, attribution } : inner;
  }
  return englishSlots(text);
}
