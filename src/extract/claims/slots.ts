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
  negated: boolean;
  /** Lemmas of the sentence (English) for feature checks and similarity. */
  lemmas: string[];
}

const EN_TIME_RE = /\b(?:(?:in|since|during|by|until|from|before|after|as of)\s+)?(?:(?:early|mid|late)[- ])?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(?:1[89]\d{2}|20\d{2})(?:s|\s*[-–]\s*(?:1[89]\d{2}|20\d{2}))?\b|\b(?:last|this|next) (?:year|decade|month|century)\b/gi;
const EN_SCOPE_RE = /\b(?:in|among|for|within|across|of)\s+(?:(?:the|all|adult|older|young|hospitali[sz]ed|critically|ill|healthy|pregnant|[a-z]+-?[a-z]*)\s+){0,3}(?:patients|adults|children|infants|adolescents|women|men|people|participants|subjects|users|populations?|countries|mice|rats|cells|smokers|students|workers|elderly)\b(?:\s+(?:with|aged|over|under|older than|younger than)\s+[^,.;]+)?|\b(?:in|across|within)\s+(?:the\s+)?(?:[A-Z][a-z]+)(?:\s+[A-Z][a-z]+)*\b/g;

const JA_TIME_RE = /(?:\d{4}年度?(?:\d{1,2}月)?(?:\d{1,2}日)?|(?:令和|平成|昭和)\d+年度?|昨年|今年|来年|近年|\d{1,2}月)/g;
const JA_SCOPE_RE = /[^、。「」]{1,20}(?:において|における|では|を対象とした|を対象に|の間で)/g;

function clean(s: string): string | undefined {
  const t = s.replace(/\s+/g, ' ').replace(/^[\s,;:、]+|[\s,;:、。.!！]+$/g, '').trim();
  return t.length > 0 ? t : undefined;
}

function isVerbish(t: Token): boolean {
  return t.pos === 'VERB' || t.pos === 'AUX' || CAUSAL_LEMMAS.has(t.lemma);
}

function englishSlots(text: string): SlotResult {
  const { tokens, dates } = analyzeEnglish(text);
  const lemmas = tokens.filter((t) => t.pos !== 'PUNCT').map((t) => t.lemma);
  // Skip a leading discourse phrase ending in a comma ("However,", "In 2020,").
  let startIdx = 0;
  const comma = tokens.findIndex((t) => t.value === ',');
  if (comma > 0 && comma <= 5 && ['ADV', 'ADP', 'SCONJ', 'CCONJ'].includes(tokens[0]!.pos)) startIdx = comma + 1;
  let p = -1;
  for (let i = startIdx; i < tokens.length; i++) {
    const seenNominal = tokens.slice(startIdx, i).some((t) => ['NOUN', 'PROPN', 'PRON', 'NUM'].includes(t.pos));
    if (seenNominal && isVerbish(tokens[i]!)) {
      p = i;
      break;
    }
  }
  const joined = (ts: Token[]): string => ts.map((t) => t.value).join(' ').replace(/\s+([,.;:%)\]])/g, '$1').replace(/([([])\s+/g, '$1');
  const time = clean([...text.matchAll(EN_TIME_RE)].map((m) => m[0]).join(', ')) ?? clean(dates.join(', '));
  const scopeMatches = [...text.matchAll(EN_SCOPE_RE)].map((m) => m[0]);
  const scope = clean(scopeMatches.join('; '));
  if (p < 0) return { slots: { ...(time ? { time } : {}) }, scope, negated: tokens.some((t) => /^(not|n't|never|no)$/i.test(t.value)), lemmas };
  // The verb group: auxiliaries, negation, adverbs and verbs that follow one another.
  let q = p;
  while (q + 1 < tokens.length && ['AUX', 'PART', 'VERB', 'ADV'].includes(tokens[q + 1]!.pos) && tokens[q + 1]!.value !== ',') q++;
  // Trailing adverbs belong to the object ("are more effective"), not the verb group.
  while (q > p && tokens[q]!.pos === 'ADV') q--;
  const group = tokens.slice(p, q + 1);
  const negated = group.some((t) => /^(not|n't|never|no)$/i.test(t.value));
  const main = [...group].reverse().find((t) => t.pos === 'VERB' || CAUSAL_LEMMAS.has(t.lemma)) ?? group[0]!;
  const predicate = `${negated ? 'not ' : ''}${main.lemma}`;
  let object = joined(tokens.slice(q + 1));
  for (const s of [...scopeMatches, ...[...text.matchAll(EN_TIME_RE)].map((m) => m[0])]) object = object.replace(s, ' ');
  let subjectText = joined(tokens.slice(startIdx, p));
  for (const m of subjectText.matchAll(EN_TIME_RE)) subjectText = subjectText.replace(m[0], ' ');
  const subject = clean(subjectText);
  const obj = clean(object);
  return { slots: { ...(subject ? { subject } : {}), predicate, ...(obj ? { object: obj } : {}), ...(time ? { time } : {}) }, scope, negated, lemmas };
}

function japaneseSlots(text: string): SlotResult {
  const t = text.replace(/[。．！？!?]+$/, '');
  const time = clean([...t.matchAll(JA_TIME_RE)].map((m) => m[0]).join('、'));
  const scopeMatches = [...t.matchAll(JA_SCOPE_RE)].map((m) => m[0]);
  const scope = clean(scopeMatches.join('、'));
  // Attribution ("Xによると、") and time phrases with their particle are not part of any slot.
  let rest = t.replace(/^[^、。]{1,30}(?:によると|によれば|の発表では)、?/, '').replace(new RegExp(`(?:${JA_TIME_RE.source})(?:に|には|は|、)?`, 'g'), '');
  for (const s of scopeMatches) rest = rest.replace(s, '');
  rest = rest.replace(/^[、\s]+/, '');
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

export function extractSlots(text: string, language: TextLanguage): SlotResult {
  return language === 'ja' ? japaneseSlots(text) : englishSlots(text);
}
