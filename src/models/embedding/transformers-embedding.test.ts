import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTinyEncoderModel } from '../../test-support/tiny-nli-model.js';
import { cosineSimilarity, createTransformersEmbeddingModel } from './index.js';

test('transformers embeddings: a real ONNX encoder, mean-pooled over the attention mask and L2-normalized, in input order', async () => {
  const modelsDir = mkdtempSync(join(tmpdir(), 'lyra-emb-'));
  try {
    writeTinyEncoderModel({ modelsDir, modelId: 'test/tiny-encoder' });
    const model = createTransformersEmbeddingModel({ modelId: 'test/tiny-encoder', modelsDir, batchSize: 2 });
    assert.equal(model.name, 'transformers:test/tiny-encoder:fp32');
    assert.equal(model.dimensions, 2);
    const [a, b, c] = await model.embed(['no no no, it is false', 'yes', 'yes and no']);
    const close = (v: Float32Array, want: number[]) =>
      assert.ok(
        v.every((x, i) => Math.abs(x - want[i]!) < 1e-5),
        `${[...v]} vs ${want}`,
      );
    close(a!, [0, 1]);
    close(b!, [1, 0]);
    close(c!, [Math.SQRT1_2, Math.SQRT1_2]);
    assert.ok(Math.abs(cosineSimilarity(b!, c!) - Math.SQRT1_2) < 1e-5);
    assert.deepEqual(await model.embed([]), []);
  } finally {
    rmSync(modelsDir, { recursive: true, force: true });
  }
});

test('transformers embeddings: a missing model folder is a non-retryable error naming the path', async () => {
  const model = createTransformersEmbeddingModel({ modelId: 'nobody/absent', modelsDir: '/nonexistent-models' });
  await assert.rejects(model.embed(['x']), /\/nonexistent-models\/nobody\/absent\/config\.json.*lyra models pull/);
  assert.throws(() => model.dimensions, /model_not_found|missing/);
});
