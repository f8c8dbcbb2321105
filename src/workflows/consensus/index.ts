// workflows/consensus: the multi-agent consensus research workflow of seed 004 — parallel agents
// with strategies, report scoring with conflicts from the stance model, consensus selection,
// iterations and the final report. Adapters (search, documents, trust, models) are injected.
export { ConsensusResearchEngine } from './consensus-engine.js';
export type { AgentInit, ConsensusEngineDependencies, ResearchOptions } from './consensus-engine.js';
export { MAX_FOLLOW_UP_QUERIES, MAX_SEARCH_LIMIT, ResearchAgent } from './research-agent.js';
export type { ConsensusAgent, ResearchAgentOptions } from './research-agent.js';
export { ReportScorer } from './report-scorer.js';
export type { ReportScorerOptions, ScoreCallOptions } from './report-scorer.js';
export { ConsensusSelector, TIE_MARGIN } from './consensus-selector.js';
export { CONSENSUS_ANSWER_QUOTES, consensusAnswer, consensusAnswerLines } from './answer.js';
export { FINDING_MIN_RELEVANCE } from './agent-report.js';
export { topicRelevance } from './report-scorer.js';
export {
  DEFAULT_CONFIG,
  DEFAULT_STRATEGIES,
  MAX_AGENTS,
  MAX_ITERATIONS,
  MAX_ITERATION_RETRIES,
  MAX_RESULTS_PER_AGENT,
  MAX_TOPIC_CHARS,
  languageOf,
  modifiersFor,
  resolveConfig,
  strategyFor,
} from './config.js';
export { ConsensusEventEmitter } from './events.js';
export type {
  ConsensusEventListenerOf,
  ConsensusResearchEvent,
  ConsensusResearchEventListener,
  ConsensusResearchEventOf,
  ConsensusResearchEventType,
} from './events.js';
export type { AgentDependencies, AgentProvider, EvidenceEngine, ScorerDependencies, SourceDocument } from './adapters.js';
export type {
  AgentFailure,
  AgentReport,
  AgentSourceType,
  AgentStrategy,
  AgentTimeRange,
  ConflictDetail,
  ConflictStatement,
  ConflictType,
  ConsensusAnswer,
  ConsensusResearchConfig,
  ConsensusResearchResult,
  ConsensusSelection,
  IterationContext,
  IterationResult,
  ReportClaim,
  ReportEntity,
  ReportLanguage,
  ReportScore,
  SourceReference,
} from './types.js';
export {
  CONFLICT_PENALTY,
  CONTENT_LENGTH_FALL,
  CONTENT_LENGTH_PLATEAU,
  CONTENT_LENGTH_RISE,
  COVERAGE_WEIGHTS,
  ENTITY_MATCHES_PER_QUARTER,
  ENTITY_PATTERN_CAP,
  ENTITY_PATTERNS,
  FULL_SECTION_COUNT,
  FULL_SOURCE_COUNT,
  MAX_SEVERITY,
  RELEVANCE_FLOOR,
  REPORT_RELEVANCE_MIN_STATEMENTS,
  REPORT_RELEVANCE_TOP,
  SCORE_WEIGHTS,
  UNSCORED_SOURCE_RELIABILITY,
  UNVERIFIED_PATTERNS,
  consistencyScore,
  countUnverifiedStatements,
  coverageMetrics,
  coverageScore,
  estimateEntityDiversity,
  normalizeContentLength,
  reliabilityScore,
  reportRelevance,
  sectionMetric,
  totalScore,
} from './scoring-formulas.js';
export type { CoverageMetrics } from './scoring-formulas.js';
export {
  BASE_SEVERITY,
  LOW_RELIABILITY,
  conflictSeverity,
  conflictType,
  detectConflicts,
  reportStatements,
} from './conflicts.js';
export type { DetectConflictsOptions } from './conflicts.js';
export {
  DEEPEN_BELOW,
  MAX_QUESTION_CHARS,
  MAX_UNRESOLVED_QUESTIONS,
  buildNextContext,
  improvementPercent,
  initialContext,
  shouldTerminateEarly,
  unresolvedQuestionsOf,
} from './iteration.js';
export { MAX_FINAL_FINDINGS, MAX_LISTED_SOURCES, demoteHeadings, generateFinalReport, keyFindingLines, selectedScore } from './final-report.js';
export type { FinalReportInput } from './final-report.js';
export {
  CORROBORATION_TRUST,
  MAX_CLAIMS_PER_DOCUMENT,
  MAX_DETAIL_SOURCES,
  MAX_KEY_FINDINGS,
  MAX_QUOTES_PER_SOURCE,
  MAX_REPORT_ENTITIES,
  buildAgentReport,
} from './agent-report.js';
export type { BuildReportOptions, BuiltReport, ReadSource } from './agent-report.js';
export { MAX_ENTITY_SCAN_CHARS, extractEntities } from './entities.js';
export { TIME_RANGE_DAYS, agentSourceType, selectHits, sourceKey as consensusSourceKey, withinTimeRange } from './source-selection.js';
export type { RankedHit } from './source-selection.js';
export { agentTimeoutError, runWithTimeout } from './agent-runner.js';
export type { RunWithTimeoutOptions } from './agent-runner.js';
export { messagesFor } from './messages.js';
export type { ReportMessages } from './messages.js';
