// What the consensus workflow needs from the outside, injected by app/: search providers, a source
// of document text, the trust of a source, and the models. Interfaces only; no implementation here.
import type { EmbeddingModel, SearchHit, SearchProvider, StanceModel, TrustLevel } from '../../core/index.js';
import type { AgentSourceType } from './types.js';

/** Trust of a source: Lyra's trust level and its score (DESIGN.md "Source reliability"). */
export interface SourceTrust {
  level: TrustLevel;
  score: number;
}

/** Where a source lives: its URL, and for local corpus documents the corpus and document id. */
export interface SourceLocation {
  url: string;
  corpus?: string;
  id?: string;
}

/** Trust of a source: the domain policy for web URLs, the corpus's level for URL-less corpus documents. */
export type TrustFunction = (source: SourceLocation) => SourceTrust;

/** Text of one source, ready for sentence splitting. */
export interface SourceDocument {
  /** The hit's URL (corpus://… for URL-less corpus documents), so covered-source checks match. */
  url: string;
  title: string;
  /** Main text, paragraphs separated by blank lines. */
  text: string;
  publishedAt?: string;
  fetchedAt: string;
  corpus?: string;
  documentId?: string;
}

/**
 * Text of a search hit: fetch + extract for http(s) URLs, a store lookup for local corpus hits.
 * Throws a LyraError naming the URL when the text cannot be had.
 */
export interface DocumentSource {
  read(hit: SearchHit, options?: { signal?: AbortSignal }): Promise<SourceDocument>;
}

/**
 * A search provider for the agents. A provider with `sourceTypes` (e.g. scholarly databases →
 * `academic`) is asked only by agents preferring one of them, and its hits count as that type.
 */
export interface ConsensusSearchProvider {
  provider: SearchProvider;
  sourceTypes?: AgentSourceType[];
}

/** What ResearchAgent works with. */
export interface AgentDependencies {
  search: ConsensusSearchProvider[];
  documents: DocumentSource;
  trust: TrustFunction;
  /** Clock for time-range filters and timestamps (tests fix it). */
  now?: () => Date;
}

/** What ReportScorer works with. */
export interface ScorerDependencies {
  stance: StanceModel;
  /** Pairs statements by meaning; without it, by shared words. */
  embedding?: EmbeddingModel;
}
