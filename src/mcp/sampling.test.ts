// `models.stance.backend: client`: the MCP client's own model judges what the embedded model is unsure
// about, through sampling/createMessage, with the `llm` backend's JSON contract. A real SDK client that
// declares the sampling capability answers the requests; an answer that is not the JSON contract is an
// error (the query fails with llm_answer_unparsable), never a label.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CreateMessageRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { addToCorpus, createServeRuntime, loadConfig, type ServeRuntime } from '../app/index.js';
import { scratchHome, structured, type ScratchHome } from '../test-support/mcp-client.js';
import { createLyraMcpServer } from './index.js';

let home: ScratchHome;
let runtime: ServeRuntime;

before(async () => {
  home = scratchHome('lyra-sampling-');
  mkdirSync(home.home, { recursive: true });
  // Every pair is sent to the client: no embedded judgement counts as sure.
  writeFileSync(
    join(home.home, 'lyra.config.yaml'),
    'models:\n  stance:\n    backend: client\n    client:\n      sure_above: 1\n      unsure_floor: 0\n      max_escalations: 500\n',
  );
  const docs = join(home.dir, 'docs');
  mkdirSync(docs);
  // Two documents with different claims on one event, so each is a candidate for the other's claims.
  writeFileSync(
    join(docs, 'reef.txt'),
    'Coral reefs bleach when ocean temperatures stay high for weeks.\n\nBleaching killed half of the coral on the northern reef in 2016.\n',
  );
  writeFileSync(
    join(docs, 'heatwave.txt'),
    'Marine heatwaves bleached the coral of the northern reef in 2016 and killed about half of it.\n\nSharks patrol the outer reef at night and sharks eat reef fish.\n',
  );
  const config = loadConfig({ env: { ...process.env, LYRA_HOME: home.home }, cwd: home.dir });
  runtime = createServeRuntime(config);
  await addToCorpus({ store: runtime.store, config, name: 'reefs', paths: [docs], trustLevel: 'ACADEMIC' });
});

after(async () => {
  await runtime?.close();
  home?.cleanup();
});

async function connect(answer: (prompt: string) => string): Promise<{ client: Client; prompts: string[]; close: () => Promise<void> }> {
  const server = createLyraMcpServer({ services: runtime, version: '0.0.0-test' });
  const client = new Client({ name: 'sampling-test', version: '0.0.0' }, { capabilities: { sampling: {} } });
  const prompts: string[] = [];
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const text = request.params.messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : [m.content]))
      .map((c) => (c.type === 'text' ? c.text : ''))
      .join('\n');
    prompts.push(`${request.params.systemPrompt ?? ''}\n${text}`);
    return { role: 'assistant', model: 'fake-client-model', content: { type: 'text', text: answer(text) } };
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return {
    client,
    prompts,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args }, undefined, { timeout: 300_000 })) as CallToolResult;

test('the client judges the uncertain pairs through sampling; its labels become the edges', async () => {
  // The fake client model refutes every pair, naming sentence 0 with confidence 0.8.
  const c = await connect(() => JSON.stringify({ label: 'refutes', sentence: 0, confidence: 0.8 }));
  try {
    const { task_id: taskId } = structured<{ task_id: string }>(
      await call(c.client, 'create_task', { question: 'Did bleaching kill coral in 2016?', providers: ['corpus:reefs'] }),
    );
    const s = structured<{ status: string }>(await call(c.client, 'search', { task_id: taskId, query: 'bleaching killed coral 2016' }));
    assert.equal(s.status, 'done');
    assert.ok(c.prompts.length > 0, 'the client was asked');
    assert.match(c.prompts[0]!, /JSON/);
    assert.match(c.prompts[0]!, /Claim: /);
    const m = structured<{ claims: Array<{ refuting: Array<{ model?: string; confidence: number }> }> }>(
      await call(c.client, 'get_materials', { task_id: taskId }),
    );
    const refuting = m.claims.flatMap((x) => x.refuting);
    assert.ok(refuting.length > 0, 'edges labelled by the client');
    assert.ok(
      refuting.every((e) => e.model === 'llm:mcp-client+embedded' && e.confidence === 0.8),
      JSON.stringify(refuting.slice(0, 3)),
    );
  } finally {
    await c.close();
  }
});

test('an answer that is not the JSON contract fails the query with llm_answer_unparsable; no edge is labelled from it', async () => {
  const c = await connect(() => 'I think the passage supports the claim.');
  try {
    const { task_id: taskId } = structured<{ task_id: string }>(
      await call(c.client, 'create_task', { question: 'Do sharks patrol reefs?', providers: ['corpus:reefs'] }),
    );
    const res = await call(c.client, 'search', { task_id: taskId, query: 'sharks patrol outer reef' });
    assert.ok(c.prompts.length > 0);
    const text = JSON.stringify(res.structuredContent ?? res.content);
    assert.match(text, /llm_answer_unparsable/);
    const m = structured<{ claims: Array<{ supporting: Array<{ model?: string }>; refuting: Array<{ model?: string }> }> }>(
      await call(c.client, 'get_materials', { task_id: taskId }),
    );
    assert.ok(m.claims.flatMap((x) => [...x.supporting, ...x.refuting]).every((e) => e.model === undefined || e.model === 'origin'));
  } finally {
    await c.close();
  }
});

test('without the sampling capability the client backend is a clear error, not a silent embedded verdict', async () => {
  const server = createLyraMcpServer({ services: runtime, version: '0.0.0-test' });
  const client = new Client({ name: 'no-sampling', version: '0.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  try {
    const { task_id: taskId } = structured<{ task_id: string }>(
      await call(client, 'create_task', { question: 'Did bleaching kill coral?', providers: ['corpus:reefs'] }),
    );
    const res = await call(client, 'search', { task_id: taskId, query: 'bleaching killed coral' });
    assert.match(JSON.stringify(res.structuredContent ?? res.content), /no MCP client with the sampling capability/);
  } finally {
    await client.close();
    await server.close();
  }
});
