// Claim slots (seed 001 NORMALIZE): subject / predicate / object / time, plus scope. Heuristic and
// explainable: the predicate is the first verb group after the subject (or a known causal verb the
// tagger missed); time and scope are recognised phrases lifted out of the object.
import type { ClaimSlots } from '../../core/index.js';
import type { TextLanguage } from '../language.js';
import { analyzeEnglish, type Token } from './english-nlp.js';
import { CAUSAL_LEMMAS, JA_NEGATION_RE } from './lexicon.js';
import { leadingLabelLength } from './section-label.js';

export interface SlotResult {
  slots: ClaimSlots;
  scope?: string;
  /** Any negation in the claim clause ("not", "no", "never"…; ない/ず/ません). */
  negated: boolean;
  /** The reporting frame lifted off the claim ("Researchers found that", "厚生労働省によると"). */
  attribution?: string;
  /** Lemmas of the sentence (English) for feature checks and similarity. */
  lemmas: string[];
  /** "There is X": the subject is X, read after the verb (English). */
  expletive?: boolean;
}

const EN_TIME_RE =
  /\b(?:(?:in|since|during|by|until|from|before|after|as of)\s+(?:the\s+)?)?(?:(?:early|mid|late)[- ])?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(?:1[89]\d{2}|20\d{2})(?:s|\s*[-–]\s*(?:1[89]\d{2}|20\d{2}))?\b|\b(?:last|this|next) (?:year|decade|month|century)\b/gi;
// Up to three words describe the population; a preposition is never one ("of mortality in patients" is an
// outcome, then the population). A place is a run of capitalised words in letters of any script ("in São
// Paulo", "in El Niño years": \b and [a-z] are ASCII-only, and cut it to "in El Ni").
const EN_SCOPE_RE =
  /\b(?:[Ii]n|[Aa]mong|[Ff]or|[Ww]ithin|[Aa]cross|of)\s+(?:(?!(?:in|of|among|for|within|across|with|to|on|at|by|from)\s)(?:the|all|adult|older|young|hospitali[sz]ed|critically|ill|healthy|pregnant|[a-z]+-?[a-z]*)\s+){0,3}(?:patients|adults|children|infants|adolescents|women|men|people|participants|subjects|users|populations?|countries|mice|rats|cells|smokers|students|workers|elderly|teenagers|teens|individuals|volunteers|residents|girls|boys|survivors)\b(?:\s+(?:with|aged|over|under|older than|younger than)\s+[^,.;]+)?|\b(?:[Ii]n|[Aa]cross|[Ww]ithin)\s+(?:the\s+)?\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)*(?![\p{L}\p{N}])/gu;

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

/** Longest opener read before a comma (tokens): a prepositional phrase with a population or a list of covariates. */
const MAX_OPENER_TOKENS = 20;
const RELATIVE_PRONOUNS = new Set(['who', 'whom', 'which', 'that', 'whose']);

/**
 * Whether the verb at `i` opens a relative clause: it follows "who"/"which" (or "that" after a noun)
 * directly or after an adverb or auxiliary ("patients who were treated", "countries that ratified").
 */
function isRelativeAt(tokens: readonly Token[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && ['ADV', 'AUX', 'PART'].includes(tokens[k]!.pos) && !RELATIVE_PRONOUNS.has(tokens[k]!.value.toLowerCase())) k--;
  const w = tokens[k]?.value.toLowerCase();
  if (w === undefined || !RELATIVE_PRONOUNS.has(w)) return false;
  return w !== 'that' || ['NOUN', 'PROPN'].includes(tokens[k - 1]?.pos ?? '');
}

/**
 * Where the main clause starts after a leading discourse phrase that ends in a comma: a connective or a
 * short prepositional phrase ("However,", "In 2020,"), a subordinate clause ("After rebels staged an
 * uprising,"), or a prepositional phrase of up to MAX_OPENER_TOKENS with no auxiliary outside a relative
 * clause ("Among teenagers aged 13 to 18,"). A list the opener ends with runs on over its commas ("After
 * adjusting for age, sex and BMI,": the items up to the one holding "and" or "or"). 0 when there is none.
 */
function openerEnd(tokens: readonly Token[]): number {
  const comma = tokens.findIndex((t) => t.value === ',');
  if (comma <= 0) return 0;
  const first = tokens[0]!;
  const short = comma <= 5 && ['ADV', 'ADP', 'SCONJ', 'CCONJ'].includes(first.pos);
  const subordinate = comma <= 25 && EN_SUBORDINATORS.has(first.lemma);
  // A participial opener reads the same way ("Compared with other sources,", "Using data from 40 sites,").
  const participial = first.pos === 'VERB' && /(?:ed|ing)$/i.test(first.value);
  const prepositional =
    comma <= MAX_OPENER_TOKENS &&
    (first.pos === 'ADP' || participial) &&
    tokens.slice(1, comma).every((t, k) => t.pos !== 'AUX' || isRelativeAt(tokens, k + 1));
  if (!short && !subordinate && !prepositional) return 0;
  // What follows must be a clause (a noun and then a verb), or the opener was the subject ("Slowing global
  // warming requires a transition …, mainly by burning less fuel").
  const clauseAfter = (from: number): boolean => {
    const nominal = tokens.findIndex((t, j) => j > from && ['NOUN', 'PROPN', 'PRON', 'NUM'].includes(t.pos));
    return nominal > 0 && tokens.some((t, j) => j > nominal && (t.pos === 'VERB' || t.pos === 'AUX'));
  };
  if (!clauseAfter(comma)) return 0;
  let end = comma;
  // The list runs on: segments of nouns (no verb) to the next comma, the last of them holding "and"/"or".
  if (!short) {
    let k = comma;
    for (let items = 0; items < 8; items++) {
      const next = tokens.findIndex((t, j) => j > k && t.value === ',');
      const segment = tokens.slice(k + 1, next < 0 ? tokens.length : next);
      if (next < 0 || segment.length === 0 || segment.length > 6 || segment.some((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'PRON')) break;
      k = next;
      if (segment.some((t) => t.pos === 'CCONJ')) {
        if (clauseAfter(k)) end = k;
        break;
      }
    }
  }
  return end + 1;
}

function englishSlots(input: string): SlotResult {
  const undated = input.replace(EN_DATELINE_RE, '');
  const text = undated.slice(leadingLabelLength(undated)).replace(/^["“'‘([]+/, '');
  const { tokens, dates } = analyzeEnglish(text);
  const lemmas = tokens.filter((t) => t.pos !== 'PUNCT').map((t) => t.lemma);
  // Skip a leading discourse phrase ending in a comma ("However,", "In 2020,", "After X happened,",
  // "Among adults over 30,", "After adjusting for age, sex and BMI,").
  let startIdx = openerEnd(tokens);
  while (startIdx < tokens.length - 1 && EN_CONNECTIVES.has(tokens[startIdx]!.lemma)) startIdx++;
  // The tagger reads some nouns as verbs ("research shows"): a verb directly followed by a verb is taken as the noun.
  const nominalAt = (i: number): boolean =>
    ['NOUN', 'PROPN', 'PRON', 'NUM'].includes(tokens[i]!.pos) ||
    (tokens[i]!.pos === 'VERB' && i === startIdx && ['VERB', 'AUX'].includes(tokens[i + 1]?.pos ?? ''));
  // Parts of hyphenated compounds ("life-threatening") are never the predicate.
  const inCompound = (i: number): boolean =>
    (tokens[i]!.pre === '' && tokens[i - 1]?.value === '-') || (tokens[i + 1]?.value === '-' && tokens[i + 1]!.pre === '');
  const verbAt = (i: number): boolean => {
    let seenNominal = false;
    for (let k = startIdx; k < i && !seenNominal; k++) seenNominal = nominalAt(k);
    return seenNominal && isVerbish(tokens[i]!) && !inCompound(i) && !(i === startIdx && nominalAt(i)) && !modifierAt(i);
  };
  // An -ing form straight after a noun modifies it ("patients receiving hydroxychloroquine", "the temperature
  // of Earth following a war"): a finite progressive has its auxiliary ("are receiving").
  // So does an -ed form between a determiner, adjective or preposition and a noun ("the global reported
  // number", "cups of filtered coffee"), and one
  // after a noun that a verb or a prepositional phrase and then the clause's verb follow, before any comma
  // or conjunction ("medication used included", "The NPIs deployed in China appear"; but "Cases increased
  // in Europe and deaths fell" is two clauses).
  const modifierAt = (i: number): boolean => {
    const t = tokens[i]!;
    if (t.pos !== 'VERB') return false;
    const before = tokens[i - 1]?.pos ?? '';
    const after = tokens[i + 1]?.pos ?? '';
    if (/ing$/i.test(t.value)) return ['NOUN', 'PROPN'].includes(before);
    if (!/ed$/i.test(t.value)) return false;
    if (['DET', 'ADJ', 'ADP', 'NUM'].includes(before) && ['NOUN', 'PROPN', 'ADJ'].includes(after)) return true;
    if (!['NOUN', 'PROPN'].includes(before)) return false;
    if (after === 'VERB' || after === 'AUX') return true;
    if (after !== 'ADP') return false;
    for (let k = i + 2; k < tokens.length; k++) {
      const w = tokens[k]!;
      if (w.value === ',' || w.value === ';' || w.pos === 'CCONJ' || w.pos === 'SCONJ' || RELATIVE_PRONOUNS.has(w.value.toLowerCase())) return false;
      if ((w.pos === 'VERB' || w.pos === 'AUX') && tokens[k - 1]?.value !== 'to' && !/ing$/i.test(w.value)) return true;
    }
    return false;
  };
  let p = -1;
  for (let i = startIdx; i < tokens.length; i++) {
    if (verbAt(i)) {
      p = i;
      break;
    }
  }
  // A verb right after a relative pronoun belongs to a clause inside the subject ("Countries that ratified
  // the protocol committed…", "Participants who read on screens … had worse sleep"): the main verb is the
  // next verb group, when there is one before the clause ends.
  if (p > startIdx && isRelativeAt(tokens, p)) {
    let after = p;
    while (after + 1 < tokens.length && ['AUX', 'PART', 'VERB', 'ADV'].includes(tokens[after + 1]!.pos)) after++;
    for (let i = after + 1; i < tokens.length && tokens[i]!.value !== ';'; i++) {
      // Inside the clause an -ed word between two nouns is attributive ("a government subsidized tourism program").
      const attributive =
        /ed$/i.test(tokens[i]!.value) && ['NOUN', 'PROPN'].includes(tokens[i - 1]?.pos ?? '') && ['ADJ', 'NOUN'].includes(tokens[i + 1]?.pos ?? '');
      if (
        isVerbish(tokens[i]!) &&
        !inCompound(i) &&
        !modifierAt(i) &&
        !attributive &&
        tokens[i - 1]?.value !== 'to' &&
        !isRelativeAt(tokens, i) &&
        tokens[i - 1]?.lemma !== 'and'
      ) {
        p = i;
        break;
      }
    }
  }
  const joined = (ts: Token[]): string => ts.map((t, i) => (i === 0 ? '' : t.pre) + t.value).join('');
  const timeMatches = [...text.matchAll(EN_TIME_RE)].map((m) => m[0]);
  // A word the tagger reads as a verb is no date ("took longer to fall asleep": wink's DATE "fall").
  const dateWords = dates.filter((d) => !tokens.some((t) => t.value === d && (t.pos === 'VERB' || t.pos === 'AUX')));
  const time = clean(timeMatches.join(', ')) ?? clean(dateWords.join(', '));
  // Scope is read with the time phrases taken out, so "in October 2019" is time, not a place.
  let withoutTime = text;
  for (const m of timeMatches) withoutTime = withoutTime.replace(m, ' ');
  const scopeMatches = [...withoutTime.matchAll(EN_SCOPE_RE)].map((m) => m[0].trim()).filter((m) => !EN_CALENDAR_WORD_RE.test(m));
  const scope = clean(scopeMatches.join('; '));
  const negated = tokens.some((t) => EN_NEGATION_TOKEN_RE.test(t.value));
  if (p < 0) return { slots: { ...(time ? { time } : {}) }, scope, negated, lemmas };
  // The verb group: auxiliaries, negation, adverbs and verbs that follow one another.
  let q = p;
  // An infinitive ("tend to have", "was linked to falling") is the verb's complement, part of the object.
  while (q + 1 < tokens.length && ['AUX', 'PART', 'VERB', 'ADV'].includes(tokens[q + 1]!.pos) && tokens[q + 1]!.value !== ',' && tokens[q + 1]!.lemma !== 'to')
    q++;
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
  // Adverbs between the subject and its verb are not the subject's ("Volunteers also took").
  let subjectEnd = p;
  while (subjectEnd > startIdx + 1 && tokens[subjectEnd - 1]!.pos === 'ADV') subjectEnd--;
  let subjectText = joined(tokens.slice(startIdx, subjectEnd));
  for (const m of timeMatches) subjectText = subjectText.replace(m, ' ');
  let subject = clean(subjectText);
  let obj = clean(object);
  // Expletive "there": "There was no significant difference in mortality" is about the difference. The
  // noun phrase after the verb is the subject, up to a comma, semicolon or bracket; the rest stays object.
  const expletive = subject !== undefined && /^there$/i.test(subject) && obj !== undefined;
  if (expletive) {
    const cut = obj!.search(/[,;(]/);
    subject = clean(cut > 0 ? obj!.slice(0, cut) : obj!);
    obj = cut > 0 ? clean(obj!.slice(cut)) : undefined;
  }
  return {
    slots: { ...(subject ? { subject } : {}), predicate, ...(obj ? { object: obj } : {}), ...(time ? { time } : {}) },
    scope,
    negated,
    lemmas,
    ...(expletive ? { expletive } : {}),
  };
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
