// Corpus search by words and meaning (issue 32): BM25's best documents re-ordered by a fitted mix of
// their word score and the sentence encoder's cosine between the query and the document. Measured by
// `npm run bench:retrieval` on Check-COVID (347 abstracts; docs/guide.md "Retrieval by meaning").

/** How corpus search orders documents (config `corpus.ranking`): words and meaning, or words alone. */
export const CORPUS_RANKINGS = ['hybrid', 'bm25'] as const;
export type CorpusRanking = (typeof CORPUS_RANKINGS)[number];
export const DEFAULT_CORPUS_RANKING: CorpusRanking = 'hybrid';

/** Documents of BM25's ranking the encoder re-reads; the mix orders only these (it never adds a document BM25 missed). */
export const DENSE_POOL = 50;
/**
 * Weight of the cosine against BM25's score scaled to the pool's best (1). Fitted on Check-COVID's 1,068
 * train claims (the weight with the best gold-in-top-5 plus MRR@10 over a grid from 1 to 4; the curve is
 * flat from 2 to 4), then measured once on its 207 dev claims.
 */
export const DENSE_WEIGHT = 3;

export interface PoolEntry {
  /** The word score (BM25 re-ranked by tf-idf), higher is better. */
  score: number;
  /** Cosine of the query's and the document's vectors. */
  cosine: number;
}

/**
 * The fused score of each pool entry: score / best score + weight × cosine. A pool whose best score is
 * not positive keeps the cosine alone (every document matched as weakly).
 */
export function hybridScores(pool: readonly PoolEntry[], weight: number = DENSE_WEIGHT): number[] {
  const best = Math.max(0, ...pool.map((p) => p.score));
  return pool.map((p) => (best > 0 ? p.score / best : 0) + weight * p.cosine);
}

/** Share of a query's letters that must be Latin for the English encoder to read it. */
export const LATIN_SHARE = 0.8;

/** Whether a query is written in Latin script (LATIN_SHARE of its letters or more): only those are read by meaning. */
export function inLatinScript(query: string): boolean {
  const letters = query.match(/\p{L}/gu)?.length ?? 0;
  const latin = query.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return letters > 0 && latin / letters >= LATIN_SHARE;
}
