// One shared wink-nlp pipeline for English token analysis (POS, lemma, negation, entities), loaded on
// first use (../wink.ts).
import type { ItsFunction } from 'wink-nlp';
import { winkFullNlp } from '../wink.js';

export interface Token {
  value: string;
  lemma: string;
  pos: string;
  negated: boolean;
  /** Whitespace before the token in the input, so spans can be rebuilt as written ("1.1°C"). */
  pre: string;
}

export interface AnalyzedSentence {
  tokens: Token[];
  /** DATE/DURATION entities found by wink, in order. */
  dates: string[];
}

export function analyzeEnglish(text: string): AnalyzedSentence {
  const nlp = winkFullNlp();
  const its = nlp.its;
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out() as string[];
  // wink's typings declare lemma's third parameter as ModelAddons where out() passes its cache type.
  const lemmas = doc.tokens().out(its.lemma as unknown as ItsFunction<string>) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const neg = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const pre = doc.tokens().out(its.precedingSpaces) as string[];
  const tokens = values.map((value, i) => ({
    value,
    lemma: (lemmas[i] ?? value).toLowerCase(),
    pos: pos[i] ?? 'X',
    negated: neg[i] ?? false,
    pre: pre[i] ?? ' ',
  }));
  const dates = (doc.entities().out(its.detail) as unknown as Array<{ value: string; type: string }>)
    .filter((e) => e.type === 'DATE' || e.type === 'DURATION')
    .map((e) => e.value);
  return { tokens, dates };
}
