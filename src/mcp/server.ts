// The MCP server: the official SDK's low-level Server with Lyra's tools, resources for large
// outputs and task-id completion. Arguments are validated here with each tool's zod schema, so an
// invalid call is a structured invalid_input tool error (not a protocol error) and every failure of a
// tool becomes a tool error with its category; nothing a client sends can crash the process.
// A result is carried once: structuredContent holds the data (snake_case keys, naming.ts), the text
// content a short summary with counts and how to page. While a call runs, a client that asked for
// progress gets a notification at least every mcp.progress_interval_ms, so a long search keeps a
// request alive in clients that reset their timeout on progress.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  CreateMessageResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { withSampler, type Sampler } from '../models/index.js';
import { MCP_DEFAULTS, type McpSettings } from '../app/ui/mcp-settings.js';
import type { ServerFixtures } from './conformance-fixtures.js';
import { errorBody, invalidArguments, toolErrorResult } from './errors.js';
import { toSnakeKeys } from './naming.js';
import { createProgressSender, followTaskEvents, startHeartbeat } from './progress.js';
import { GRAPH_TEMPLATE, MATERIALS_TEMPLATE, parseTaskResourceUri } from './resource-uris.js';
import { RESOURCE_TEMPLATES, completeTaskId, listTaskResources, readTaskResource } from './resources.js';
import type { McpServices, ToolContext, ToolDefinition } from './tool-types.js';
import { LYRA_TOOLS } from './tools/index.js';

export const SERVER_NAME = 'lyra';

type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * tools/call as routed: the SDK's Server checks each call against its CallToolRequestSchema before our
 * handler (a non-object `arguments` is then a JSON-RPC InvalidParams error, -32602); routing on this
 * looser schema keeps that check from surfacing as an InternalError instead.
 */
const RoutedCallToolRequest = z.object({ method: z.literal('tools/call'), params: z.looseObject({}) });

/** What the client is told at initialize: the split of seed 002, in a few lines. */
export const SERVER_INSTRUCTIONS = [
  'Lyra is the working half of a research loop: you (the client) design every query, decide when to stop and write the report; Lyra executes searches, measures and hands back materials.',
  'Loop: create_task → search (repeat with queries you design; refute: true for counter-evidence) → get_status (metrics, never advice) → stop_task → get_materials (claims, quotes, locators, trust, contested pairs, in pages).',
  'Results: structuredContent holds the data, every key snake_case; the text is a short summary with counts and how to page. A search that may outlast your request timeout: search with background: true, then get_status with wait_seconds.',
  'Errors are tool results whose text is JSON {"error": {category, code, message}}; category retryable means the same call may succeed later, invalid_input means fix the arguments.',
].join('\n');

export interface LyraMcpServerOptions {
  services: McpServices;
  version: string;
  tools?: readonly ToolDefinition[];
  /**
   * Also serve the reference fixtures of @modelcontextprotocol/conformance (test_* tools, test://
   * resources, test_* prompts, resource subscriptions): `lyra serve --conformance-fixtures`, for
   * `npm run check:mcp` only. Off by default; the caller imports them (`loadConformanceFixtures`), so
   * a server without them never loads their module.
   */
  fixtures?: ServerFixtures;
  /** Limits and naming (config `mcp`, app mcpSettingsOf); default MCP_DEFAULTS. */
  settings?: McpSettings;
}

interface PublishedTool {
  def: ToolDefinition;
  listing: {
    name: string;
    title: string;
    description: string;
    inputSchema: Record<string, unknown>;
    outputSchema?: Record<string, unknown>;
    annotations: ToolDefinition['annotations'];
  };
}

function jsonSchema(s: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _drop, ...schema } = z.toJSONSchema(s, { target: 'draft-7', io }) as Record<string, unknown>;
  return schema;
}

/** One property's type alone: nested shapes are left to the server's check and docs/mcp.md. */
function briefProperty(p: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(p.anyOf)) {
    const types = [...new Set((p.anyOf as Array<Record<string, unknown>>).flatMap((a) => (typeof a.type === 'string' ? [a.type] : [])))];
    return types.length === 1 ? { type: types[0] } : types.length > 1 ? { type: types } : {};
  }
  return typeof p.type === 'string' || Array.isArray(p.type) ? { type: p.type } : {};
}

/**
 * The published output schema: the top-level properties and their types. The full schema (nested
 * fields, which are required) is enforced on each result before it is sent and described in the
 * docs/mcp.md; publishing only the top level keeps tools/list within 20 KB for all the tools.
 */
export function publishedOutputSchema(s: z.ZodType): Record<string, unknown> {
  const props = (jsonSchema(s, 'output').properties ?? {}) as Record<string, Record<string, unknown>>;
  return { type: 'object', properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, briefProperty(v)])) };
}

function publish(def: ToolDefinition, settings: McpSettings): PublishedTool {
  return {
    def,
    listing: {
      name: def.name,
      title: def.title,
      description: def.description,
      inputSchema: jsonSchema(def.input, 'input'),
      // The legacy names would not match the snake_case schema: the transition publishes none.
      ...(settings.legacyOutputNames ? {} : { outputSchema: publishedOutputSchema(def.output) }),
      annotations: def.annotations,
    },
  };
}

/** Runs one tool call: validate, run, check the output; every failure is a structured tool error. */
export async function callTool(options: { tool: ToolDefinition; args: unknown; ctx: ToolContext }): Promise<CallToolResult> {
  const { tool, ctx } = options;
  const parsed = tool.input.safeParse(options.args ?? {});
  if (!parsed.success) return toolErrorResult(invalidArguments(tool.name, parsed.error));
  let result: object;
  let summary: string;
  try {
    result = await tool.run(parsed.data, ctx);
    summary = tool.summarize(result, parsed.data);
  } catch (err) {
    const body = errorBody(err, tool.name);
    // Error details follow the results' naming (`task_id`; the 0.1 names under legacy_output_names).
    return toolErrorResult(body.details && !ctx.settings.legacyOutputNames ? { ...body, details: toSnakeKeys(body.details) as Record<string, unknown> } : body);
  }
  // A JSON round trip drops undefined fields, exactly what the client will see.
  const plain = JSON.parse(JSON.stringify(result ?? {})) as Record<string, unknown>;
  const wire = toSnakeKeys(plain) as Record<string, unknown>;
  const checked = tool.output.safeParse(wire);
  if (!checked.success) {
    return toolErrorResult({
      category: 'non_retryable',
      code: 'output_invalid',
      message: `${tool.name}: the result does not match the tool's output schema: ${checked.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    });
  }
  const content: CallToolResult['content'] = [{ type: 'text', text: summary }];
  const resources = plain.resources as { materials?: string; graph?: string } | undefined;
  if (resources?.materials) content.push({ type: 'resource_link', uri: resources.materials, name: 'materials', mimeType: 'application/json' });
  if (resources?.graph) content.push({ type: 'resource_link', uri: resources.graph, name: 'graph', mimeType: 'application/json' });
  return { content, structuredContent: ctx.settings.legacyOutputNames ? plain : wire };
}

export function createLyraMcpServer(options: LyraMcpServerOptions): Server {
  const { services } = options;
  const settings = options.settings ?? MCP_DEFAULTS;
  const tools = new Map((options.tools ?? LYRA_TOOLS).map((t) => [t.name, publish(t, settings)]));
  const fx = options.fixtures;
  const fixtures = fx !== undefined;
  const server = new Server(
    { name: SERVER_NAME, title: 'Lyra evidence engine', version: options.version },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false, ...(fixtures ? { subscribe: true } : {}) },
        completions: {},
        logging: {},
        ...(fixtures ? { prompts: { listChanged: false } } : {}),
      },
      instructions: SERVER_INSTRUCTIONS,
    },
  );

  // With the client's sampling capability, the `client` stance backend can ask the client's model
  // about uncertain pairs during this call (its requests travel with this request's stream).
  const runCall = (def: ToolDefinition, args: unknown, ctx: ToolContext, extra: CallExtra): Promise<CallToolResult> => {
    if (server.getClientCapabilities()?.sampling === undefined) return callTool({ tool: def, args, ctx });
    const sampler: Sampler = async (req) => {
      const r = await extra.sendRequest(
        {
          method: 'sampling/createMessage',
          params: {
            messages: req.messages.map((m) => ({ role: m.role, content: { type: 'text' as const, text: m.content } })),
            maxTokens: req.maxTokens,
            ...(req.systemPrompt ? { systemPrompt: req.systemPrompt } : {}),
            includeContext: 'none' as const,
            temperature: 0,
          },
        },
        CreateMessageResultSchema,
        req.signal ? { signal: req.signal } : {},
      );
      const content = Array.isArray(r.content) ? r.content : [r.content];
      const text = content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      return { content: text, model: r.model, ...(r.stopReason ? { stopReason: r.stopReason } : {}) };
    };
    return withSampler(sampler, () => callTool({ tool: def, args, ctx }));
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...[...tools.values()].map((t) => t.listing), ...(fx?.toolListings ?? [])] }));

  server.setRequestHandler(RoutedCallToolRequest, async (routed, extra) => {
    const request = CallToolRequestSchema.parse(routed);
    const published = tools.get(request.params.name);
    if (!published && fx) {
      const result = await fx.callTool(server, request.params.name, request.params.arguments ?? {}, extra);
      if (result) return result;
    }
    if (!published) {
      return toolErrorResult({
        category: 'invalid_input',
        code: 'unknown_tool',
        message: `no tool ${JSON.stringify(request.params.name.slice(0, 100))}; tools: ${[...tools.keys()].join(', ')}`,
      });
    }
    const sender = createProgressSender({
      token: extra._meta?.progressToken,
      notify: (params) => extra.sendNotification({ method: 'notifications/progress', params }),
    });
    const ctx: ToolContext = {
      services,
      settings,
      signal: extra.signal,
      progress: (message) => sender.send(message),
      followTask: (taskId) => followTaskEvents(services.engine, taskId, sender),
    };
    const stopHeartbeat = startHeartbeat({
      sender,
      tool: published.def.name,
      intervalMs: settings.progressIntervalMs,
      active: extra._meta?.progressToken !== undefined,
    });
    try {
      return await runCall(published.def, request.params.arguments, ctx, extra);
    } finally {
      stopHeartbeat();
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [...listTaskResources(services), ...(fx?.resources ?? [])] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [...RESOURCE_TEMPLATES, ...(fx?.templates ?? [])] }));
  server.setRequestHandler(
    ReadResourceRequestSchema,
    (request) => fx?.readResource(request.params.uri) ?? readTaskResource(services, request.params.uri, { legacyNames: settings.legacyOutputNames }),
  );
  fx?.install(server);

  server.setRequestHandler(CompleteRequestSchema, (request) => {
    const { ref, argument } = request.params;
    const template = ref.type === 'ref/resource' ? ref.uri : undefined;
    const isTaskTemplate =
      template === MATERIALS_TEMPLATE || template === GRAPH_TEMPLATE || (template !== undefined && parseTaskResourceUri(template) !== undefined);
    if (isTaskTemplate && argument.name === 'task_id') return { completion: completeTaskId(services, argument.value) };
    return { completion: { values: [], total: 0, hasMore: false } };
  });

  return server;
}
