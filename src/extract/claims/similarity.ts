// Embedding similarity for claim merging: paraphrases that share few words ("Aspirin lowers heart
// attack risk" / "Heart attack risk is reduced by aspirin") meet when their statement vectors are
// close. The model is any core EmbeddingModel (models/ builds one; extract/ only sees the interface).
import { cosineSimilarity, InvalidInputError, throwIfAborted, type EmbeddingModel } from '../../core/index.js';
import { mergeClaims, type MergeOptions, type NormalizedClaim } from './normalize.js';

/** Most claims embedded and compared in one merge (comparison is quadratic in the worst case). */
export const MAX_CLAIMS_PER_MERGE = 5_000;

export interface EmbeddingSimilarityOptions {
  claims: NormalizedClaim[];
  model: EmbeddingModel;
  /** Statements already embedded by `model` (e.g. for the claim screen): not embedded again. */
  vectors?: ReadonlyMap<string, Float32Array>;
  signal?: AbortSignal;
}

/**
 * Embeds every statement once and returns a cosine similarity over claims, for
 * `MergeOptions.similarity`. A claim not in `claims` is an error, not a similarity of 0.
 */
export async function createEmbeddingSimilarity(options: EmbeddingSimilarityOptions): Promise<(a: NormalizedClaim, b: NormalizedClaim) => number> {
  const { claims, model, signal } = options;
  if (claims.length > MAX_CLAIMS_PER_MERGE) {
    throw new InvalidInputError(`claim merge: ${claims.length} claims exceed the limit of ${MAX_CLAIMS_PER_MERGE}`, { code: 'claims_too_many' });
  }
  throwIfAborted(signal);
  const byStatement = new Map(options.vectors ?? []);
  const statements = [...new Set(claims.map((c) => c.statement))].filter((s) => !byStatement.has(s));
  const vectors = statements.length > 0 ? await model.embed(statements, signal ? { signal } : {}) : [];
  statements.forEach((s, i) => byStatement.set(s, vectors[i]!));
  const vectorOf = (c: NormalizedClaim): Float32Array => {
    const v = byStatement.get(c.statement);
    if (!v) throw new InvalidInputError(`claim merge: no vector for claim ${c.claimId} (not among the embedded claims)`, { code: 'claim_not_embedded' });
    return v;
  };
  return (a, b) => cosineSimilarity(vectorOf(a), vectorOf(b));
}

/** mergeClaims with embedding similarity (threshold MERGE_EMBEDDING_THRESHOLD unless given). */
export async function mergeClaimsWithEmbeddings(options: EmbeddingSimilarityOptions & Omit<MergeOptions, 'similarity'>): Promise<NormalizedClaim[]> {
  const similarity = await createEmbeddingSimilarity(options);
  const { claims, model: _model, signal: _signal, vectors: _vectors, ...merge } = options;
  return mergeClaims(claims, { ...merge, similarity });
}
