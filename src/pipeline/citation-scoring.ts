// Relevance of a cited or citing paper (seed 000 §提案3 3.2, 決定5: "B+C hybrid", top 10):
//   score = 0.5 × is_influential + 0.3 × embedding similarity + 0.2 × NLI relevance
// embedding similarity = cosine(embedding(source abstract), embedding(related abstract)), as the seed
// computes it (not clipped); NLI relevance = 1 − P(neutral) of the stance model on (query, related
// abstract): how much the abstract takes a side on the query, whichever side.
import { cosineSimilarity, type EmbeddingModel, type StanceModel } from '../core/index.js';

export const CITATION_WEIGHTS = { influential: 0.5, embeddingSimilarity: 0.3, nliRelevance: 0.2 } as const;
/** Related papers kept per tracked paper (seed 000 決定5). */
export const CITATION_TOP_K = 10;
/** Pairs sent to the stance model per call. */
export const NLI_BATCH = 32;

export interface CitationCandidate {
  key: string;
  abstract: string;
  influential: boolean;
}

export interface ScoredCitation extends CitationCandidate {
  similarity: number;
  nliRelevance: number;
  score: number;
}

/** Cosine similarity (re-exported from core for existing callers). */
export const cosine = cosineSimilarity;

export function citationScore(parts: { influential: boolean; similarity: number; nliRelevance: number }): number {
  return (
    (parts.influential ? CITATION_WEIGHTS.influential : 0) +
    CITATION_WEIGHTS.embeddingSimilarity * parts.similarity +
    CITATION_WEIGHTS.nliRelevance * parts.nliRelevance
  );
}

/** Scores every candidate; model failures propagate (a relevance made up without the models would be a silent fallback). */
export async function scoreCitations(options: {
  sourceText: string;
  query: string;
  candidates: CitationCandidate[];
  stance: StanceModel;
  embedding: EmbeddingModel;
  signal?: AbortSignal;
}): Promise<ScoredCitation[]> {
  const { candidates } = options;
  if (candidates.length === 0) return [];
  const signal = options.signal ? { signal: options.signal } : {};
  const vectors = await options.embedding.embed([options.sourceText, ...candidates.map((c) => c.abstract)], signal);
  const nli: number[] = [];
  for (let i = 0; i < candidates.length; i += NLI_BATCH) {
    const batch = candidates.slice(i, i + NLI_BATCH);
    const judged = await options.stance.judge(
      batch.map((c) => ({ claim: options.query, passage: c.abstract })),
      signal,
    );
    nli.push(...judged.map((j) => 1 - j.scores.neutral));
  }
  return candidates.map((c, i) => {
    const similarity = cosine(vectors[0]!, vectors[i + 1]!);
    const nliRelevance = nli[i]!;
    return { ...c, similarity, nliRelevance, score: citationScore({ influential: c.influential, similarity, nliRelevance }) };
  });
}

/** The best `k` by score; ties broken by key so the choice never depends on arrival order. */
export function topCitations<T extends { key: string; score: number }>(scored: T[], k: number): T[] {
  return [...scored].sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, k);
}
