import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLyraError } from '../../core/index.js';
import { fakeChatEndpoint as fakeEndpoint } from '../../test-support/fake-chat-endpoint.js';
import { createChatClient, createLlmStanceModel, RAW_ANSWER_CHARS } from './index.js';

const fast = { retryBaseDelayMs: 0, maxRetryDelayMs: 10 };

test('an unparsable answer is retried, then a retryable error with the raw answer — never a guessed value', async () => {
  const prose = `I think the passage supports the claim. ${'x'.repeat(600)}`;
  const fake = await fakeEndpoint(() => ({ content: prose }));
  try {
    const client = createChatClient({ baseUrl: fake.baseUrl, model: 'm', maxRetries: 2, ...fast });
    const model = createLlmStanceModel({ client });
    await assert.rejects(model.judge([{ claim: 'X causes Y.', passage: 'X causes Y.' }]), (err: unknown) => {
      assert.ok(isLyraError(err));
      assert.equal(err.category, 'retryable');
      assert.equal(err.code, 'llm_answer_unparsable');
      assert.equal(err.details.raw, prose.slice(0, RAW_ANSWER_CHARS));
      assert.equal(err.details.attempts, 3);
      return true;
    });
    assert.equal(fake.bodies.length, 3, 'bounded: 1 attempt + 2 retries');
  } finally {
    await fake.web.close();
  }
});

test('an answer outside the schema (sentence number out of range) is unparsable too', async () => {
  const fake = await fakeEndpoint(() => ({ content: '{"label":"supports","sentence":7,"confidence":0.9}' }));
  try {
    const model = createLlmStanceModel({ client: createChatClient({ baseUrl: fake.baseUrl, model: 'm', maxRetries: 0, ...fast }) });
    await assert.rejects(model.judge([{ claim: 'X causes Y.', passage: 'X causes Y. Z.' }]), /does not match schema stance_judgement.*sentence/);
  } finally {
    await fake.web.close();
  }
});

test('llm stance: numbered sentences in, decisive sentence by number out; long passages in windows', async () => {
  // The fake "model" supports when a sentence says "increases", refutes on "decreases".
  const fake = await fakeEndpoint((body) => {
    const lines = body.messages[1]!.content.split('\n').filter((l) => /^\[\d+\]/.test(l));
    const hit = lines.findIndex((l) => /increases|decreases/.test(l));
    const label = hit < 0 ? 'neutral' : /increases/.test(lines[hit]!) ? 'supports' : 'refutes';
    return { content: JSON.stringify({ label, sentence: Math.max(0, hit), confidence: hit < 0 ? 0.6 : 0.9 }) };
  });
  try {
    const model = createLlmStanceModel({ client: createChatClient({ baseUrl: fake.baseUrl, model: 'm', ...fast }), windowSentences: 2 });
    assert.equal(model.name, 'llm:m');
    const got = await model.judge([
      { claim: 'Coffee increases alertness.', passage: 'Coffee is a drink. Many people drink it. Caffeine increases alertness in adults.' },
      { claim: 'Coffee increases alertness.', passage: 'Coffee decreases alertness. It is brown.' },
      { claim: 'Coffee increases alertness.', passage: 'Tea is green.' },
    ]);
    assert.deepEqual(
      got.map((j) => [j.stance, j.decisiveSentence, j.confidence]),
      [
        ['supports', 'Caffeine increases alertness in adults.', 0.9],
        ['refutes', 'Coffee decreases alertness.', 0.9],
        ['neutral', 'Tea is green.', 0.6],
      ],
    );
    assert.deepEqual(got[0]!.scores, { supports: 0.9, refutes: (1 - 0.9) / 2, neutral: (1 - 0.9) / 2 });
    assert.equal(fake.bodies.length, 4, 'three sentences in windows of two make two requests for the first pair');
    assert.match(fake.bodies[0]!.messages[1]!.content, /^Claim: Coffee increases alertness\.\n\nPassage:\n\[0\] /);
  } finally {
    await fake.web.close();
  }
});
