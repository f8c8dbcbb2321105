// The package's public surface: `import { createEngine, ConsensusResearchEngine } from 'lyra'`.
// Everything a library user may rely on is listed here by name, values apart from types;
// src/index.test.ts guards the list, so a change to it is always deliberate.

// Engine: tasks, the seven-phase search, status, materials, verification (docs/PIPELINE.md).
export { createEngine, createRuntime, withEngine, withRuntime } from './app/index.js';
export type { AppEngine, EngineOverrides, Runtime, RuntimeOptions, RuntimeOverrides } from './app/index.js';
export type {
  BlockedDomainInfo,
  BudgetInput,
  BudgetView,
  ClaimMaterial,
  ClaimSummary,
  CitationView,
  ContestedPair,
  CounterevidenceEntry,
  CreateTaskInput,
  Engine,
  EngineEvent,
  EngineWarning,
  EvidenceView,
  IngestUrlOutcome,
  Materials,
  MaterialsOptions,
  PipelinePhase,
  QueuedItem,
  SearchOptions,
  SearchOutcome,
  SearchStateView,
  SearchTarget,
  SourceReachability,
  SourceText,
  SourceView,
  TaskStatusView,
  UnreadSource,
  VerifyOutcome,
} from './core/index.js';

// Configuration.
export { loadConfig } from './app/index.js';
export type { LyraConfig, LyraConfigFile } from './app/index.js';

// Workflows: consensus research (seed 004), primary-source collection (seed 003).
export {
  ConsensusResearchEngine,
  ConsensusSelector,
  DEFAULT_CONFIG,
  DEFAULT_STRATEGIES,
  ReportScorer,
  ResearchAgent,
  collectPrimarySources,
} from './workflows/index.js';
export type {
  AgentReport,
  AgentStrategy,
  ConflictDetail,
  ConsensusResearchConfig,
  ConsensusResearchEvent,
  ConsensusResearchResult,
  IterationContext,
  IterationResult,
  ReportScore,
  SourceReference,
} from './workflows/index.js';
export { runCollect, runConsensus } from './app/index.js';

// The research workflow (seed 001): `runResearch` composes an engine, runs WIDE → INTEGRATE and writes
// the run folder; `runResearchWorkflow` runs it over an engine you built.
export { RESEARCH_ARTIFACT_SCHEMAS, resumeResearchWorkflow, runResearchWorkflow } from './workflows/index.js';
export type { QueryTranslator, ResearchDeps, ResearchEngine, ResearchEvent, ResearchInput, ResearchOutput, ResearchResult } from './workflows/index.js';
export { resumeResearch, runResearch } from './app/index.js';
export type { RunResearchInput, RunResearchOverrides } from './app/index.js';

// Models and the store, for building engines with your own adapters.
export { createEmbeddingModel, createStanceModel } from './models/index.js';
export { openStore } from './store/index.js';

// Errors: the category says how to react (retryable, non_retryable, invalid_input, blocked).
export {
  BlockedError,
  ERROR_CATEGORIES,
  InvalidInputError,
  LyraError,
  NonRetryableError,
  RetryableError,
  isLyraError,
  isRetryable,
} from './core/index.js';
export type { ErrorCategory } from './core/index.js';

// Domain model and adapter interfaces.
export { CLAIM_STATUSES, SOURCE_TYPES, STANCES, TRUST_LEVELS, claimId, normalizeUrl, registrableDomain } from './core/index.js';
export type {
  Claim,
  ClaimStatus,
  EmbeddingModel,
  Fetcher,
  Fragment,
  Page,
  ScholarlySource,
  SearchProvider,
  Stance,
  StanceModel,
  Store,
  Task,
  TextExtractor,
  TrustLevel,
} from './core/index.js';

// The seeds' rules (pure functions).
export {
  TRUST_SCORES,
  classifyContradiction,
  claimConfidence,
  determineClaimStatus,
  handleContradiction,
  shouldStop,
  verifySource,
} from './policy/index.js';
