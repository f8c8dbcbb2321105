// The eleven tools (seed 000 決定1: the tool count stays at 11; domain trust changes live in
// domains.yaml user_overrides, not in a tool).
import type { ToolDefinition } from '../tool-types.js';
import { getAuthQueueTool, resolveAuthTool } from './auth-tools.js';
import { calibrationMetricsTool, calibrationRollbackTool } from './calibration-tools.js';
import { feedbackTool } from './feedback-tool.js';
import { getMaterialsTool } from './materials-tool.js';
import { queueSearchesTool, searchTool } from './search-tools.js';
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
];

export { withClaimFeedback, DEFAULT_MATERIALS_PAGE, MAX_MATERIALS_PAGE } from './materials-tool.js';
