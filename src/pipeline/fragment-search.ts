// Vector search over one task's fragments: the query and the fragments are embedded with the
// engine's embedding model (its vector cache makes a repeated search cheap) and ranked by cosine
// similarity. Bounded: at most `maxFragments` fragments are compared, in document order, and the
// count compared is reported, so a task larger than the bound says so instead of hiding it.
import {
  InvalidInputError,
  cosineSimilarity,
  throwIfAborted,
  type EmbeddingModel,
  type Page,
  type Store,
  type VectorHit,
  type VectorSearchResult,
} from '../core/index.js';
import type { TrustResolver } from './deps.js';
import { createSourceResolver, quoteWindow } from './materials/index.js';

/** Texts embedded per model call. */
export const EMBED_BATCH = 64;

export interface FragmentSearchInput {
  taskId: string;
  query: string;
  limit: number;
  /** Hits below this cosine similarity are left out (default 0). */
  minScore?: number;
  maxFragments: number;
  /** Longest hit text, from the fragment's start (characters). */
  quoteChars: number;
  signal?: AbortSignal;
}

export async function searchFragments(
  deps: { store: Store; embedding: EmbeddingModel; trust: TrustResolver },
  input: FragmentSearchInput,
): Promise<VectorSearchResult> {
  const { store, embedding } = deps;
  if (!store.getTask(input.taskId))
    throw new InvalidInputError(`vector search: no task ${JSON.stringify(input.taskId)}`, { code: 'task_not_found', details: { taskId: input.taskId } });
  const all = store.listTaskFragments(input.taskId);
  const fragments = all.slice(0, input.maxFragments);
  const opts = input.signal ? { signal: input.signal } : {};
  const [q] = await embedding.embed([input.query], opts);
  const scored: Array<{ index: number; score: number }> = [];
  for (let i = 0; i < fragments.length; i += EMBED_BATCH) {
    throwIfAborted(input.signal);
    const batch = fragments.slice(i, i + EMBED_BATCH);
    const vectors = await embedding.embed(
      batch.map((f) => f.text),
      opts,
    );
    vectors.forEach((v, j) => scored.push({ index: i + j, score: cosineSimilarity(q!, v) }));
  }
  const minScore = input.minScore ?? 0;
  const top = scored
    .filter((s) => s.score >= minScore)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, input.limit);
  const sourceOf = createSourceResolver(deps.trust);
  const pages = new Map<string, Page | undefined>();
  const hits: VectorHit[] = [];
  for (const t of top) {
    const f = fragments[t.index]!;
    if (!pages.has(f.pageId)) pages.set(f.pageId, store.getPage(f.pageId));
    const page = pages.get(f.pageId);
    if (!page) continue;
    hits.push({
      fragmentId: f.id,
      pageId: page.id,
      url: page.url,
      trustLevel: sourceOf(page).trustLevel,
      score: Math.round(t.score * 10_000) / 10_000,
      text: quoteWindow(f.text, { maxChars: input.quoteChars }).quote,
      fragmentChars: f.text.length,
      locator: f.locator,
    });
  }
  return { hits, fragmentsCompared: fragments.length, fragmentsInTask: all.length, model: embedding.name };
}
