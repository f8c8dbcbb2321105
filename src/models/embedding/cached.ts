// Wraps an EmbeddingModel with a VectorCache: only texts not seen before reach the model.
import type { EmbeddingModel } from '../../core/index.js';
export { cosineSimilarity } from '../../core/index.js';
import type { VectorCache } from './vector-cache.js';

export function withVectorCache(model: EmbeddingModel, cache: VectorCache): EmbeddingModel {
  return {
    name: model.name,
    dimensions: model.dimensions,
    async embed(texts, options) {
      const out: Array<Float32Array | undefined> = texts.map((t) => cache.get(model.name, t));
      const missing = [...new Set(texts.filter((_, i) => out[i] === undefined))];
      if (missing.length > 0) {
        const vectors = await model.embed(missing, options);
        const byText = new Map(missing.map((t, i) => [t, vectors[i]!]));
        for (const [t, v] of byText) cache.set(model.name, t, v);
        texts.forEach((t, i) => (out[i] ??= byText.get(t)));
      }
      return out as Float32Array[];
    },
  };
}
