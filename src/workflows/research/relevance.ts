// The run's relevance of a claim to its question (workflows/answer: subject and aspect terms weighted
// by rarity among the task's claims), over every reading of the question (the question itself and
// its translated topic), mixed — when the run has relevance by meaning (core RelevanceModel, English
// questions) — with the encoder's cosine of question and claim and, for a model that reads titles, of
// question and the title of the document the claim comes from. A claim that is not worth checking when
// read alone — a decisive sentence the engine turned into a claim, a headline — is never relevant, so no
// report shows it as a claim.
import { InvalidInputError, NonRetryableError, throwIfAborted, type ClaimMaterial, type RelevanceModel, type Thesaurus } from '../../core/index.js';
import type { KindOf, NormalizedClaim } from '../../extract/index.js';
import {
  analyzeQuestion,
  bestRelevance,
  termWeights,
  withSubjectKinds,
  withSubjectSynonyms,
  type QuestionAnalysis,
  type RelevanceParts,
} from '../answer/index.js';
import type { ResearchState } from './state.js';

/**
 * Relevance by meaning for one run: the model, the question it reads, and the cosines of the statements
 * and document titles read so far (computed once per text by prepareMeaning, async, before a relevance
 * function reads them, sync).
 */
export interface RunMeaning {
  model: RelevanceModel;
  question: string;
  similarity: Map<string, number>;
}

export interface RelevanceContext {
  analyze: (statement: string) => NormalizedClaim;
  /** Every reading of the question: the question, then each translated topic. */
  questions: readonly QuestionAnalysis[];
  /** Whether a statement read alone is a claim worth checking (memoized by the run). */
  worth: (statement: string) => boolean;
  /**
   * The kinds a statement names ("neonicotinoids such as imidacloprid": extract kindsIn, memoized by the
   * run): the subject is read through the kinds that the statements scored together name. Without it, none.
   */
  kinds?: (statement: string) => readonly KindOf[];
  /** Relevance by meaning, when the run has it; without it the term rules alone decide. */
  meaning?: RunMeaning;
}

/** Claims at or above this relevance to the question are "relevant" (reported, gap-checked, major-claim candidates). */
export const MIN_RELEVANCE = 0.3;

/** Most cosines a run keeps (twice the claims a snapshot reads, titles besides); beyond, the memo starts over. */
export const MEANING_MEMO_LIMIT = 40_000;

/**
 * Relevance by meaning for a run, when the deps have a model and the question is English (the shipped
 * encoder reads English; a Japanese question keeps the rules).
 */
export function runMeaning(model: RelevanceModel | undefined, question: QuestionAnalysis | undefined): RunMeaning | undefined {
  if (!model || !question || question.language !== 'en') return undefined;
  // Every phase cuts at MIN_RELEVANCE: a model whose threshold sits on another cut would be read wrongly.
  if (model.cut !== MIN_RELEVANCE)
    throw new InvalidInputError(`relevance model ${model.name}: its threshold sits on the cut ${model.cut}; research runs cut at ${MIN_RELEVANCE}`, {
      code: 'model_file_invalid',
      details: { cut: model.cut, expected: MIN_RELEVANCE },
    });
  return { model, question: question.question, similarity: new Map() };
}

/** A claim as relevance reads it: its statement and the titles of the documents it comes from. */
export interface RelevanceClaim {
  statement: string;
  /** Titles of the claim's origin documents (a document without one is left out). */
  titles?: readonly string[];
}

/** The titles of the documents a relevance model reads (blank ones left out, each once). */
export function originTitles(origins: readonly { title?: string | undefined }[]): string[] {
  return [...new Set(origins.map((o) => o.title?.trim() ?? '').filter((t) => t !== ''))];
}

/** A task's claim as relevance reads it: its statement and its origin documents' titles. */
export function relevanceClaim(c: Pick<ClaimMaterial, 'statement' | 'origins'>): RelevanceClaim {
  return { statement: c.statement, titles: originTitles(c.origins) };
}

/**
 * Computes the cosines the run has not read yet (one batch per call): of the claims worth checking and,
 * when the model reads titles, of the claims' documents' titles.
 */
export async function prepareMeaning(ctx: Pick<RelevanceContext, 'meaning' | 'worth'>, claims: readonly RelevanceClaim[], signal?: AbortSignal): Promise<void> {
  const m = ctx.meaning;
  if (!m) return;
  throwIfAborted(signal);
  const statements = claims.filter((c) => ctx.worth(c.statement)).map((c) => c.statement);
  // Every claim's titles, worth checking or not: a merged claim is read in the documents of all its members.
  const titles = m.model.readsTitles ? claims.flatMap((c) => c.titles ?? []) : [];
  const wanted = [...new Set([...statements, ...titles])];
  let missing = wanted.filter((s) => !m.similarity.has(s));
  if (missing.length === 0) return;
  // Over the bound the memo starts over with this snapshot's statements and titles: every one is then
  // computed again, so no text the caller's relevance function reads is left out.
  if (m.similarity.size + missing.length > MEANING_MEMO_LIMIT) {
    m.similarity.clear();
    missing = wanted;
  }
  const cosines = await m.model.similarities(m.question, missing, signal ? { signal } : {});
  missing.forEach((s, i) => m.similarity.set(s, cosines[i]!));
}

/**
 * The question and its translated topics, analyzed; with a thesaurus, each English reading's subject
 * spans known by other names (read with `analyze`'s terms, as claims are).
 */
export function questionReadings(
  state: Pick<ResearchState, 'question' | 'topics' | 'language'>,
  options: { thesaurus?: Thesaurus; analyze?: (statement: string) => Pick<NormalizedClaim, 'terms'> } = {},
): QuestionAnalysis[] {
  const readings = [analyzeQuestion(state.question), ...state.topics.slice(1).map((t) => analyzeQuestion(t.topic, { language: t.language }))];
  const { thesaurus, analyze } = options;
  if (!thesaurus || !analyze) return readings;
  return readings.map((q) => withSubjectSynonyms(q, thesaurus, (text) => analyze(text).terms));
}

/** Subject and aspect shares and relevance of a text (not screened for worth), term rarity counted over `statements`. */
export function createRelevanceParts(
  ctx: Pick<RelevanceContext, 'analyze' | 'questions' | 'kinds'>,
  statements: readonly string[],
): (text: string) => RelevanceParts {
  const weights = termWeights(statements.map((s) => ctx.analyze(s).terms));
  const questions = ctx.kinds ? withKindsOf(ctx.questions, ctx.kinds, ctx.analyze, statements) : ctx.questions;
  return (text) => bestRelevance(questions, ctx.analyze(text).terms, weights);
}

/** Each reading of the question with the subject's kinds that `statements` name (withSubjectKinds). */
function withKindsOf(
  questions: readonly QuestionAnalysis[],
  kindsOf: (statement: string) => readonly KindOf[],
  analyze: (statement: string) => Pick<NormalizedClaim, 'terms'>,
  statements: readonly string[],
): readonly QuestionAnalysis[] {
  const kinds = statements.flatMap((s) => kindsOf(s));
  if (kinds.length === 0) return questions;
  return questions.map((q) => withSubjectKinds(q, kinds, (text) => analyze(text).terms));
}

/**
 * A relevance function for the claims of one snapshot: term rarity is counted over `statements`. With
 * relevance by meaning, every claim scored must have been prepared (prepareMeaning), its statement and its
 * titles: one that was not is a fault of the caller, not a claim to score by the rules alone.
 */
export function createRelevance(ctx: RelevanceContext, statements: readonly string[]): (claim: RelevanceClaim) => number {
  const parts = createRelevanceParts(ctx, statements);
  const m = ctx.meaning;
  const cache = new Map<string, number>();
  const readsTitles = m?.model.readsTitles === true;
  const cosineOf = (text: string, what: string): number => {
    const c = m?.similarity.get(text);
    if (c === undefined)
      throw new NonRetryableError(`relevance by meaning: the ${what} was not prepared: "${text.slice(0, 80)}"`, {
        code: 'relevance_not_prepared',
        details: { what, text: text.slice(0, 200) },
      });
    return c;
  };
  return ({ statement, titles = [] }) => {
    const key = readsTitles && titles.length > 0 ? `${statement}\u0000${[...titles].sort().join('\u0001')}` : statement;
    let r = cache.get(key);
    if (r === undefined) {
      if (!ctx.worth(statement)) r = 0;
      else if (!m) r = parts(statement).relevance;
      else {
        const similarity = cosineOf(statement, 'statement');
        // The most similar of the claim's documents: a claim that several pages state is read in the one
        // most about the question.
        const titleSimilarity = readsTitles && titles.length > 0 ? Math.max(...titles.map((t) => cosineOf(t, 'title'))) : undefined;
        r = m.model.combine({ rules: parts(statement).relevance, similarity, ...(titleSimilarity !== undefined ? { titleSimilarity } : {}) });
      }
      cache.set(key, r);
    }
    return r;
  };
}
