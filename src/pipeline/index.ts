// pipeline/: one query through the seven phases of seed 000's improved flow, tasks, checkpoints,
// metrics, stop and resume, behind the Engine of core/interfaces/engine.ts.
export { createPipelineEngine, STOP_POLL_MS, type PipelineEngine, type RecordOptions, type RunRecordedOutcome } from './engine/engine.js';
export type { GraphDeps, GraphPhaseResult, GraphRecomputeResult, ModelDeps, PipelineDeps, ScholarlyDeps, TrustResolver } from './deps.js';
export {
  BUDGET_SPECS,
  PIPELINE_DEFAULTS,
  PIPELINE_LIMIT_SPECS,
  budgetInputSchema,
  configFieldsOf,
  fromConfigKeys,
  resolveLimits,
  snakeCase,
  type LimitSpec,
  type PipelineLimitKey,
  type PipelineLimits,
} from './limits.js';
export { SETTLED_FETCH_STATUSES } from './query-context.js';
export { queriesUpTo } from './task-queue.js';
export { graphStepStored } from './phases/graph.js';
export { MAX_EXPANSIONS, REFUTE_SUFFIXES, expandQuery } from './query-expansion.js';
export type { ExpandOptions, ExpandedQuery, ExpansionResult, Translator } from './query-expansion.js';
export { CITATION_TOP_K, CITATION_WEIGHTS, NLI_BATCH, citationScore, cosine, scoreCitations, topCitations } from './citation-scoring.js';
export type { CitationCandidate, ScoredCitation } from './citation-scoring.js';
export { abstractFragments, documentFragments, fragmentIdFor, pageIdFor, pageUrl, textFragments } from './page-records.js';
export { SATISFACTION_SCORE, type QuerySummary } from './query-runner.js';
export { keys as checkpointKeys, type PageOutcome, type QueryInput, type QueryKind, type TaskUsage } from './task-state.js';
export { EMBED_BATCH, searchFragments, type FragmentSearchInput } from './fragment-search.js';
export { lastStoredPhase, taskProgress, type RunningQueryProgress, type TaskProgress } from './task-progress.js';
export { budgetView, claimOrigins, claimSummaries, isPrimaryLevel, pageSourceView } from './views.js';
// Phase 7 and the materials (pipeline/graph, pipeline/materials).
export {
  DEFAULT_GRAPH_LIMITS,
  MAX_STATEMENT_CHARS,
  VERIFY_KEY_PREFIX,
  recomputeTaskGraph,
  resolveGraphLimits,
  runGraphPhase,
  verifyStatement,
  type GraphLimits,
  type RecomputeResult,
} from './graph/index.js';
export * from './materials/index.js';
export { askedStatementTest, isAskedStatement, splitAskedClaims, type AskedSplit } from './asked-claims.js';
