// The research run's relevance of a statement to a question (workflows/answer: the question's subject
// and aspect terms, weighted by their rarity among the statements scored together), as the engine's
// QuestionRelevance: materials, the MCP get_materials pages and the browser UI order a task's claims by
// it, so the claims that answer the question come before the other sentences of the pages read.
import type { QuestionRelevance } from '../core/index.js';
import { normalizeClaim } from '../extract/index.js';
import { analyzeQuestion, bestRelevance, termWeights } from '../workflows/index.js';

/** Statements whose terms are kept between calls (a page of materials reads the same task again). */
export const MAX_CACHED_STATEMENTS = 20_000;

export function createQuestionRelevance(options: { maxCached?: number } = {}): QuestionRelevance {
  const max = options.maxCached ?? MAX_CACHED_STATEMENTS;
  // Terms of a statement never change (normalizeClaim is deterministic): kept up to `max`, then started afresh.
  const terms = new Map<string, string[]>();
  const termsOf = (s: string): string[] => {
    let t = terms.get(s);
    if (t === undefined) {
      t = normalizeClaim({ text: s, source: 'materials' }).terms;
      if (terms.size >= max) terms.clear();
      terms.set(s, t);
    }
    return t;
  };
  return {
    scorer(question, statements) {
      const readings = [analyzeQuestion(question)];
      const weights = termWeights(statements.map(termsOf));
      return (statement) => bestRelevance(readings, termsOf(statement), weights).relevance;
    },
  };
}
