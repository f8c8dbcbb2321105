export {
  MAX_CLAIM_CHARS,
  MAX_CLAIM_CHARS_JA,
  MAX_CLAIM_WORDS,
  MIN_CLAIM_CHARS_JA,
  MIN_CLAIM_WORDS,
  assessSentence,
  isJapaneseLabelLine,
  statesSomething,
  isTitleText,
} from './checkability.js';
export type { Checkability, ClaimFeature } from './checkability.js';
export { MAX_CLAIMS_PER_TEXT, extractClaimCandidates, extractNormalizedClaims, isClaimWorthChecking } from './extract-claims.js';
export { MAX_ANTECEDENT_WORDS, findOpeningReference, resolveOpeningReference } from './references.js';
export type { OpeningReference, ReferenceKind, Resolution } from './references.js';
export {
  GLOSSARY_MIN_TERMS,
  HEADLINE_CASE_SHARE,
  HEADLINE_MIN_WORDS,
  QUOTED_TITLE_MAX_WORDS,
  isHeadlineCase,
  opensWithProcedureLabel,
  screenSentence,
} from './screen.js';
export type { ScreenReason } from './screen.js';
export type { ClaimCandidate, ExtractClaimsOptions } from './extract-claims.js';
export {
  MERGE_EMBEDDING_THRESHOLD,
  MERGE_JACCARD_THRESHOLD,
  isSameClaim,
  mergeClaimGroups,
  mergeClaims,
  normalizeClaim,
  type ClaimGroup,
} from './normalize.js';
export type { ClaimSource, MergeOptions, NormalizedClaim, RawClaim } from './normalize.js';
export { claimsOpposed, type Opposition } from './opposed.js';
export { extractSlots } from './slots.js';
export { sectionLabelLength } from './section-label.js';
export { conditionsDisjoint, conditionsIn, statementConditions, type ConditionQuantity, type NumericCondition } from './conditions.js';
export { withdrawalCheck, withdrawsSubject } from './withdrawal.js';
export type { SlotResult } from './slots.js';
export { MAX_CLAIMS_PER_MERGE, createEmbeddingSimilarity, mergeClaimsWithEmbeddings } from './similarity.js';
export type { EmbeddingSimilarityOptions } from './similarity.js';
export { analyzeEnglish } from './english-nlp.js';
export type { AnalyzedSentence, Token as EnglishToken } from './english-nlp.js';
export { screenClaims } from './learned-screen.js';
export type { ScreenClaimsOptions, ScreenClaimsResult } from './learned-screen.js';
export { MAX_CLASS_WORDS, MAX_KIND_WORDS, MAX_KINDS_SENTENCE_CHARS, kindsIn, type KindOf } from './kinds.js';
export { MAX_NAMES_PER_SPAN, MAX_NAME_SPAN_WORDS, MIN_ONE_WORD_NAME_LETTERS, otherNames, renamings, type SpanNames } from './other-names.js';
