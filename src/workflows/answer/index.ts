// workflows/answer/: what research and consensus share about a question — its kind, proposition,
// subject and key terms; the relevance of a claim to it; the verdict of judged evidence on it; the
// answer contract; the prose answer checked sentence by sentence.
export { MAX_KINDS_PER_CLASS, subjectKindGroups, subjectKinds, withSubjectKinds, type SubjectKindGroup } from './subject-kinds.js';
export { subjectSynonyms, withSubjectSynonyms } from './subject-synonyms.js';
export {
  QUESTION_KINDS,
  STATEMENT_MIN_WORDS,
  analyzeQuestion,
  questionKind,
  type QuestionAnalysis,
  type QuestionKind,
  type SubjectSynonym,
} from './question.js';
export {
  ASPECT_FLOOR,
  ENTITY_SYNONYMS,
  HEAD_WEIGHT,
  NEAR_FORM_PREFIX,
  NEAR_FORM_SHARE,
  PREDICATE_SYNONYMS,
  SUBJECT_MIN,
  bestRelevance,
  claimRelevance,
  holdsTerm,
  termWeights,
  weightOf,
  type RelevanceParts,
  type TermWeights,
} from './relevance.js';
export {
  ANSWER_VERDICTS,
  CONFIDENCE_HIGH,
  CONFIDENCE_LABEL_JA,
  CONFIDENCE_MEDIUM,
  confidenceLabel,
  verdictOf,
  type AnswerVerdict,
  type VerdictDecision,
} from './verdict.js';
export {
  answerBasisSchema,
  answerJsonSchema,
  answerQuoteSchema,
  answerSchema,
  closestQuoteSchema,
  proseSentenceSchema,
  unconfirmedQuoteSchema,
  type Answer,
  type AnswerQuote,
  type ClosestQuote,
  type ProseSentence,
  type UnconfirmedQuote,
} from './answer-schema.js';
export { MAX_PROSE_SENTENCES, MAX_PROSE_SENTENCE_CHARS, PROSE_MAX_TOKENS, writeCheckedProse, type AnswerWriter, type NumberedQuote } from './prose.js';
export { mdLink, mdQuote, mdText, mdUrl } from './markdown.js';
export { GENERIC_HEADS, subjectHead } from './subject-head.js';
