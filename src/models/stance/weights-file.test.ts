// The weights file format round-trips and rejects files made for other feature code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HAND_FEATURES, tokenInputSize } from './features.js';
import { createParams, DENSE_TENSORS } from './network.js';
import { seededRandom } from './trainer.js';
import { decodeWeights, encodeWeights } from './weights-file.js';
import { quantizeVectors } from './word-vectors.js';
import { NonRetryableError } from '../../core/index.js';

const dims = 4;
const shape = { embedDims: tokenInputSize(dims), hidden: 3, handSize: HAND_FEATURES.length, top: 5, hashBuckets: 16 };

function encoded(overrides: Partial<typeof shape> = {}): Buffer {
  const params = createParams({ ...shape, ...overrides }, seededRandom(1));
  params.wide[7] = 0.25;
  const vectors = quantizeVectors(Float32Array.from([1, 0, 0, 0, 0, 0.6, 0.8, 0]));
  return encodeWeights({ params, words: ['cat', 'dog'], vectors, vectorDims: dims, antonyms: [['up', 'down']], temperature: 1.5, threshold: 0.4, maxTokens: 80 });
}

test('encode then decode gives the same parameters, vocabulary and antonyms', () => {
  const params = createParams(shape, seededRandom(1));
  const w = decodeWeights(encoded(), 'mem.bin');
  for (const name of DENSE_TENSORS) assert.deepEqual([...w.params[name]], [...params[name]], name);
  assert.equal(w.params.wide[7], 0.25);
  assert.equal(w.temperature, 1.5);
  assert.equal(w.threshold, 0.4);
  assert.equal(w.maxTokens, 80);
  assert.ok(Math.abs(w.vectors.get('dog')![1]! - 0.6) < 0.01);
  assert.ok(w.antonyms.has('down|up') && w.antonyms.has('up|down'));
});

test('a file made for a different token input size is corrupt', () => {
  assert.throws(() => decodeWeights(encoded({ embedDims: shape.embedDims + 1 }), 'old.bin'), (e: unknown) => e instanceof NonRetryableError && e.code === 'model_weights_corrupt' && e.message.includes('old.bin'));
});

test('an ensemble round-trips: every member keeps its shape and tensors', () => {
  const main = createParams(shape, seededRandom(1));
  const second = createParams({ ...shape, hidden: 4, top: 2 }, seededRandom(2));
  second.wide[3] = -0.5;
  const vectors = quantizeVectors(Float32Array.from([1, 0, 0, 0, 0, 0.6, 0.8, 0]));
  const bytes = encodeWeights({ params: main, ensemble: [second], words: ['cat', 'dog'], vectors, vectorDims: dims, antonyms: [], temperature: 1, threshold: 0.5, maxTokens: 80 });
  const w = decodeWeights(bytes, 'ensemble.bin');
  assert.equal(w.members.length, 2);
  assert.equal(w.members[1]!.hidden, 4);
  assert.equal(w.members[1]!.top, 2);
  for (const name of DENSE_TENSORS) assert.deepEqual([...w.members[1]![name]], [...second[name]], name);
  assert.equal(w.members[1]!.wide[3], -0.5);
  assert.deepEqual([...w.params.wf], [...main.wf]);
  assert.equal(decodeWeights(encoded(), 'single.bin').members.length, 1);
});
