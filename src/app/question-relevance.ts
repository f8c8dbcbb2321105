// The term rules of the research run's relevance of a statement to a question (workflows/research
// createRelevanceParts: the question's subject and aspect terms, weighted by their rarity among the
// statements scored together; a run mixes them with the encoder's cosine, which needs the claims embedded
// first, so the materials keep the rules alone), as the engine's QuestionRelevance: materials, the MCP get_materials pages and the browser
// UI order a task's claims by it, so the claims that answer the question come before the other
// sentences of the pages read.
import type { QuestionRelevance, Thesaurus } from '../core/index.js';
import { kindsIn, normalizeClaim, type KindOf, type NormalizedClaim } from '../extract/index.js';
import { analyzeQuestion } from '../workflows/answer/question.js';
import { withSubjectSynonyms } from '../workflows/answer/subject-synonyms.js';
import { boundedMemo } from '../workflows/research/bounded-memo.js';
import { createRelevanceParts } from '../workflows/research/relevance.js';

/** Statements whose analysis is kept between calls (a page of materials reads the same task again). */
export const MAX_CACHED_STATEMENTS = 20_000;

export function createQuestionRelevance(options: { maxCached?: number; thesaurus?: Thesaurus } = {}): QuestionRelevance {
  const max = options.maxCached ?? MAX_CACHED_STATEMENTS;
  // A statement's analysis and kinds never change (both are deterministic): kept up to `max`, then started afresh.
  const analyze = boundedMemo((s): NormalizedClaim => normalizeClaim({ text: s, source: 'materials' }), max);
  const kinds = boundedMemo((s): readonly KindOf[] => kindsIn(s), max);
  return {
    scorer(question, statements) {
      // The subject's other names and kinds count as a research run counts them ("ascorbic acid" for
      // "vitamin C"; "imidacloprid" for "neonicotinoids" where a statement says it is one).
      const read = analyzeQuestion(question);
      const q = options.thesaurus ? withSubjectSynonyms(read, options.thesaurus, (text) => analyze(text).terms) : read;
      const parts = createRelevanceParts({ analyze, questions: [q], kinds }, statements);
      return (statement) => parts(statement).relevance;
    },
  };
}
