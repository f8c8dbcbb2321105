// core/schemas: the views' and their entities' shapes as zod schemas; the types are inferred from them.
export { budgetSchema, identifiersSchema, storedErrorSchema, taskSchema } from './entities.js';
export {
  blockedDomainInfoSchema,
  budgetViewSchema,
  claimSummarySchema,
  engineWarningSchema,
  searchOutcomeSchema,
  searchStateViewSchema,
  sourceViewSchema,
  taskStatusViewSchema,
  unreadSourceSchema,
} from './engine-views.js';
export {
  DECISION_RELEVANCES,
  citesEdgeSchema,
  claimSchema,
  claimSlotsSchema,
  contradictsEdgeSchema,
  edgeJudgeSchema,
  edgeSchema,
  locatorSchema,
  pageSchema,
  stanceEdgeSchema,
  statusAxesSchema,
} from './graph-entities.js';
export { citationViewSchema, claimMaterialSchema, evidenceViewSchema, materialsSchema } from './evidence-report.js';
export { tableResultSchema, vectorHitSchema, vectorSearchResultSchema, viewInfoSchema } from './evidence-queries.js';
export {
  claimBriefSchema,
  claimFeedbackViewSchema,
  contestedPairSchema,
  counterevidenceEntrySchema,
  evidenceBriefSchema,
  fragmentTextSchema,
  materialsPageSchema,
} from './materials-page.js';
export { AUTH_ACTIONS, authQueueItemSchema, queuedItemSchema, resolvedAuthItemSchema } from './auth-queue.js';
export {
  CALIBRATION_METHODS,
  FEEDBACK_KINDS,
  backendCalibrationMetricsSchema,
  calibrationRollbackSchema,
  calibrationVersionSchema,
  feedbackEdgeChangeSchema,
  feedbackOutcomeSchema,
  feedbackRecordSchema,
  recomputeSummarySchema,
} from './feedback.js';
