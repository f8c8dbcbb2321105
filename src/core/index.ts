// core/: types, ids, errors and interfaces. Pure: no I/O.
export * from './enums.js';
export type * from './entities.js';
export * from './errors.js';
export { snakeKey } from './key-case.js';
export {
  ORIGIN_JUDGE,
  feedbackJudge,
  isFeedbackModel,
  isOriginModel,
  judgeFields,
  judgeOfModelName,
  modelJudge,
  modelNameOf,
} from './edge-judge.js';
export { spanOfSentence, spanWithin, type TextSpan } from './text-span.js';
export { ERROR_CODES, errorCodeInfo, type ErrorCode, type ErrorCodeCategory, type ErrorCodeInfo } from './error-codes.js';
export { POSTGRES_URL_MESSAGE, POSTGRES_URL_PATTERN, isPostgresUrl, redactDatabaseUrl } from './database-url.js';
export { TRACKING_PARAMS, corpusDocumentUrl, hostOf, isTrackingParam, normalizeUrl, parseCorpusUrl, unverifiedCorpora } from './url.js';
export { hostnameOf, registrableDomain } from './domain.js';
export { CLAIM_ID_HASH_CHARS, claimId, contentHash, newId, normalizeStatement } from './ids.js';
export { combineSignals, delay, throwIfAborted } from './async.js';
export { budgetViewOf } from './budget-view.js';
export { leaningSide } from './stance-lean.js';
export { setNewest } from './bounded-map.js';
export * from './interfaces/index.js';
export {
  blockedDomainInfoSchema,
  budgetSchema,
  budgetViewSchema,
  claimSummarySchema,
  engineWarningSchema,
  identifiersSchema,
  searchOutcomeSchema,
  searchStateViewSchema,
  sourceViewSchema,
  storedErrorSchema,
  taskSchema,
  taskStatusViewSchema,
  claimSchema,
  edgeSchema,
  locatorSchema,
  materialsPageSchema,
  materialsSchema,
  claimMaterialSchema,
  evidenceViewSchema,
  citationViewSchema,
  pageSchema,
  tableResultSchema,
  vectorSearchResultSchema,
  viewInfoSchema,
  backendCalibrationMetricsSchema,
  calibrationRollbackSchema,
  calibrationVersionSchema,
  feedbackOutcomeSchema,
  authQueueItemSchema,
  queuedItemSchema,
  resolvedAuthItemSchema,
  recomputeSummarySchema,
} from './schemas/index.js';
export { cosineSimilarity } from './vector.js';
export * from './format/index.js';
export {
  MCP_GUARD_LABELS,
  MIN_TOKEN_CHARS,
  checkBindOptions,
  checkRequest,
  hostHeaderName,
  isLoopbackHost,
  type GuardDecision,
  type GuardLabels,
  type GuardOptions,
} from './http-guard.js';
