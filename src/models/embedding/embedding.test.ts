import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddingModel } from '../../core/index.js';
import { MERGE_EMBEDDING_THRESHOLD } from '../../extract/index.js';
import { createEmbeddingModel } from '../factory.js';
import { cosineSimilarity, createMemoryVectorCache, createSqliteVectorCache, withVectorCache } from './index.js';

test('the default embedding (the shipped encoder) embeds offline: 384 dims, paraphrases closer than unrelated text, order kept', async () => {
  const model = createEmbeddingModel();
  const texts = ['Aspirin lowers the risk of heart attack.', 'The stock market fell sharply on Monday.', 'Heart attack risk is reduced by aspirin.'];
  const [a, b, c] = await model.embed(texts);
  assert.equal(a!.length, 384);
  assert.equal(model.dimensions, 384);
  assert.ok(cosineSimilarity(a!, c!) > cosineSimilarity(a!, b!) + 0.2, 'paraphrase should be much closer than unrelated text');
  const [c2] = await model.embed([texts[2]!]);
  assert.ok(cosineSimilarity(c!, c2!) > 0.999, 'same text gives the same vector whatever the batch');
});

test('Japanese sentences get vectors of their own: unrelated ones stay under the merge bar (USE-lite gave every one the same vector)', async () => {
  const [a, b, c] = await createEmbeddingModel().embed([
    '男性がギターを弾いている。',
    '子供たちが公園でサッカーをしている。',
    '地球温暖化により海面が上昇している。',
  ]);
  for (const [x, y] of [
    [a!, b!],
    [a!, c!],
    [b!, c!],
  ] as const)
    assert.ok(cosineSimilarity(x, y) < MERGE_EMBEDDING_THRESHOLD, String(cosineSimilarity(x, y)));
});

test('the default embedding honours an aborted signal', async () => {
  await assert.rejects(createEmbeddingModel().embed(['x'], { signal: AbortSignal.abort(new Error('stopped')) }), /stopped/);
});

function countingModel(): EmbeddingModel & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    name: 'fake',
    dimensions: 2,
    calls,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((t) => Float32Array.from([t.length, 1]));
    },
  };
}

test('withVectorCache sends only unseen, de-duplicated texts to the model', async () => {
  const inner = countingModel();
  const cached = withVectorCache(inner, createMemoryVectorCache({ maxEntries: 10 }));
  const first = await cached.embed(['aa', 'b', 'aa']);
  assert.deepEqual(
    first.map((v) => v[0]),
    [2, 1, 2],
  );
  await cached.embed(['b', 'ccc']);
  assert.deepEqual(inner.calls, [['aa', 'b'], ['ccc']]);
});

test('memory cache evicts the least recently used beyond its bound', () => {
  const cache = createMemoryVectorCache({ maxEntries: 2 });
  cache.set('m', 'a', Float32Array.from([1]));
  cache.set('m', 'b', Float32Array.from([2]));
  cache.get('m', 'a');
  cache.set('m', 'c', Float32Array.from([3]));
  assert.equal(cache.get('m', 'b'), undefined);
  assert.deepEqual([...(cache.get('m', 'a') ?? [])], [1]);
});

test('sqlite cache persists vectors across reopen and keeps within its bound', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-vec-'));
  try {
    const path = join(dir, 'vectors.db');
    const c1 = createSqliteVectorCache({ path, maxEntries: 300 });
    for (let i = 0; i < 600; i++) c1.set('m', `t${i}`, Float32Array.from([i, 0.5]));
    c1.close?.();
    const c2 = createSqliteVectorCache({ path, maxEntries: 300 });
    assert.deepEqual([...(c2.get('m', 't599') ?? [])], [599, 0.5]);
    assert.equal(c2.get('m', 't0'), undefined, 'oldest entries were evicted');
    assert.equal(c2.get('other-model', 't599'), undefined, 'keys include the model');
    c2.close?.();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('cosineSimilarity', () => {
  assert.equal(cosineSimilarity(Float32Array.from([1, 0]), Float32Array.from([0, 1])), 0);
  assert.ok(Math.abs(cosineSimilarity(Float32Array.from([1, 1]), Float32Array.from([2, 2])) - 1) < 1e-6);
  assert.equal(cosineSimilarity(Float32Array.from([0, 0]), Float32Array.from([1, 1])), 0);
});
