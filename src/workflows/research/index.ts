// workflows/research/: `lyra research` — seed 001's claim-centric workflow over the Engine: WIDE
// (seven perspectives), NORMALIZE (claims, gaps, sub-questions), DEEP (gap rounds until the
// termination table fires), VERIFY (refutation searches for major claims, statuses with relaxation)
// and INTEGRATE (report, search log, JSON artifacts).
export {
  RESEARCH_ARTIFACT_NAMES,
  RESEARCH_ARTIFACT_SCHEMAS,
  artifactFileName,
  counterevidenceEntrySchema,
  evidenceSchema,
  gapSchema,
  normalizedClaimSchema,
  rawClaimSchema,
  researchArtifactJsonSchema,
  subQuestionSchema,
  verifiedClaimSchema,
  type ArtifactMeta,
  type CounterevidenceItem,
  type EvidenceItemArtifact,
  type GapItem,
  type NormalizedClaimItem,
  type RawClaimItem,
  type ResearchArtifactName,
  type ResearchArtifacts,
  type SubQuestionItem,
  type VerifiedClaimItem,
} from './artifacts.js';
export {
  ANSWER_PAGE_RESERVE,
  ANSWER_QUERY_RESERVE,
  DEEP_PAGES_PER_SEARCH,
  DEEP_PAGE_SHARE_END,
  DEEP_QUERY_SHARE_END,
  DEFAULT_RESEARCH_BUDGET,
  ENGINE_SECONDS_FACTOR,
  HARD_DEADLINE_GRACE_MS,
  MAX_BUDGET,
  PHASE_TIME_END,
  VERIFY_PAGES_PER_SEARCH,
  WIDE_PAGE_SHARE,
  budgetLine,
  engineTaskBudget,
  formatBudget,
  parseBudgetSpec,
  runBudgetLeft,
  widePagesPerQuery,
} from './budget.js';
export { MAX_QUERIES_PER_ROUND, TOP_K } from './deep.js';
export { CLAIM_MIN_SOURCES, MAX_CLAIM_GAPS, MAX_QUERIES_PER_GAP, PERSPECTIVE_MIN_CLAIMS, analyzeGaps, claimQueries, gapCoverage } from './gaps.js';
export { RESEARCH_LANGUAGES, STRINGS, questionLanguage, type ResearchLanguage } from './language.js';
export {
  DEFAULT_MAX_MAJOR_CLAIMS,
  MAJOR_REASONS,
  RANKING_RE,
  majorReasons,
  negateStatement,
  refutationSearches,
  selectMajorClaims,
  type MajorReason,
} from './major-claims.js';
export { MIN_RELEVANCE } from './normalize.js';
export { RELEVANCE_TERMS_CAP, relevanceTo } from './snapshot.js';
export { createRelevanceParts } from './relevance.js';
export {
  DEFAULT_TEMPLATES_PER_PERSPECTIVE,
  LEGACY_QUESTION_KIND,
  MAX_TEMPLATES_PER_PERSPECTIVE,
  PERSPECTIVE_KEYS,
  PERSPECTIVE_LABELS,
  PERSPECTIVE_TEMPLATES,
  perspectiveLabel,
  questionTopic,
  wideQueries,
  type PerspectiveKey,
  type PerspectiveQuery,
} from './perspectives.js';
export { pickQuote, type Quote } from './quotes.js';
export { MAX_QUERY_KEYWORDS_JA, MAX_QUERY_WORDS, clipQuery, japaneseKeywords, searchQueryText } from './query-text.js';
export { REPORT_CLAIMS_PER_STATUS, REPORT_EVIDENCE_PER_SIDE, reportFileName } from './report.js';
export { REPORT_HTML_MAX_CLAIMS, reportHtmlDocument, reportHtmlFileName } from './report-html.js';
export { QUOTE_EXCERPT_CHARS, QUOTE_MAX_CHARS, excerpt } from './report-parts.js';
export { rationaleInWords } from '../../report/index.js';
export { ANSWER_ENTRY_KEY, ANSWER_EVIDENCE_MIN_SUBJECT, ANSWER_QUOTES_PER_SIDE, OPEN_QUESTION_CLAIMS } from './answer.js';
export { RESEARCH_CONTRACT_SCHEMAS, researchContractJsonSchema, researchRunSchema, type ResearchRunFile } from './research-run.js';
export {
  CORE_QUERY_MIN_PAGES,
  MAX_RESEARCH_QUESTION_CHARS,
  loadResearchState,
  resumeResearchWorkflow,
  runResearchWorkflow,
} from './run-research.js';
export {
  BIAS_FLAGS,
  BIAS_PENALTIES,
  FRESHNESS_FLOOR,
  FRESHNESS_HALF_LIFE_YEARS,
  UNDATED_FRESHNESS,
  scoreEvidence,
  type BiasFlag,
  type EvidenceScore,
} from './scoring.js';
export { SEARCH_LOG_FILE, SEND_BACK_PHASE } from './search-log.js';
export { DEFAULT_MAX_SEND_BACK_SEARCHES, SEND_BACK_STATUSES } from './send-back.js';
export { REFUTE_QUERY_COST, ResearchInterrupted } from './searches.js';
export {
  RESEARCH_PHASES,
  RESEARCH_STATE_VERSION,
  researchStateSchema,
  sendBackSchema,
  type ResearchBudget,
  type SendBackRecord,
  type ResearchPhase,
  type ResearchState,
  type ResearchStateStore,
  type ResearchWarning,
  type SearchEntry,
} from './state.js';
export { finalStatus, riskLevel } from './status.js';
export type { QueryTranslator, ResearchDeps, ResearchEngine, ResearchEvent, ResearchInput, ResearchOutput, ResearchResult } from './types.js';
