import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { isLyraError } from '../../core/index.js';
import { fakeChatEndpoint as fakeEndpoint } from '../../test-support/fake-chat-endpoint.js';
import { startLoopbackWeb } from '../../test-support/loopback-web.js';
import { createChatClient, parseRetryAfter } from './chat-client.js';

const fast = { retryBaseDelayMs: 0, maxRetryDelayMs: 10 };

test('completeJson sends a json_schema response format, the model and the key, and returns the validated value', async () => {
  const fake = await fakeEndpoint(() => ({ content: '{"answer": 42}' }));
  try {
    const client = createChatClient({ baseUrl: fake.baseUrl, model: 'qwen2.5:7b', apiKey: 'sk-test', ...fast });
    const got = await client.completeJson({ schemaName: 'answer', schema: z.strictObject({ answer: z.number() }), messages: [{ role: 'user', content: 'q' }] });
    assert.deepEqual(got.value, { answer: 42 });
    assert.equal(got.attempts, 1);
    const body = fake.bodies[0]!;
    assert.equal(body.model, 'qwen2.5:7b');
    assert.equal(body.response_format?.type, 'json_schema');
    assert.equal(body.response_format?.json_schema.name, 'answer');
    assert.deepEqual(body.response_format?.json_schema.schema.required, ['answer']);
    assert.equal(body.response_format?.json_schema.schema.additionalProperties, false);
    assert.equal(fake.auth[0], 'Bearer sk-test');
  } finally {
    await fake.web.close();
  }
});

test('429 with Retry-After and 5xx are retried; 401 is not', async () => {
  const fake = await fakeEndpoint((_b, n) =>
    n === 1 ? { status: 429, headers: { 'retry-after': '0' }, raw: 'slow down' } : n === 2 ? { status: 503, raw: 'busy' } : { content: 'hello' },
  );
  try {
    const got = await createChatClient({ baseUrl: fake.baseUrl, model: 'm', ...fast }).complete({ messages: [{ role: 'user', content: 'hi' }] });
    assert.deepEqual([got.content, got.attempts], ['hello', 3]);
  } finally {
    await fake.web.close();
  }
  const denied = await fakeEndpoint(() => ({ status: 401, raw: '{"error":"bad key"}' }));
  try {
    await assert.rejects(
      createChatClient({ baseUrl: denied.baseUrl, model: 'm', ...fast }).complete({ messages: [{ role: 'user', content: 'hi' }] }),
      (err: unknown) => {
        assert.ok(isLyraError(err));
        assert.deepEqual([err.category, err.code], ['non_retryable', 'llm_auth']);
        assert.match(err.message, /HTTP 401.*bad key/);
        return true;
      },
    );
    assert.equal(denied.bodies.length, 1);
  } finally {
    await denied.web.close();
  }
});

test('a server that never answers hits the per-attempt timeout: retryable llm_timeout', async () => {
  const fake = await fakeEndpoint(() => ({ hang: true }));
  try {
    const client = createChatClient({ baseUrl: fake.baseUrl, model: 'm', timeoutMs: 200, maxRetries: 1, ...fast });
    await assert.rejects(client.complete({ messages: [{ role: 'user', content: 'hi' }] }), (err: unknown) => {
      assert.ok(isLyraError(err));
      assert.deepEqual([err.category, err.code], ['retryable', 'llm_timeout']);
      return true;
    });
    assert.equal(fake.bodies.length, 2);
  } finally {
    await fake.web.close();
  }
});

test('an unreachable endpoint is a retryable error naming the URL', async () => {
  const web = await startLoopbackWeb();
  const baseUrl = web.url('/v1');
  await web.close();
  await assert.rejects(createChatClient({ baseUrl, model: 'm', maxRetries: 0 }).complete({ messages: [{ role: 'user', content: 'hi' }] }), (err: unknown) => {
    assert.ok(isLyraError(err));
    assert.equal(err.code, 'llm_unreachable');
    assert.ok(err.message.includes(`${baseUrl}/chat/completions`));
    return true;
  });
});

test('the concurrency limit holds requests in flight to its bound; a full queue and an abort are errors', async () => {
  const fake = await fakeEndpoint(() => ({ content: 'ok' }));
  try {
    const client = createChatClient({ baseUrl: fake.baseUrl, model: 'm', concurrency: 2, maxQueued: 3, ...fast });
    const call = (signal?: AbortSignal) => client.complete({ messages: [{ role: 'user', content: 'x' }], ...(signal ? { signal } : {}) });
    const results = await Promise.allSettled([call(), call(), call(), call(), call(), call()]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected'],
    );
    assert.match(String((results[5] as PromiseRejectedResult).reason), /maxQueued 3/);
    assert.equal(fake.maxInFlight(), 2);
    const controller = new AbortController();
    const held = [call(), call()];
    const queued = call(controller.signal);
    controller.abort(new Error('user stopped'));
    await assert.rejects(queued, /user stopped/);
    await Promise.all(held);
  } finally {
    await fake.web.close();
  }
});

test('parseRetryAfter reads seconds and HTTP dates', () => {
  assert.equal(parseRetryAfter('3'), 3000);
  assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), 10_000);
  assert.equal(parseRetryAfter('soon'), undefined);
  assert.equal(parseRetryAfter(null), undefined);
});
