// The tools: the eleven of seed 002 (their names are a stable contract) and the original system's
// six extra ones (queue_targets, queue_reference_candidates, list_views, query_view, query_sql,
// vector_search). Domain trust changes live in domains.yaml user_overrides, not in a tool.
import type { ToolDefinition } from '../tool-types.js';
import { getAuthQueueTool, resolveAuthTool } from './auth-tools.js';
import { calibrationMetricsTool, calibrationRollbackTool } from './calibration-tools.js';
import { listViewsTool, querySqlTool, queryViewTool, vectorSearchTool } from './evidence-tools.js';
import { feedbackTool } from './feedback-tool.js';
import { getMaterialsTool } from './materials-tool.js';
import { queueSearchesTool, searchTool } from './search-tools.js';
import { queueReferenceCandidatesTool, queueTargetsTool } from './target-tools.js';
import { createTaskTool, getStatusTool, stopTaskTool } from './task-tools.js';

export const LYRA_TOOLS: readonly ToolDefinition[] = [
  createTaskTool,
  searchTool,
  queueSearchesTool,
  getStatusTool,
  stopTaskTool,
  getMaterialsTool,
  feedbackTool,
  calibrationMetricsTool,
  calibrationRollbackTool,
  getAuthQueueTool,
  resolveAuthTool,
  queueTargetsTool,
  queueReferenceCandidatesTool,
  listViewsTool,
  queryViewTool,
  querySqlTool,
  vectorSearchTool,
];

export { withClaimFeedback, MAX_MATERIALS_PAGE } from './materials-tool.js';
