// mcp/: Lyra as an MCP server (stdio and Streamable HTTP) — the working half of seed 002's split.
export { SERVER_INSTRUCTIONS, SERVER_NAME, callTool, createLyraMcpServer, type LyraMcpServerOptions } from './server.js';
export { LYRA_TOOLS } from './tools/index.js';
export type { McpServices, ToolContext, ToolDefinition } from './tool-types.js';
export { MAX_ERROR_MESSAGE_CHARS, errorBody, invalidArguments, toolErrorResult, type ToolErrorBody } from './errors.js';
export { GRAPH_TEMPLATE, MATERIALS_TEMPLATE, graphResourceUri, materialsResourceUri, parseTaskResourceUri } from './resource-uris.js';
export { MAX_PROGRESS_NOTIFICATIONS, describeEvent } from './progress.js';
export { HTTP_DEFAULTS, startHttpServer, type HttpServeOptions, type RunningHttpServer } from './http.js';
export { checkBindOptions, checkRequest, hostHeaderName, isLoopbackHost, type GuardDecision, type GuardOptions } from '../core/index.js';
export { serveStdio } from './stdio.js';
import type { ServerFixtures } from './conformance-fixtures.js';
export type { ServerFixtures };

/** The conformance suite's reference fixtures, imported only when asked for (`lyra serve --conformance-fixtures`). */
export async function loadConformanceFixtures(): Promise<ServerFixtures> {
  return (await import('./conformance-fixtures.js')).CONFORMANCE_FIXTURES;
}
