// The local corpus as a SearchProvider, fully offline: BM25 over the store's full-text index, and with a
// sentence encoder (`dense`) BM25's best DENSE_POOL documents re-ordered by words and meaning together
// (hybrid-rank.ts). Queries in Latin script only: the shipped encoder reads English, so a Japanese (or
// Korean, Cyrillic…) query keeps BM25's order over the index's own tokenizer.
import {
  corpusDocumentUrl,
  cosineSimilarity,
  setNewest,
  throwIfAborted,
  type CorpusHit,
  type EmbeddingModel,
  type SearchHit,
  type SearchProvider,
  type SearchRequest,
  type Store,
} from '../../core/index.js';
import { DENSE_POOL, DENSE_WEIGHT, hybridScores, inLatinScript } from './hybrid-rank.js';
import { documentPassages } from './passages.js';

// The corpus:// scheme lives in core/url.ts (workflows read it too); kept exported from here.
export { corpusDocumentUrl, parseCorpusUrl } from '../../core/index.js';

export interface CorpusDenseOptions {
  /** The sentence encoder. */
  encoder: EmbeddingModel;
  /** Weight of the cosine against the scaled word score (default DENSE_WEIGHT). */
  weight?: number;
  /** BM25 documents re-read by the encoder (default DENSE_POOL). */
  pool?: number;
  /**
   * Read a document longer than one passage in passages too, its cosine the best of the lead's and theirs
   * (passages.ts; default true). False: the lead alone, as before passages.
   */
  passages?: boolean;
}

export interface CorpusSearchProviderOptions {
  store: Store;
  corpus?: string;
  /** Re-order BM25's best documents by meaning too; absent: BM25 alone. */
  dense?: CorpusDenseOptions;
  /** Where documents' passages are kept cut (default: a memo of this provider's own). */
  passageMemo?: PassageMemo;
}

/**
 * Documents whose passages a provider keeps cut: a research run's searches bring the same documents back
 * again and again, and cutting them (sentence splitting) took 4 of the README quick start's 60 seconds.
 */
export const PASSAGE_MEMO_DOCS = 2_000;

/** A document's passages (passages.ts), cut once while its title and text stay the same. */
export type PassageMemo = (hit: CorpusHit) => string[];

/**
 * A memo of documents' passages, the documents cut longest ago dropped past PASSAGE_MEMO_DOCS. Share one
 * between the providers of one engine (it makes a provider per search).
 */
export function createPassageMemo(): PassageMemo {
  const memo = new Map<string, { title: string; text: string; passages: string[] }>();
  return (hit) => {
    const key = `${hit.corpus}\u0000${hit.id}`;
    const kept = memo.get(key);
    if (kept && kept.title === hit.title && kept.text === hit.text) return kept.passages;
    const passages = documentPassages(hit.title, hit.text);
    setNewest(memo, key, { title: hit.title, text: hit.text, passages }, PASSAGE_MEMO_DOCS);
    return passages;
  };
}

export function createCorpusSearchProvider(options: CorpusSearchProviderOptions): SearchProvider {
  const { store, corpus, dense } = options;
  const passagesOf = options.passageMemo ?? createPassageMemo();
  return {
    name: 'corpus',
    search: async (request: SearchRequest): Promise<SearchHit[]> => {
      throwIfAborted(request.signal);
      const useDense = dense !== undefined && inLatinScript(request.query);
      const pool = store.searchCorpus(request.query, { corpus, limit: useDense ? Math.max(request.limit, dense.pool ?? DENSE_POOL) : request.limit });
      const ranked = useDense && pool.length > 1 ? await rerank(pool, request, dense, passagesOf) : pool;
      return ranked.slice(0, request.limit).map((h, i) => ({
        // A document with a web URL of its own is cited by it; one ingested from a file (file://) or a
        // record without a URL is read from the corpus by its corpus:// URL (the pipeline accepts no file: URL).
        url: h.url && /^https?:\/\//i.test(h.url) ? h.url : corpusDocumentUrl(h.corpus, h.id),
        title: h.title,
        snippet: h.snippet,
        score: h.score,
        rank: i + 1,
        provider: 'corpus',
        id: h.id,
        corpus: h.corpus,
      }));
    },
  };
}

/** The pool best first by the fused score, each hit's score replaced by it; ties keep BM25's order. */
async function rerank(pool: CorpusHit[], request: SearchRequest, dense: CorpusDenseOptions, passagesOf: PassageMemo): Promise<CorpusHit[]> {
  const passages = pool.map((h) => (dense.passages === false ? [] : passagesOf(h)));
  const texts = [request.query, ...pool.map((h) => h.lead), ...passages.flat()];
  const [query, ...vectors] = await dense.encoder.embed(texts, request.signal ? { signal: request.signal } : {});
  let next = pool.length;
  const cosines = pool.map((_, i) => {
    let best = cosineSimilarity(query!, vectors[i]!);
    for (let k = 0; k < passages[i]!.length; k++) best = Math.max(best, cosineSimilarity(query!, vectors[next++]!));
    return best;
  });
  const fused = hybridScores(
    pool.map((h, i) => ({ score: h.score, cosine: cosines[i]! })),
    dense.weight ?? DENSE_WEIGHT,
  );
  return pool
    .map((h, i) => ({ h: { ...h, score: fused[i]! }, i }))
    .sort((a, b) => b.h.score - a.h.score || a.i - b.i)
    .map(({ h }) => h);
}
