export { DEFAULT_VECTOR_CACHE_ENTRIES, createMemoryVectorCache, createSqliteVectorCache } from './vector-cache.js';
export type { VectorCache } from './vector-cache.js';
export { cosineSimilarity, withVectorCache } from './cached.js';
export { createTransformersEmbeddingModel, transformersEmbeddingOptionsSchema } from './transformers-embedding.js';
export type { TransformersEmbeddingOptions } from './transformers-embedding.js';
export { RETRIEVAL_ENCODER_ID, SHIPPED_ENCODER_ID, createRetrievalEncoder, createShippedEncoder } from './shipped-encoder.js';
export { createStaticVectors, withStaticVectors } from './static-vectors.js';
export type { StaticVectors } from './static-vectors.js';
