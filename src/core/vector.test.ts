import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cosineSimilarity } from './vector.js';

test('cosineSimilarity: orthogonal 0, parallel 1, opposite -1, a zero vector 0', () => {
  assert.equal(cosineSimilarity(Float32Array.from([1, 0]), Float32Array.from([0, 1])), 0);
  assert.ok(Math.abs(cosineSimilarity(Float32Array.from([1, 1]), Float32Array.from([2, 2])) - 1) < 1e-6);
  assert.ok(Math.abs(cosineSimilarity(Float32Array.from([1, 2]), Float32Array.from([-1, -2])) + 1) < 1e-6);
  assert.equal(cosineSimilarity(Float32Array.from([0, 0]), Float32Array.from([1, 1])), 0);
});
