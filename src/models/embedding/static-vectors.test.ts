import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentHash, isLyraError } from '../../core/index.js';
import { createStaticVectors, withStaticVectors } from './static-vectors.js';
import { createMemoryVectorCache } from './vector-cache.js';

const two = () => createStaticVectors({ model: 'm', dimensions: 2, hashes: [contentHash('a'), contentHash('b')], vectors: Float32Array.from([1, 0, 0, 1]) });

test('static vectors are found by the SHA-256 of their text; a size that does not match is invalid input', () => {
  const s = two();
  assert.deepEqual([...s.get('b')!], [0, 1]);
  assert.equal(s.get('c'), undefined);
  assert.equal(s.size, 2);
  assert.throws(
    () => createStaticVectors({ model: 'm', dimensions: 3, hashes: [contentHash('a')], vectors: new Float32Array(2) }),
    (e: unknown) => isLyraError(e) && e.code === 'static_vectors_invalid',
  );
});

test('under a vector cache: the cache answers first, static vectors of the same model answer its misses, loaded once on the first miss', () => {
  const cache = createMemoryVectorCache({ maxEntries: 10 });
  let loads = 0;
  const layered = withStaticVectors(cache, () => {
    loads += 1;
    return [two()];
  });
  cache.set('m', 'a', Float32Array.from([5, 5]));
  assert.deepEqual([...layered.get('m', 'a')!], [5, 5], 'the cache first');
  assert.equal(loads, 0, 'nothing loaded while the cache answers');
  assert.deepEqual([...layered.get('m', 'b')!], [0, 1]);
  assert.equal(layered.get('other-model', 'b'), undefined, "another model's lookups are not answered");
  assert.equal(layered.get('m', 'c'), undefined);
  assert.equal(loads, 1);
  layered.set('m', 'c', Float32Array.from([2, 2]));
  assert.deepEqual([...cache.get('m', 'c')!], [2, 2], 'writes go to the cache');
});
