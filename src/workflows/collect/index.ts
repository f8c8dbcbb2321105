// workflows/collect: primary-source collection (seed 003 Step5) — queries, engine searches with retries,
// verification through the engine, quality, de-duplication, checkpoints and the validated Step5Output.
export { collectPrimarySources } from './collect-primary-sources.js';
export type { CollectDeps } from './collect-primary-sources.js';
export type { CollectEngine, CollectProvider } from './adapters.js';
export {
  MAX_EXCERPT_CHARS,
  MAX_QUERY_ATTEMPTS,
  MAX_VERIFY_ATTEMPTS,
  MIN_SOURCES_REQUIRED,
  MIN_VERIFIED_SOURCES,
  QUERY_MODES,
  QUERY_RETRY_BACKOFF_MS,
  RAW_ANSWER_CHARS,
  VERIFY_RETRY_DELAY_MS,
  collectInputSchema,
  parseCollectInput,
} from './limits.js';
export type { CollectInput, CollectOptions, QueryGenerationMode } from './limits.js';
export {
  COLLECTION_STAT_KEYS,
  PUBLICATION_DATE_PATTERN,
  SOURCE_URL_PATTERN,
  errorRecordSchema,
  failedQuerySchema,
  invalidSourceSchema,
  primarySourceSchema,
  step5OutputJsonSchema,
  step5OutputSchema,
  warningSchema,
} from './schema.js';
export type { CollectWarning, CollectionStatKey, ErrorRecord, FailedQuery, InvalidSource, PrimarySource, Step5Output } from './schema.js';
export { MAX_OUTLINE_CHARS, MAX_OUTLINE_SECTIONS, cleanHeading, parseOutline } from './outline.js';
export { KIND_TEMPLATES, normalizeQueryText, templateQueries, uniqueQueries } from './query-templates.js';
export type { PlannedQuery } from './query-templates.js';
export { QUERY_SYSTEM_PROMPT, llmQueries, parseQueryAnswer, queryPrompt } from './query-llm.js';
export type { QueryLlm } from './query-llm.js';
export {
  CHECKPOINT_VERSION,
  collectCheckpointSchema,
  completedQuerySchema,
  createMemoryCheckpointStore,
  loadCheckpoint,
  runFingerprint,
} from './checkpoint.js';
export type { CheckpointStore, CollectCheckpoint, CompletedQuery } from './checkpoint.js';
export { SOURCE_GONE_STATUSES } from './verify.js';
export type { Verification, VerificationOutcome } from './verify.js';
export { RESEMBLANCE_MIN_EXCERPT_CHARS, deduplicate, normalizeTitle, sourceKey } from './dedupe.js';
export { RELEVANCE_MIN_SHARE } from './relevance.js';
export { MAX_AUTHORS_NAMED, authorOrganizationOf, candidateFromSource, candidateFromUnread, type Candidate } from './candidates.js';
export type { Sleep } from './run-query.js';
