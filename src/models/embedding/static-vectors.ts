// Vectors computed ahead of time (the shipped example corpus's fragments, corpora/example/vectors.*),
// read-only and found by the SHA-256 of their text, as the vector cache keys them. Layered under the
// vector cache: a text the cache lacks is looked up here before the model computes it, so the result is
// the same vector either way, only sooner.
import { InvalidInputError, contentHash } from '../../core/index.js';
import type { VectorCache } from './vector-cache.js';

export interface StaticVectors {
  /** The embedding model that computed them (its `name`): only that model's lookups are answered. */
  readonly model: string;
  readonly dimensions: number;
  readonly size: number;
  get(text: string): Float32Array | undefined;
}

/** `hashes[i]` (hex SHA-256 of a text) → `vectors[i*dimensions … (i+1)*dimensions)`. */
export function createStaticVectors(options: { model: string; dimensions: number; hashes: readonly string[]; vectors: Float32Array }): StaticVectors {
  const { model, dimensions, hashes, vectors } = options;
  if (vectors.length !== hashes.length * dimensions)
    throw new InvalidInputError(`static vectors of ${model}: ${vectors.length} floats for ${hashes.length} texts of ${dimensions} dimensions`, {
      code: 'static_vectors_invalid',
    });
  const index = new Map(hashes.map((h, i) => [h, i]));
  return {
    model,
    dimensions,
    size: hashes.length,
    get(text) {
      const i = index.get(contentHash(text));
      return i === undefined ? undefined : vectors.slice(i * dimensions, (i + 1) * dimensions);
    },
  };
}

/**
 * A vector cache whose misses are answered from static vectors of the same model, loaded on the first
 * miss (`load` may read files). Writes go to the cache underneath; without one, nothing is kept.
 */
export function withStaticVectors(cache: VectorCache | undefined, load: () => readonly StaticVectors[]): VectorCache {
  let sources: readonly StaticVectors[] | undefined;
  return {
    get(model, text) {
      const hit = cache?.get(model, text);
      if (hit) return hit;
      sources ??= load();
      for (const s of sources) {
        if (s.model !== model) continue;
        const v = s.get(text);
        if (v) return v;
      }
      return undefined;
    },
    set(model, text, vector) {
      cache?.set(model, text, vector);
    },
    close() {
      cache?.close?.();
    },
  };
}
