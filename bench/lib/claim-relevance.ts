// Relevance of claims to a question on the labelled sample (bench/data/claim-relevance.jsonl): four
// questions × 50 claims drawn from the claims a run's searches bring back. Lyra's relevance (subject
// and aspect terms weighted by rarity, workflows/answer) against the hand labels, and in the same run
// the relevance it replaced (share of the question's content words, RELEVANCE_TERMS_CAP) as a baseline.
import { kindsIn, normalizeClaim } from '../../src/extract/index.js';
import type { Thesaurus } from '../../src/core/index.js';
import { createWordNetThesaurus } from '../../src/models/index.js';
import {
  MIN_RELEVANCE,
  analyzeQuestion,
  claimRelevance,
  relevanceTo,
  withSubjectKinds,
  withSubjectSynonyms,
  type TermWeights,
} from '../../src/workflows/index.js';
import { claimsFromSentence } from './claim-checkability.js';
import { binaryScores, documentTitleOf, readJsonl, resolveSentence, type BinaryScores, type SentenceRef } from './claim-samples.js';

export const RELEVANCE_FILE = 'claim-relevance.jsonl';
/** Three other questions, drawn after the relevance rules were frozen and labelled by the rubric alone. */
export const RELEVANCE_BLIND_FILE = 'claim-relevance-blind.jsonl';
/**
 * Four more questions, drawn after the first blind sample's errors were read (and the rules changed for
 * them: "help" read in outcomes), labelled by the rubric alone and scored once on the frozen rules.
 */
export const RELEVANCE_BLIND2_FILE = 'claim-relevance-blind2.jsonl';
/**
 * Four more questions, drawn stratified for precision (up to 25 claims Lyra's frozen relevance called
 * relevant and 25 it did not, shuffled; the header line carries each stratum's size in the pool) and
 * labelled by the rubric alone.
 */
export const RELEVANCE_BLIND3_FILE = 'claim-relevance-blind3.jsonl';
/** Four more, drawn the same stratified way after blind3's errors were read (the predicate, contrasting qualifiers), scored once. */
export const RELEVANCE_BLIND4_FILE = 'claim-relevance-blind4.jsonl';
/** Four more, stratified, drawn after blind4's errors were read (the corpus's topic words); two labellers (`relevant_b`), scored once. */
export const RELEVANCE_BLIND5_FILE = 'claim-relevance-blind5.jsonl';
/**
 * Four more, drawn before relevance by meaning (issue 32) was fitted, stratified by the published
 * encoder's cosine (each row names its stratum, `near` or `far`); two labellers. Never fitted on.
 */
export const RELEVANCE_BLIND6_FILE = 'claim-relevance-blind6.jsonl';
/**
 * Four more, drawn on 2026-11-29 after models/relevance was fitted and labelled before anything was fitted
 * or changed for them, stratified the same way as blind6; two labellers. Never fitted on: the shipped
 * relevance model's blind figure.
 */
export const RELEVANCE_BLIND7_FILE = 'claim-relevance-blind7.jsonl';
/**
 * Four more, drawn on 2026-11-30 with models/relevance frozen (fitted 2026-11-29), stratified the same way
 * as blind6 and blind7, labelled by two labellers before it was scored; questions nothing was fitted or read
 * for. Never fitted on: the shipped relevance model's first-look blind figure.
 */
export const RELEVANCE_BLIND8_FILE = 'claim-relevance-blind8.jsonl';
/** The samples no relevance model was fitted on (bench:research's blind figures). */
export const RELEVANCE_BLIND_TEST_FILES = [RELEVANCE_BLIND6_FILE, RELEVANCE_BLIND7_FILE, RELEVANCE_BLIND8_FILE] as const;

/** The samples relevance by meaning is fitted on (`npm run train:relevance`), in a fixed order: every one but the blind test files (blind6–8). */
export const RELEVANCE_TRAINING_FILES = [
  RELEVANCE_FILE,
  RELEVANCE_BLIND_FILE,
  RELEVANCE_BLIND2_FILE,
  RELEVANCE_BLIND3_FILE,
  RELEVANCE_BLIND4_FILE,
  RELEVANCE_BLIND5_FILE,
] as const;

type Line =
  | { question: string; weights: { n: number; df: Record<string, number> }; strata?: Record<string, number> }
  | (SentenceRef & { question: string; relevant: boolean; relevant_b?: boolean; stratum?: string });

/** Counts of a stratified sample scaled to its pool: each stratum's rows weigh (stratum size in the pool) ÷ (its rows in the sample). */
export interface PoolEstimate {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
}

export interface RelevanceResult {
  questions: Array<{ question: string; items: number; relevant: number; lyra: BinaryScores; baseline: BinaryScores }>;
  lyra: BinaryScores;
  baseline: BinaryScores;
  errors: Array<{ question: string; kind: 'fp' | 'fn'; text: string; relevance: number }>;
  /**
   * Stratified samples only: the figures scaled to the claim pools. Lyra's "relevant" stratum is
   * re-read from the current rules, which match the draw's when the sample is scored on the frozen rules.
   */
  pool?: PoolEstimate;
  /** Against the second labeller, when the sample has one (`relevant_b`): the sample's figures and, stratified, the pool's. */
  secondLabeller?: { lyra: BinaryScores; pool?: PoolEstimate; agreement: number };
}

/** One labelled claim of a relevance sample, with the rules' relevance (and the baseline's) computed as a run would. */
export interface LabelledRelevanceRow {
  text: string;
  /** The title of the claim's document, as a run sees it (undefined: none). */
  title: string | undefined;
  gold: boolean;
  /** The second labeller's label, when the sample has one. */
  second?: boolean;
  /**
   * The row's stratum of a stratified sample, as drawn (named in the row): blind3–5 `relevant` when the
   * rules at the draw called the claim relevant, `other` if not (recorded 2026-11-29 by re-running the
   * rules of the draw's commit, 770a10d for blind3 and blind4, 65f7a0a for blind5; each question's counts
   * equal its header's); blind6 `near` / `far` by the encoder's cosine.
   */
  stratum?: string;
  /** Lyra's term rules (workflows/answer claimRelevance), over the question's term weights in the header. */
  rules: number;
  /** The relevance the rules replaced: share of the question's content words. */
  baseline: number;
  /** How many claims of the question's pool the row stands for: its stratum's size ÷ its rows in the sample (1 unstratified). */
  poolWeight: number;
}

export interface LabelledRelevanceQuestion {
  question: string;
  /** Each stratum's size in the question's claim pool (stratified samples). */
  strata?: Record<string, number>;
  rows: LabelledRelevanceRow[];
}

let wordnet: Thesaurus | undefined;

/**
 * The labelled claims of a relevance sample, question by question, with the rules' relevance of each, the
 * subject's other names read from `thesaurus` as a research run reads them (default WordNet, as the app's;
 * `null` for the rules without them).
 */
export function labelledRelevance(file: string, options: { thesaurus?: Thesaurus | null } = {}): LabelledRelevanceQuestion[] {
  const thesaurus = options.thesaurus === undefined ? (wordnet ??= createWordNetThesaurus()) : options.thesaurus;
  const lines = readJsonl<Line>(file);
  return [...new Set(lines.map((l) => l.question))].map((question) => {
    const header = lines.find((l): l is Extract<Line, { weights: unknown }> => l.question === question && 'weights' in l);
    const weights: TermWeights = { n: header?.weights.n ?? 0, df: new Map(Object.entries(header?.weights.df ?? {})) };
    const read = analyzeQuestion(question);
    const termsOf = (text: string) => normalizeClaim({ text, source: 'bench' }).terms;
    const questionTerms = normalizeClaim({ text: question, source: 'q' }).terms;
    const items = lines.filter((l): l is Exclude<Line, { weights: unknown }> => l.question === question && !('weights' in l));
    const texts = items.map((item) => {
      const s = resolveSentence(item);
      return item.corpus === 'example' ? s.text : (claimsFromSentence(s.context, s.text)[0] ?? s.text);
    });
    // The subject's kinds that the sample's claims name, as a run reads them over the claims it scores
    // together (workflows/answer/subject-kinds.ts; the sample is a part of a run's claims, so it names fewer).
    const named = thesaurus ? withSubjectSynonyms(read, thesaurus, termsOf) : read;
    const analysis = withSubjectKinds(
      named,
      texts.flatMap((t) => kindsIn(t)),
      termsOf,
    );
    const rowsIn = new Map<string, number>();
    for (const item of items) if (item.stratum !== undefined) rowsIn.set(item.stratum, (rowsIn.get(item.stratum) ?? 0) + 1);
    const rows = items.map((item, i): LabelledRelevanceRow => {
      const text = texts[i]!;
      const terms = termsOf(text);
      const rules = claimRelevance(analysis, terms, weights).relevance;
      const stratum = item.stratum;
      if (header?.strata && stratum === undefined) throw new Error(`${file}: a row of the stratified question "${question}" names no stratum`);
      return {
        text,
        title: documentTitleOf(item),
        gold: item.relevant,
        ...(item.relevant_b !== undefined ? { second: item.relevant_b } : {}),
        ...(stratum !== undefined ? { stratum } : {}),
        rules,
        baseline: relevanceTo([questionTerms], terms),
        poolWeight: header?.strata && stratum !== undefined ? (header.strata[stratum] ?? 0) / rowsIn.get(stratum)! : 1,
      };
    });
    return { question, ...(header?.strata ? { strata: header.strata } : {}), rows };
  });
}

export interface EvaluateRelevanceOptions {
  /** Lyra's relevance of each row of a question (default the rules'); a claim is relevant at MIN_RELEVANCE or over. */
  scores?: (q: LabelledRelevanceQuestion) => readonly number[];
}

export function evaluateRelevance(file: string = RELEVANCE_FILE, options: EvaluateRelevanceOptions = {}): RelevanceResult {
  const out: RelevanceResult = { questions: [], lyra: binaryScores([]), baseline: binaryScores([]), errors: [] };
  const all: Array<{ gold: boolean; lyra: boolean; baseline: boolean; second?: boolean }> = [];
  const pooled = { tp: 0, fp: 0, fn: 0 };
  const pooledB = { tp: 0, fp: 0, fn: 0 };
  let stratified = false;
  for (const q of labelledRelevance(file)) {
    const { question } = q;
    const scores = options.scores?.(q) ?? q.rows.map((r) => r.rules);
    const rows = q.rows.map((item, i) => {
      const r = scores[i]!;
      const row = {
        gold: item.gold,
        lyra: r >= MIN_RELEVANCE,
        baseline: item.baseline >= MIN_RELEVANCE,
        ...(item.second !== undefined ? { second: item.second } : {}),
        ...(item.stratum !== undefined ? { stratum: item.stratum } : {}),
      };
      if (row.lyra !== row.gold) out.errors.push({ question, kind: row.lyra ? 'fp' : 'fn', text: item.text, relevance: r });
      return row;
    });
    all.push(...rows);
    if (q.strata) {
      stratified = true;
      // Against either labeller: each row weighs by its stratum's size in the pool ÷ its rows in the sample.
      const scaleInto = (acc: typeof pooled, gold: (r: (typeof rows)[number]) => boolean | undefined): void => {
        rows.forEach((r, i) => {
          const g = gold(r);
          const w = q.rows[i]!.poolWeight;
          if (r.lyra && g === true) acc.tp += w;
          else if (r.lyra && g === false) acc.fp += w;
          else if (!r.lyra && g === true) acc.fn += w;
        });
      };
      scaleInto(pooled, (r) => r.gold);
      scaleInto(pooledB, (r) => r.second);
    }
    out.questions.push({
      question,
      items: rows.length,
      relevant: rows.filter((r) => r.gold).length,
      lyra: binaryScores(rows.map((r) => ({ gold: r.gold, predicted: r.lyra }))),
      baseline: binaryScores(rows.map((r) => ({ gold: r.gold, predicted: r.baseline }))),
    });
  }
  out.lyra = binaryScores(all.map((r) => ({ gold: r.gold, predicted: r.lyra })));
  out.baseline = binaryScores(all.map((r) => ({ gold: r.gold, predicted: r.baseline })));
  const estimate = (p: { tp: number; fp: number; fn: number }): PoolEstimate => ({
    ...p,
    precision: p.tp + p.fp > 0 ? p.tp / (p.tp + p.fp) : 0,
    recall: p.tp + p.fn > 0 ? p.tp / (p.tp + p.fn) : 0,
  });
  if (stratified) out.pool = estimate(pooled);
  if (all.length > 0 && all.every((r) => r.second !== undefined))
    out.secondLabeller = {
      lyra: binaryScores(all.map((r) => ({ gold: r.second!, predicted: r.lyra }))),
      ...(stratified ? { pool: estimate(pooledB) } : {}),
      agreement: all.filter((r) => r.second === r.gold).length / all.length,
    };
  return out;
}
