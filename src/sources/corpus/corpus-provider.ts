// The local corpus as a SearchProvider: BM25 over the SQLite FTS5 index, fully offline.
import { corpusDocumentUrl, throwIfAborted, type SearchHit, type SearchProvider, type SearchRequest, type Store } from '../../core/index.js';

// The corpus:// scheme lives in core/url.ts (workflows read it too); kept exported from here.
export { corpusDocumentUrl, parseCorpusUrl } from '../../core/index.js';

export function createCorpusSearchProvider(options: { store: Store; corpus?: string }): SearchProvider {
  return {
    name: 'corpus',
    search: async (request: SearchRequest): Promise<SearchHit[]> => {
      throwIfAborted(request.signal);
      const hits = options.store.searchCorpus(request.query, { corpus: options.corpus, limit: request.limit });
      return hits.map((h, i) => ({
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
