// Output schemas of the engine's views as tools return them: derived from the views' own schemas in
// core (core/schemas) by wireObject — every key snake_case (naming.ts converts the engine's camelCase
// mechanically), every object loose (the engine may add fields; its contract is add-only).
import { z } from 'zod';
import {
  AUTH_STATUSES,
  QUERY_STATUSES,
  TASK_STATUSES,
  blockedDomainInfoSchema as coreBlockedDomain,
  budgetViewSchema as coreBudgetView,
  claimSummarySchema as coreClaimSummary,
  engineWarningSchema as coreWarning,
  identifiersSchema as coreIdentifiers,
  searchOutcomeSchema as coreSearchOutcome,
  searchStateViewSchema as coreSearchState,
  sourceViewSchema as coreSourceView,
  tableResultSchema as coreTableResult,
  taskSchema as coreTask,
  taskStatusViewSchema as coreTaskStatus,
  vectorSearchResultSchema as coreVectorSearchResult,
  viewInfoSchema as coreViewInfo,
  backendCalibrationMetricsSchema as coreBackendCalibration,
  calibrationRollbackSchema as coreCalibrationRollback,
  calibrationVersionSchema as coreCalibrationVersion,
  feedbackOutcomeSchema as coreFeedbackOutcome,
  authQueueItemSchema as coreAuthQueueItem,
  queuedItemSchema as coreQueuedItem,
  resolvedAuthItemSchema as coreResolvedAuthItem,
} from '../../core/index.js';
import { wireObject } from './wire.js';

const num = z.number();

export const warningSchema = wireObject(coreWarning);
export const budgetViewSchema = wireObject(coreBudgetView);
/** A task; `config_snapshot` only when the call asked for it (include_config). */
export const taskSchema = wireObject(coreTask).partial({ config_snapshot: true });
export const identifiersSchema = wireObject(coreIdentifiers);
export const sourceViewSchema = wireObject(coreSourceView);
export const claimSummarySchema = wireObject(coreClaimSummary);
/** The search outcome as the search tool returns it: the unread pages stay out (get_status lists failed URLs). */
export const searchOutcomeSchema = wireObject(coreSearchOutcome).omit({ unread: true });
export const searchStateSchema = wireObject(coreSearchState);
export const blockedDomainSchema = wireObject(coreBlockedDomain);
/** The evidence queries' answers (list_views, query_view, query_sql, vector_search). */
export const tableResultSchema = wireObject(coreTableResult);
export const viewInfoSchema = wireObject(coreViewInfo);
export const vectorSearchResultSchema = wireObject(coreVectorSearchResult);
/** The feedback and calibration use cases' answers (feedback, calibration_metrics, calibration_rollback). */
export const feedbackOutcomeSchema = wireObject(coreFeedbackOutcome);
export const backendCalibrationSchema = wireObject(coreBackendCalibration);
export const calibrationRollbackSchema = wireObject(coreCalibrationRollback);
/** A version as calibration_metrics' action fit reports it (its created_at is in the versions listed). */
export const fittedCalibrationSchema = wireObject(coreCalibrationVersion.omit({ createdAt: true }));
/** The auth queue (get_auth_queue, resolve_auth) and a target recorded as a query (queue_searches, add_targets). */
export const authQueueItemSchema = wireObject(coreAuthQueueItem);
export const resolvedAuthItemSchema = wireObject(coreResolvedAuthItem);
export const queuedItemSchema = wireObject(coreQueuedItem);
/** The status view, its task as the tools return it (config_snapshot on request). */
export const taskStatusSchema = wireObject(coreTaskStatus).extend({ task: taskSchema });

/** get_status extras: what the task still waits on, and what happened while the call waited. */
export const waitingItemSchema = z.looseObject({
  kind: z.enum(['search', 'auth']),
  id: z.string(),
  text: z.string(),
  /** A search's status (pending, running) or an auth item's (pending). */
  status: z.enum([...new Set([...QUERY_STATUSES, ...AUTH_STATUSES])] as [string, ...string[]]),
});
export const milestoneSchema = z.looseObject({
  kind: z.enum(['search_done', 'search_failed', 'search_cancelled', 'task_status', 'domain_blocked', 'auth_required']),
  query_id: z.string().optional(),
  text: z.string().optional(),
  /** A search's final status (search_*) or the task's new one (task_status). */
  status: z.enum([...new Set([...QUERY_STATUSES, ...TASK_STATUSES])] as [string, ...string[]]).optional(),
  domain: z.string().optional(),
  count: num.optional(),
});
