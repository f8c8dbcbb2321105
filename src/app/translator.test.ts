import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createChatClient } from '../models/index.js';
import { expandQuery } from '../pipeline/index.js';
import { fakeChatEndpoint } from '../test-support/fake-chat-endpoint.js';
import { createLlmTranslator } from './translator.js';

test('the configured chat model translates mirror queries (JSON answer), operators kept', async () => {
  const fake = await fakeChatEndpoint((body) => ({
    content: JSON.stringify({ translation: body.messages.at(-1)!.content.includes('site:') ? '気候変動 収量 site:go.jp' : 'x' }),
  }));
  try {
    const translator = createLlmTranslator(createChatClient({ baseUrl: fake.baseUrl, model: 'tiny' }));
    const r = await expandQuery({ query: 'climate change crop yield site:go.jp', mirror: true, translator });
    assert.deepEqual(
      r.queries.map((q) => [q.text, q.rule]),
      [
        ['climate change crop yield site:go.jp', 'client'],
        ['気候変動 収量 site:go.jp', 'mirror:ja'],
      ],
    );
    assert.match(fake.bodies[0]!.messages[0]!.content, /into Japanese/);
    assert.equal(fake.bodies[0]!.response_format?.json_schema.name, 'translation');
  } finally {
    await fake.web.close();
  }
});

test('an answer that is not the JSON asked for is an error of the translator, reported by expansion as a warning', async () => {
  const fake = await fakeChatEndpoint(() => ({ content: 'Sure! Here is the translation.' }));
  try {
    const translator = createLlmTranslator(createChatClient({ baseUrl: fake.baseUrl, model: 'tiny', maxRetries: 0 }));
    await assert.rejects(translator.translate({ text: 'crop yield', to: 'ja' }));
    const r = await expandQuery({ query: 'crop yield', mirror: true, translator });
    assert.equal(r.queries.length, 1);
    assert.match(r.warnings.join(' '), /llm:tiny failed/);
  } finally {
    await fake.web.close();
  }
});
