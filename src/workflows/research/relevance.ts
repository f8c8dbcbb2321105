// The run's relevance of a claim to its question (workflows/answer: subject and aspect terms weighted
// by rarity among the task's claims), over every reading of the question (the question itself and
// its translated topic). A claim that is not worth checking when read alone — a decisive sentence the
// engine turned into a claim, a headline — is never relevant, so no report shows it as a claim.
import type { NormalizedClaim } from '../../extract/index.js';
import { analyzeQuestion, bestRelevance, termWeights, type QuestionAnalysis, type RelevanceParts } from '../answer/index.js';
import type { ResearchState } from './state.js';

export interface RelevanceContext {
  analyze: (statement: string) => NormalizedClaim;
  /** Every reading of the question: the question, then each translated topic. */
  questions: readonly QuestionAnalysis[];
  /** Whether a statement read alone is a claim worth checking (memoized by the run). */
  worth: (statement: string) => boolean;
}

/** The question and its translated topics, analyzed. */
export function questionReadings(state: Pick<ResearchState, 'question' | 'topics' | 'language'>): QuestionAnalysis[] {
  return [analyzeQuestion(state.question), ...state.topics.slice(1).map((t) => analyzeQuestion(t.topic, { language: t.language }))];
}

/** Subject and aspect shares and relevance of a text (not screened for worth), term rarity counted over `statements`. */
export function createRelevanceParts(ctx: Pick<RelevanceContext, 'analyze' | 'questions'>, statements: readonly string[]): (text: string) => RelevanceParts {
  const weights = termWeights(statements.map((s) => ctx.analyze(s).terms));
  return (text) => bestRelevance(ctx.questions, ctx.analyze(text).terms, weights);
}

/** A relevance function for the claims of one snapshot: term rarity is counted over `statements`. */
export function createRelevance(ctx: RelevanceContext, statements: readonly string[]): (statement: string) => number {
  const parts = createRelevanceParts(ctx, statements);
  const cache = new Map<string, number>();
  return (statement) => {
    let r = cache.get(statement);
    if (r === undefined) {
      r = ctx.worth(statement) ? parts(statement).relevance : 0;
      cache.set(statement, r);
    }
    return r;
  };
}
