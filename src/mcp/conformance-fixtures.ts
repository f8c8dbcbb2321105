// The reference fixtures that @modelcontextprotocol/conformance's server scenarios call (tools named
// test_*, resources under test://, prompts named test_*), served only by `lyra serve --conformance-fixtures`
// so `npm run check:mcp` can run every scenario against the real server. Off by default: Lyra's own
// surface stays its eleven tools, its lyra:// resources and no prompts (seed 000 決定1, seed 002).
// Each fixture answers as the scenario's own description asks.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
  type ElicitRequestFormParams,
  type GetPromptResult,
  type ReadResourceResult,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { delay } from '../core/index.js';

export type FixtureExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** A 1×1 red PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
/** Pause between a fixture's notifications, as the scenarios describe (~50 ms). */
const STEP_MS = 50;

/** A 16-bit mono PCM WAV of eight silent samples at 8 kHz. */
function silentWavBase64(): string {
  const samples = 8;
  const data = samples * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(8000, 24); // sample rate
  b.writeUInt32LE(16000, 28); // byte rate
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data, 40);
  return b.toString('base64');
}

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });
const fixtureError = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }], isError: true });

function stringArg(args: Record<string, unknown>, name: string): string | undefined {
  const v = args[name];
  return typeof v === 'string' ? v : undefined;
}

interface FixtureTool {
  listing: { name: string; description: string; inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] } };
  run(args: Record<string, unknown>, extra: FixtureExtra, client: ClientSupport): Promise<CallToolResult>;
}

/** What the connected client declared at initialize. */
export interface ClientSupport {
  sampling: boolean;
  elicitation: boolean;
}

const noArgs = { type: 'object' as const, properties: {} };

/** Sends elicitation/create; the schemas are the scenarios' own (SEP-1330's legacy enumNames included). */
async function elicit(
  extra: FixtureExtra,
  params: { message: string; requestedSchema: Record<string, unknown> },
): Promise<{ action: string; content?: unknown }> {
  return extra.sendRequest({ method: 'elicitation/create', params: params as ElicitRequestFormParams }, ElicitResultSchema);
}

/** A no-argument fixture that asks the client to fill `properties` and reports what came back. */
function formElicitation(name: string, description: string, message: string, properties: Record<string, unknown>): FixtureTool {
  return {
    listing: { name, description, inputSchema: noArgs },
    async run(_args, extra, client) {
      if (!client.elicitation) return fixtureError(`${name}: the client declared no elicitation capability`);
      const r = await elicit(extra, { message, requestedSchema: { type: 'object', properties } });
      return text(`Elicitation completed: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`);
    },
  };
}

const TOOLS: FixtureTool[] = [
  {
    listing: { name: 'test_simple_text', description: 'Conformance fixture: returns one text item', inputSchema: noArgs },
    run: () => Promise.resolve(text('This is a simple text response for testing.')),
  },
  {
    listing: { name: 'test_error_handling', description: 'Conformance fixture: always returns a tool error', inputSchema: noArgs },
    run: () => Promise.resolve(fixtureError('This tool intentionally returns an error for testing')),
  },
  {
    listing: { name: 'test_image_content', description: 'Conformance fixture: returns a 1×1 PNG', inputSchema: noArgs },
    run: () => Promise.resolve({ content: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }] }),
  },
  {
    listing: { name: 'test_audio_content', description: 'Conformance fixture: returns a short silent WAV', inputSchema: noArgs },
    run: () => Promise.resolve({ content: [{ type: 'audio', data: silentWavBase64(), mimeType: 'audio/wav' }] }),
  },
  {
    listing: { name: 'test_embedded_resource', description: 'Conformance fixture: returns an embedded text resource', inputSchema: noArgs },
    run: () =>
      Promise.resolve({
        content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
      }),
  },
  {
    listing: { name: 'test_multiple_content_types', description: 'Conformance fixture: returns text, image and resource content', inputSchema: noArgs },
    run: () =>
      Promise.resolve({
        content: [
          { type: 'text', text: 'Multiple content types test:' },
          { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
          {
            type: 'resource',
            resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: JSON.stringify({ test: 'data', value: 123 }) },
          },
        ],
      }),
  },
  {
    listing: { name: 'test_tool_with_logging', description: 'Conformance fixture: sends three info log messages', inputSchema: noArgs },
    async run(_args, extra) {
      const log = (data: string): Promise<void> => extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data } });
      await log('Tool execution started');
      await delay(STEP_MS, extra.signal);
      await log('Tool processing data');
      await delay(STEP_MS, extra.signal);
      await log('Tool execution completed');
      return text('Tool with logging executed successfully');
    },
  },
  {
    listing: { name: 'test_tool_with_progress', description: 'Conformance fixture: reports progress 0, 50 and 100 of 100', inputSchema: noArgs },
    async run(_args, extra) {
      const token = extra._meta?.progressToken;
      for (const [i, progress] of [0, 50, 100].entries()) {
        if (i > 0) await delay(STEP_MS, extra.signal);
        if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, total: 100 } });
      }
      return text('Tool with progress executed successfully');
    },
  },
  {
    listing: {
      name: 'test_sampling',
      description: 'Conformance fixture: asks the client to sample a message',
      inputSchema: { type: 'object', properties: { prompt: { type: 'string', description: 'The prompt to send to the LLM' } }, required: ['prompt'] },
    },
    async run(args, extra, client) {
      const prompt = stringArg(args, 'prompt');
      if (prompt === undefined) return fixtureError('test_sampling: argument prompt (string) is required');
      if (!client.sampling) return fixtureError('test_sampling: the client declared no sampling capability');
      const r = await extra.sendRequest(
        { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 } },
        CreateMessageResultSchema,
      );
      const reply = r.content.type === 'text' ? r.content.text : `[${r.content.type}]`;
      return text(`LLM response: ${reply}`);
    },
  },
  {
    listing: {
      name: 'test_elicitation',
      description: 'Conformance fixture: asks the client for a username and an email',
      inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'The message to show the user' } }, required: ['message'] },
    },
    async run(args, extra, client) {
      const message = stringArg(args, 'message');
      if (message === undefined) return fixtureError('test_elicitation: argument message (string) is required');
      if (!client.elicitation) return fixtureError('test_elicitation: the client declared no elicitation capability');
      const r = await elicit(extra, {
        message,
        requestedSchema: {
          type: 'object',
          properties: { username: { type: 'string', description: "User's response" }, email: { type: 'string', description: "User's email address" } },
          required: ['username', 'email'],
        },
      });
      return text(`User response: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`);
    },
  },
  formElicitation(
    'test_elicitation_sep1034_defaults',
    'Conformance fixture: elicitation with a default for every primitive type',
    'Please review and update the form fields with defaults',
    {
      name: { type: 'string', description: 'User name', default: 'John Doe' },
      age: { type: 'integer', description: 'User age', default: 30 },
      score: { type: 'number', description: 'User score', default: 95.5 },
      status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
      verified: { type: 'boolean', description: 'Verification status', default: true },
    },
  ),
  formElicitation(
    'test_elicitation_sep1330_enums',
    'Conformance fixture: elicitation with the five enum schema forms',
    'Please select options from the enum fields',
    {
      untitledSingle: { type: 'string', description: 'Untitled single-select', enum: ['option1', 'option2', 'option3'] },
      titledSingle: {
        type: 'string',
        description: 'Titled single-select',
        oneOf: [
          { const: 'value1', title: 'First Option' },
          { const: 'value2', title: 'Second Option' },
          { const: 'value3', title: 'Third Option' },
        ],
      },
      legacyEnum: {
        type: 'string',
        description: 'Legacy titled enum',
        enum: ['opt1', 'opt2', 'opt3'],
        enumNames: ['Option One', 'Option Two', 'Option Three'],
      },
      untitledMulti: { type: 'array', description: 'Untitled multi-select', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
      titledMulti: {
        type: 'array',
        description: 'Titled multi-select',
        items: {
          anyOf: [
            { const: 'value1', title: 'First Choice' },
            { const: 'value2', title: 'Second Choice' },
            { const: 'value3', title: 'Third Choice' },
          ],
        },
      },
    },
  ),
];

const TOOLS_BY_NAME = new Map(TOOLS.map((t) => [t.listing.name, t]));

export const FIXTURE_TOOL_LISTINGS = TOOLS.map((t) => t.listing);

/** Runs a fixture tool, or returns undefined when `name` is not one. */
export async function callFixtureTool(
  name: string,
  args: Record<string, unknown>,
  extra: FixtureExtra,
  client: ClientSupport,
): Promise<CallToolResult | undefined> {
  const tool = TOOLS_BY_NAME.get(name);
  if (!tool) return undefined;
  try {
    return await tool.run(args, extra, client);
  } catch (err) {
    return fixtureError(`${name}: ${(err as Error).message}`);
  }
}

export const FIXTURE_RESOURCES = [
  { uri: 'test://static-text', name: 'static-text', mimeType: 'text/plain' },
  { uri: 'test://static-binary', name: 'static-binary', mimeType: 'image/png' },
  { uri: 'test://watched-resource', name: 'watched-resource', mimeType: 'text/plain' },
];
export const FIXTURE_TEMPLATES = [{ uriTemplate: 'test://template/{id}/data', name: 'template-data', mimeType: 'application/json' }];

/** Reads a fixture resource, or returns undefined when `uri` is not one. */
export function readFixtureResource(uri: string): ReadResourceResult | undefined {
  if (uri === 'test://static-text') return { contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }] };
  if (uri === 'test://static-binary') return { contents: [{ uri, mimeType: 'image/png', blob: PNG_BASE64 }] };
  if (uri === 'test://watched-resource') return { contents: [{ uri, mimeType: 'text/plain', text: 'Watched resource content.' }] };
  const m = /^test:\/\/template\/([^/]+)\/data$/.exec(uri);
  if (m) return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ id: m[1], templateTest: true, data: `Data for ID: ${m[1]}` }) }] };
  return undefined;
}

export const FIXTURE_PROMPTS = [
  { name: 'test_simple_prompt', description: 'Conformance fixture: a prompt without arguments' },
  {
    name: 'test_prompt_with_arguments',
    description: 'Conformance fixture: a prompt with two arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
  },
  {
    name: 'test_prompt_with_embedded_resource',
    description: 'Conformance fixture: a prompt embedding a resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
  },
  { name: 'test_prompt_with_image', description: 'Conformance fixture: a prompt with an image' },
];

/** A fixture prompt; throws an Error naming the prompt or the missing argument (a JSON-RPC error for the client). */
export function getFixturePrompt(name: string, args: Record<string, string>): GetPromptResult {
  const need = (k: string): string => {
    const v = args[k];
    if (v === undefined) throw new Error(`prompt ${name}: argument ${k} is required`);
    return v;
  };
  switch (name) {
    case 'test_simple_prompt':
      return { messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }] };
    case 'test_prompt_with_arguments':
      return { messages: [{ role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${need('arg1')}', arg2='${need('arg2')}'` } }] };
    case 'test_prompt_with_embedded_resource':
      return {
        messages: [
          {
            role: 'user',
            content: { type: 'resource', resource: { uri: need('resourceUri'), mimeType: 'text/plain', text: 'Embedded resource content for testing.' } },
          },
          { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
        ],
      };
    case 'test_prompt_with_image':
      return {
        messages: [
          { role: 'user', content: { type: 'image', data: PNG_BASE64, mimeType: 'image/png' } },
          { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
        ],
      };
    default:
      throw new Error(`no prompt ${JSON.stringify(name.slice(0, 100))}; prompts: ${FIXTURE_PROMPTS.map((p) => p.name).join(', ')}`);
  }
}

/**
 * Prompts and resource subscriptions of the fixtures, on a server that declared both capabilities.
 * No fixture resource ever changes, so no update is ever due: subscriptions are acknowledged without
 * keeping a list a client could grow without bound.
 */
export function installFixturePromptsAndSubscriptions(server: Server): void {
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: FIXTURE_PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => getFixturePrompt(request.params.name, request.params.arguments ?? {}));
  server.setRequestHandler(SubscribeRequestSchema, () => ({}));
  server.setRequestHandler(UnsubscribeRequestSchema, () => ({}));
}

export function clientSupport(server: Server): ClientSupport {
  const caps = server.getClientCapabilities();
  return { sampling: caps?.sampling !== undefined, elicitation: caps?.elicitation !== undefined };
}

/** The fixtures as one object the server takes (LyraMcpServerOptions.fixtures). */
export interface ServerFixtures {
  toolListings: typeof FIXTURE_TOOL_LISTINGS;
  resources: typeof FIXTURE_RESOURCES;
  templates: typeof FIXTURE_TEMPLATES;
  callTool(server: Server, name: string, args: Record<string, unknown>, extra: FixtureExtra): Promise<CallToolResult | undefined>;
  readResource(uri: string): ReadResourceResult | undefined;
  install(server: Server): void;
}

export const CONFORMANCE_FIXTURES: ServerFixtures = {
  toolListings: FIXTURE_TOOL_LISTINGS,
  resources: FIXTURE_RESOURCES,
  templates: FIXTURE_TEMPLATES,
  callTool: (server, name, args, extra) => callFixtureTool(name, args, extra, clientSupport(server)),
  readResource: readFixtureResource,
  install: installFixturePromptsAndSubscriptions,
};
