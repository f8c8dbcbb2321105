// app/: the composition root. Wires configuration, policy and adapters for the interfaces above it.
export * from './config/index.js';
export { RESTORE_VIA, blockedView, explainDomain, listBlockedDomains, listDomainRules } from './domains/domains.js';
export type { BlockedDomainView, DomainExplanation, DomainRuleView } from './domains/domains.js';
export { openExistingStore, openOrCreateStore, storeLabel, type StoreLocation } from './open-store.js';
export { ensureOutputDir, ensureOutputFile } from './output-path.js';
export {
  buildClaimScreen,
  buildEmbeddingModel,
  buildStanceModel,
  japaneseJudgeOf,
  secondReadingOf,
  listLocalModels,
  modelsDirOf,
  pullModel,
  stanceBackendOf,
} from './models.js';
export type { PullModelOptions } from './models.js';
export { DEFAULT_MAX_LINE_CHARS, DEFAULT_STANCE_BATCH, runStanceJsonl, stanceInputLineSchema } from './stance-jsonl.js';
export type { RunStanceJsonlOptions, StanceLineError, StanceOutputLine } from './stance-jsonl.js';
export { MAX_CLAIMS_FILE_BYTES, documentClaims } from './tasks/claims.js';
export type { DocumentClaims, DocumentClaimsOptions } from './tasks/claims.js';
export { addToCorpus, removeCorpusNamed, searchCorpus } from './corpus/corpus.js';
export { createWebProvider, searchWithProvider, type ProviderName } from './search.js';
export { WEB_SEARCH_DEFAULTS, chromiumPathOf, webSearchPlan, type WebProviderName, type WebSearchPlan } from './web-search.js';
export { createFetcher, fetcherSettings, lyraVersion, type CreateFetcherOptions } from './fetcher.js';
export { fetchUrl, withScholarlySources, type FetchUrlOptions } from './one-shot.js';
export { createRuntime, withRuntime, type Runtime, type RuntimeOptions, type RuntimeOverrides } from './runtime.js';
export {
  SCHOLARLY_SOURCE_ALIASES,
  SCHOLARLY_SOURCE_NAMES,
  createScholarlySources,
  getCitations,
  getPaper,
  searchPapers,
  selectScholarlySources,
} from './scholarly.js';
export type { ScholarlyCallOptions, ScholarlySetup, ScholarlySourceName } from './scholarly.js';
export { extractSource, isUrlSource, textExtractorOptions, type ExtractSourceOptions } from './tasks/extract-source.js';
export { MAX_EXTRACT_FILE_BYTES } from './tasks/extract-limits.js';
export { BUILTIN_CORPORA_DIR, builtinDocumentLink, ensureBuiltinCorpus, listBuiltinCorpora, type BuiltinCorpus } from './corpus/builtin-corpora.js';
export { CHECKPOINT_SUFFIX, COLLECT_PROVIDER_NAMES, checkpointPathFor, createFileCheckpointStore, readOutlineFile, runCollect } from './collect/collect.js';
export type { RunCollectInput, RunCollectOverrides, RunCollectResult } from './collect/collect.js';
export { verifyOnce, type VerifyOnceOptions, type VerifyOnceResult } from './research/verify.js';
export { createEngine, graphLimitsOf, pipelineLimitsOf, withEngine } from './engine.js';
export { enqueueQueryJobs, openJobQueue, type OpenJobQueueOptions } from './workers/jobs.js';
export { runQueryJob, runWorker, type RunWorkerOptions, type WorkerSummary } from './workers/worker.js';
export { DATABASE_URL_ENV, WORKER_DEFAULTS, hasTeamDatabase, workerSettings, type WorkerSettings } from './workers/worker-settings.js';
export type { AppEngine, EngineOverrides } from './engine.js';
export { createTrustResolver } from './trust-resolver.js';
export { MAX_TRANSLATE_CHARS, configuredTranslator, createLlmTranslator } from './translator.js';
export { CONSENSUS_PROVIDERS, consensusAgentProviders, resolveConsensusProviders, runConsensus } from './consensus/consensus.js';
export type { ConsensusProviderName, ConsensusRunOptions, ConsensusRunResult } from './consensus/consensus.js';
export {
  CONSENSUS_REPORT_FILE,
  CONSENSUS_TRANSPARENCY_FILE,
  CONSENSUS_TRANSPARENCY_FORMAT,
  consensusTransparency,
  defaultConsensusOutDir,
  writeConsensusOutputs,
} from './consensus/consensus-output.js';
export { applyFeedback, rejectedClaims } from './feedback/feedback.js';
export type { FeedbackInput, FeedbackOutcome, RecomputeSummary } from './feedback/feedback.js';
export {
  calibratedStanceModel,
  calibrateJudgements,
  calibrationMetrics,
  fitStanceCalibration,
  rawConfidence,
  rollbackStanceCalibration,
} from './feedback/calibration.js';
export type { BackendCalibrationMetrics } from './feedback/calibration.js';
export { authItemView, listAuthQueue, resolveAuth, type AuthQueueItemView, type ResolvedAuthItem } from './tasks/auth-queue.js';
export { createTaskRecompute } from './tasks/task-recompute.js';
export { createServeRuntime, httpSettings, type HttpSettings, type ServeRuntime } from './ui/serve.js';
export { MCP_DEFAULTS, MCP_TOKEN_ENV, mcpSettingsOf, type McpSettings } from './ui/mcp-settings.js';
export {
  DEFAULT_RESEARCH_OUT,
  RESEARCH_RUN_FILE,
  RESEARCH_STATE_KEY,
  isResearchTask,
  newRunDir,
  researchTaskOf,
  resumeResearch,
  runResearch,
  type RunResearchInput,
  type RunResearchOverrides,
} from './research/research.js';
export {
  MAX_WAITING_AUTH_ITEMS,
  WAIT_POLL_MS,
  milestonesBetween,
  waitForTask,
  waitUntilIdle,
  waitingFor,
  type TaskMilestone,
  type TaskWaitOutcome,
  type WaitingItem,
} from './tasks/task-wait.js';
export { DEFAULT_HIT_CHARS, createEvidenceQueries, type EvidenceQueriesOptions } from './tasks/evidence-queries.js';
export {
  queueReferenceCandidates,
  queueTargets,
  type QueueTargetsOutcome,
  type ReferenceCandidate,
  type ReferenceCandidatesOutcome,
  type SkippedTarget,
} from './workers/queue-targets.js';
export { MAX_OVERRIDE_REASON_CHARS, setDomainOverride, type DomainOverrideInput, type DomainOverrideOutcome } from './domains/domain-overrides.js';
export {
  MAX_LISTED_RUNS,
  MAX_RUN_FILE_BYTES,
  htmlAnswerOf,
  listConsensusRuns,
  readRunReport,
  researchRunOf,
  type ConsensusRunInfo,
  type ResearchRunInfo,
} from './research/research-runs.js';
export { filterClaims, listTaskSummaries, loadTaskPage, type ClaimFacts, type ClaimFilter, type TaskPage, type TaskSummary } from './tasks/task-views.js';
export { taskGraphView, type GraphClaimNode, type GraphSourceNode, type TaskGraphView } from './tasks/task-graph-view.js';
export { UI_VIA, createUiActions, uiLimitsOf, uiSettings, type UiActions, type UiSettings } from './ui/ui.js';
export { UI_DEFAULT_PORT, UI_TOKEN_ENV } from './ui/ui-defaults.js';
export { openInBrowser } from './ui/open-browser.js';
export { configDefaults, type DefaultValue } from './config/config-defaults.js';
export { CONFIG_VALUE_SOURCES, configShowSchema, configValueSchema, configView, isSecretKey } from './config/config-view.js';
export type { ConfigShow, ConfigValue, ConfigValueSource, ConfigViewOptions } from './config/config-view.js';
export { CONFIG_TEMPLATE, writeConfigTemplate, type WriteConfigTemplateOptions } from './config/config-template.js';
export {
  DEFAULT_PROBE_TIMEOUT_MS,
  PROBE_STATUSES,
  PROBE_TIMEOUT_RANGE,
  SOURCE_KINDS,
  doctorReportSchema,
  probeSchema,
  probeTargets,
  problemSchema,
  runDoctor,
  runProbe,
  sourceCheckSchema,
  stanceJudgeSchema,
} from './doctor/index.js';
export type { DoctorReport, Probe, ProbeStatus, ProbeTarget, Problem, RunDoctorOptions, SourceCheck } from './doctor/index.js';
export { UI_DEFAULTS, type UiLimits } from './ui/ui-defaults.js';
