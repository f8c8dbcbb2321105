// Resources for large outputs: a task's materials and its graph as JSON, one pair per task, plus
// completion of task ids in the resource templates.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isLyraError } from '../core/index.js';
import { GRAPH_TEMPLATE, MATERIALS_TEMPLATE, graphResourceUri, materialsResourceUri, parseTaskResourceUri } from './resource-uris.js';
import { toSnakeKeys } from './naming.js';
import type { McpServices } from './tool-types.js';
import { MAX_MATERIALS_PAGE, withClaimFeedback } from './tools/index.js';

/** Tasks listed as resources (newest first); older ones stay readable through the templates. */
export const MAX_LISTED_TASKS = 100;
/** Task ids one completion returns at most (the MCP limit is 100). */
export const MAX_COMPLETIONS = 100;
/** JSON-RPC error code for an unknown resource (MCP spec). */
export const RESOURCE_NOT_FOUND = -32002;

const JSON_MIME = 'application/json';

export function listTaskResources(services: McpServices): Array<{ uri: string; name: string; title: string; description: string; mimeType: string }> {
  const tasks = services.store.listTasks().slice(-MAX_LISTED_TASKS).reverse();
  return tasks.flatMap((t) => [
    {
      uri: materialsResourceUri(t.id),
      name: `${t.id}-materials`,
      title: `Materials of ${t.id}`,
      description: `Claims, evidence, contested pairs, citations and pages of the task "${t.question.slice(0, 200)}" (${t.status})`,
      mimeType: JSON_MIME,
    },
    {
      uri: graphResourceUri(t.id),
      name: `${t.id}-graph`,
      title: `Evidence graph of ${t.id}`,
      description: `Every page, claim and edge of the task "${t.question.slice(0, 200)}"`,
      mimeType: JSON_MIME,
    },
  ]);
}

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: MATERIALS_TEMPLATE,
    name: 'task-materials',
    title: 'Task materials',
    description: `A task's materials as JSON (claims ${MAX_MATERIALS_PAGE} at a time; add ?offset=N for the next ones; paging.totalClaims tells how many).`,
    mimeType: JSON_MIME,
  },
  {
    uriTemplate: GRAPH_TEMPLATE,
    name: 'task-graph',
    title: 'Task evidence graph',
    description: "A task's evidence graph as JSON: pages, claims and every edge (supports, refutes, neutral, cites, contradicts).",
    mimeType: JSON_MIME,
  },
];

/** A resource's JSON, with snake_case keys as tool results have (the 0.1 names under mcp.legacy_output_names). */
export function readTaskResource(
  services: McpServices,
  uri: string,
  options: { legacyNames?: boolean } = {},
): { contents: Array<{ uri: string; mimeType: string; text: string }> } {
  const json = (value: unknown): string => JSON.stringify(options.legacyNames ? value : toSnakeKeys(JSON.parse(JSON.stringify(value))));
  const parsed = parseTaskResourceUri(uri);
  if (!parsed)
    throw new McpError(RESOURCE_NOT_FOUND, `resource not found: ${uri.slice(0, 300)} (expected ${MATERIALS_TEMPLATE} or ${GRAPH_TEMPLATE})`, {
      uri: uri.slice(0, 300),
    });
  try {
    const { engine, store } = services;
    if (parsed.kind === 'materials') {
      const m = withClaimFeedback(store, engine.materials(parsed.taskId, { offset: parsed.offset ?? 0, limit: MAX_MATERIALS_PAGE }));
      return { contents: [{ uri, mimeType: JSON_MIME, text: json(m) }] };
    }
    const m = engine.materials(parsed.taskId, { includeGraph: true, limit: 1 });
    return { contents: [{ uri, mimeType: JSON_MIME, text: json({ taskId: parsed.taskId, task: m.task, ...m.graph }) }] };
  } catch (err) {
    if (isLyraError(err) && err.code === 'task_not_found') throw new McpError(RESOURCE_NOT_FOUND, `resource not found: ${uri}: ${err.message}`, { uri });
    if (isLyraError(err))
      throw new McpError(err.category === 'invalid_input' ? ErrorCode.InvalidParams : ErrorCode.InternalError, `${err.category}: ${err.message}`, err.toJSON());
    throw err;
  }
}

/** Task ids beginning with `value`, for the task_id argument of the resource templates. */
export function completeTaskId(services: McpServices, value: string): { values: string[]; total: number; hasMore: boolean } {
  const ids = services.store
    .listTasks()
    .map((t) => t.id)
    .filter((id) => id.startsWith(value))
    .reverse();
  return { values: ids.slice(0, MAX_COMPLETIONS), total: ids.length, hasMore: ids.length > MAX_COMPLETIONS };
}
