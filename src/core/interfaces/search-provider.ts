// Web and corpus search behind one interface (SearXNG, DuckDuckGo, local corpus…).

export interface SearchRequest {
  /** The query as the client wrote it; operators (`site:`, `filetype:`, quotes) pass through. */
  query: string;
  limit: number;
  language?: string;
  signal?: AbortSignal;
}

export interface SearchHit {
  url: string;
  title: string;
  snippet: string;
  /** Provider's own score or rank-derived score; higher is better. */
  score: number;
  rank: number;
  provider: string;
  id?: string;
  /** For hits of the local corpus provider: the corpus holding document `id`. */
  corpus?: string;
  publishedAt?: string;
}

export interface SearchProvider {
  readonly name: string;
  search(request: SearchRequest): Promise<SearchHit[]>;
}
