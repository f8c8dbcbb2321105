export type { SearchHit, SearchProvider, SearchRequest } from './search-provider.js';
export type {
  CitationLink,
  Paper,
  ScholarlyRequestOptions,
  ScholarlySearchOptions,
  ScholarlySource,
} from './scholarly-source.js';
export type { FetchRequest, FetchResponse, Fetcher } from './fetcher.js';
export type {
  ExtractRequest,
  ExtractedDocument,
  ExtractedFormat,
  ExtractedFragment,
  ExtractedSection,
  FoundIdentifier,
  FragmentLocator,
  IdentifierSource,
  IdentifierType,
  TextExtractor,
} from './text-extractor.js';
export type {
  ClaimScreen,
  EmbeddingModel,
  QuestionRelevance,
  RelevanceModel,
  StanceJudgement,
  StanceModel,
  StancePair,
  Thesaurus,
  Translator,
} from './models.js';
export type { EventSink, LyraEvent, LyraEventLevel } from './event-sink.js';
export { NULL_EVENT_SINK } from './event-sink.js';
export type {
  CalibrationSample,
  CalibrationVersion,
  CorpusDocument,
  CorpusHit,
  CorpusInfo,
  DomainContribution,
  FeedbackEdgeChange,
  FeedbackKind,
  FeedbackRecord,
  Store,
  TaskRowCounts,
} from './store.js';
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
  StanceJudge,
  EngineEvent,
  EngineWarning,
  EvidenceView,
  IngestUrlOutcome,
  Materials,
  MaterialsOptions,
  PipelinePhase,
  QueueOptions,
  QueuedItem,
  SearchOptions,
  SearchOutcome,
  SearchStateView,
  SearchTarget,
  SourceReachability,
  SourceText,
  SourceView,
  TaskCounts,
  TaskStatusView,
  UnreadSource,
  VerifyOutcome,
} from './engine.js';
export { MAX_CLOSEST_CLAIMS, MAX_CLOSEST_LIMIT, MAX_CLOSEST_PASSAGES } from './engine.js';
export { CLAIM_FIELDS, DEFAULT_CLAIM_FIELDS } from './materials-page.js';
export type {
  ClaimBrief,
  ClaimFeedbackView,
  ClaimField,
  EvidenceBrief,
  FragmentText,
  MaterialsPage,
  MaterialsPageOptions,
} from './materials-page.js';
export type { EvidenceQueries, TableResult, VectorHit, VectorSearchResult, ViewInfo } from './evidence-queries.js';
export type { HostReservation, SharedHostSchedule } from './host-schedule.js';
export type {
  GraphJob,
  GraphJobRunner,
  JobQueue,
  JobQueueWorkOptions,
  JobResult,
  PageJob,
  PageJobFailure,
  PageJobRunner,
  QueryJob,
  TakenJob,
} from './job-queue.js';
