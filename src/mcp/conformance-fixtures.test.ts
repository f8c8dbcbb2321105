// The conformance fixtures through the SDK's own client (in-memory transport) on a real runtime: served
// only when asked for, each answering as its conformance scenario describes, sampling and elicitation
// going through the client; the default server keeps exactly Lyra's own surface.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, LoggingMessageNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServeRuntime, loadConfig, lyraVersion, type ServeRuntime } from '../app/index.js';
import { scratchHome, type ScratchHome } from '../test-support/mcp-client.js';
import { CONFORMANCE_FIXTURES } from './conformance-fixtures.js';
import { createLyraMcpServer } from './index.js';

let home: ScratchHome;
let runtime: ServeRuntime;

before(() => {
  home = scratchHome('lyra-mcp-fixtures-');
  runtime = createServeRuntime(loadConfig({ env: { LYRA_HOME: home.home }, cwd: home.dir }));
});

after(async () => {
  await runtime?.close();
  home?.cleanup();
});

async function connect(conformanceFixtures: boolean): Promise<{ client: Client; logs: string[]; sampled: string[]; elicited: Array<Record<string, unknown>> }> {
  const server = createLyraMcpServer({ services: runtime, version: lyraVersion(), ...(conformanceFixtures ? { fixtures: CONFORMANCE_FIXTURES } : {}) });
  const client = new Client({ name: 'fixtures-test', version: '0.0.0' }, { capabilities: { sampling: {}, elicitation: {} } });
  const logs: string[] = [];
  const sampled: string[] = [];
  const elicited: Array<Record<string, unknown>> = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(String(n.params.data)));
  client.setRequestHandler(CreateMessageRequestSchema, (r) => {
    const c = r.params.messages[0]!.content as { type: string; text?: string };
    sampled.push(c.text ?? c.type);
    return { role: 'assistant', content: { type: 'text', text: 'forty-two' }, model: 'test-model', stopReason: 'endTurn' };
  });
  client.setRequestHandler(ElicitRequestSchema, (r) => {
    elicited.push((r.params as { requestedSchema: Record<string, unknown> }).requestedSchema);
    return { action: 'accept', content: { username: 'ada', email: 'ada@example.org' } };
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  await client.connect(b);
  return { client, logs, sampled, elicited };
}

const textOf = (r: unknown): string => ((r as CallToolResult).content[0] as { text: string }).text;

test("without the option: only Lyra's seventeen tools, no prompts capability, no test:// resources", async () => {
  const { client } = await connect(false);
  try {
    assert.equal((await client.listTools()).tools.length, 17);
    assert.equal(client.getServerCapabilities()?.prompts, undefined);
    assert.equal(client.getServerCapabilities()?.resources?.subscribe, undefined);
    const r = (await client.callTool({ name: 'test_simple_text', arguments: {} })) as CallToolResult;
    assert.equal(r.isError, true);
    assert.match(textOf(r), /unknown_tool/);
    await assert.rejects(client.readResource({ uri: 'test://static-text' }));
  } finally {
    await client.close();
  }
});

test('with the option: the fixture tools answer as the conformance scenarios describe', async () => {
  const { client, logs, sampled, elicited } = await connect(true);
  try {
    const names = (await client.listTools()).tools.map((t) => t.name);
    assert.equal(names.length, 17 + 12);
    assert.ok(names.includes('create_task') && names.includes('test_elicitation_sep1330_enums'));
    assert.equal(textOf(await client.callTool({ name: 'test_simple_text', arguments: {} })), 'This is a simple text response for testing.');
    const image = (await client.callTool({ name: 'test_image_content', arguments: {} })) as CallToolResult;
    const png = Buffer.from((image.content[0] as { data: string }).data, 'base64');
    assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
    const audio = (await client.callTool({ name: 'test_audio_content', arguments: {} })) as CallToolResult;
    assert.equal(Buffer.from((audio.content[0] as { data: string }).data, 'base64').toString('ascii', 8, 12), 'WAVE');
    const err = (await client.callTool({ name: 'test_error_handling', arguments: {} })) as CallToolResult;
    assert.equal(err.isError, true);

    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    assert.deepEqual(logs, ['Tool execution started', 'Tool processing data', 'Tool execution completed']);
    const progress: number[] = [];
    await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, { onprogress: (p) => void progress.push(p.progress) });
    assert.deepEqual(progress, [0, 50, 100]);

    assert.equal(textOf(await client.callTool({ name: 'test_sampling', arguments: { prompt: 'six times seven?' } })), 'LLM response: forty-two');
    assert.deepEqual(sampled, ['six times seven?']);
    assert.equal(
      textOf(await client.callTool({ name: 'test_elicitation', arguments: { message: 'who?' } })),
      'User response: action=accept, content={"username":"ada","email":"ada@example.org"}',
    );
    await client.callTool({ name: 'test_elicitation_sep1034_defaults', arguments: {} });
    const defaults = elicited[1]!.properties as Record<string, { default: unknown }>;
    assert.deepEqual(Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, v.default])), {
      name: 'John Doe',
      age: 30,
      score: 95.5,
      status: 'active',
      verified: true,
    });
    const missing = (await client.callTool({ name: 'test_sampling', arguments: {} })) as CallToolResult;
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /prompt \(string\) is required/);
  } finally {
    await client.close();
  }
});

test('with the option: fixture resources, the template, subscriptions and prompts', async () => {
  const { client } = await connect(true);
  try {
    assert.equal(client.getServerCapabilities()?.resources?.subscribe, true);
    const read = await client.readResource({ uri: 'test://template/123/data' });
    assert.deepEqual(JSON.parse((read.contents[0] as { text: string }).text), { id: '123', templateTest: true, data: 'Data for ID: 123' });
    assert.equal((await client.readResource({ uri: 'test://static-binary' })).contents[0]!.mimeType, 'image/png');
    assert.deepEqual(await client.subscribeResource({ uri: 'test://watched-resource' }), {});
    assert.deepEqual(await client.unsubscribeResource({ uri: 'test://watched-resource' }), {});
    assert.deepEqual(
      (await client.listPrompts()).prompts.map((p) => p.name),
      ['test_simple_prompt', 'test_prompt_with_arguments', 'test_prompt_with_embedded_resource', 'test_prompt_with_image'],
    );
    const withArgs = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'hello', arg2: 'world' } });
    assert.deepEqual(withArgs.messages[0]!.content, { type: 'text', text: "Prompt with arguments: arg1='hello', arg2='world'" });
    await assert.rejects(client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'hello' } }), /argument arg2 is required/);
    await assert.rejects(client.getPrompt({ name: 'nope' }), /no prompt "nope"/);
  } finally {
    await client.close();
  }
});
