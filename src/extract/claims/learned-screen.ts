// The learned claim screen applied to candidates the rule screen accepted: each statement is embedded
// once, scored by the ClaimScreen, and kept when its score reaches the screen's threshold. A dropped
// sentence is only not a claim: it stays in its fragment and can still be evidence for other claims.
import { throwIfAborted, type ClaimScreen, type EmbeddingModel } from '../../core/index.js';

/** Why `screen` cannot read `model`'s vectors, or undefined when it can. */
function claimScreenMismatch(screen: ClaimScreen, model: EmbeddingModel | undefined): string | undefined {
  if (!model) return `the claim screen ${screen.name} needs the ${screen.embeddingModel} embedding model, and none is configured`;
  if (model.name !== screen.embeddingModel || model.dimensions !== screen.dimensions)
    return `the claim screen ${screen.name} reads ${screen.embeddingModel} vectors (${screen.dimensions} dimensions); the configured embedding model is ${model.name} (${model.dimensions})`;
  return undefined;
}

export interface ScreenClaimsOptions<T> {
  items: readonly T[];
  statementOf: (item: T) => string;
  screen: ClaimScreen;
  /** The embedding model configured; none, or another than the screen reads, skips the screen. */
  model: EmbeddingModel | undefined;
  signal?: AbortSignal;
}

export type ScreenClaimsResult<T> =
  | {
      kept: T[];
      dropped: T[];
      /** The vectors computed, by statement, for reuse (claim merging embeds the same statements). */
      vectors: Map<string, Float32Array>;
    }
  /** The screen cannot read the configured model's vectors (why, for the caller's warning): every item stays. */
  | { skipped: string };

export async function screenClaims<T>(options: ScreenClaimsOptions<T>): Promise<ScreenClaimsResult<T>> {
  const { items, statementOf, screen, model, signal } = options;
  const mismatch = claimScreenMismatch(screen, model);
  if (mismatch || !model) return { skipped: mismatch ?? 'no embedding model' };
  throwIfAborted(signal);
  const statements = [...new Set(items.map(statementOf))];
  const embedded = statements.length > 0 ? await model.embed(statements, signal ? { signal } : {}) : [];
  const vectors = new Map(statements.map((s, i) => [s, embedded[i]!]));
  const keep = new Map(statements.map((s) => [s, screen.score({ statement: s, vector: vectors.get(s)! }) >= screen.threshold]));
  const kept: T[] = [];
  const dropped: T[] = [];
  for (const item of items) (keep.get(statementOf(item)) ? kept : dropped).push(item);
  return { kept, dropped, vectors };
}
