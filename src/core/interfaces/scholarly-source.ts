// Scholarly databases (Semantic Scholar, OpenAlex, Crossref, arXiv, PubMed) behind one interface.
import type { Identifiers } from '../entities.js';

export interface Paper {
  /** The source's own id (S2 paperId, OpenAlex W-id, DOI for Crossref, arXiv id, PMID). */
  id: string;
  source: string;
  title: string;
  abstract?: string;
  year?: number;
  publishedAt?: string;
  authors: string[];
  venue?: string;
  url?: string;
  openAccessUrl?: string;
  citationCount?: number;
  /** Number of works the paper cites, as the source counts them. */
  referenceCount?: number;
  identifiers: Identifiers;
}

export interface CitationLink {
  paper: Paper;
  /** Semantic Scholar's isInfluential; always false from sources that lack it (OpenAlex). */
  influential: boolean;
}

export interface ScholarlyRequestOptions {
  signal?: AbortSignal;
  /** Told about records a source returned but the client had to skip (no title, unresolved id), so nothing vanishes silently. */
  onWarning?: (message: string) => void;
}

export interface ScholarlySearchOptions extends ScholarlyRequestOptions {
  limit: number;
}

export interface ScholarlySource {
  readonly name: string;
  /** Identifier kinds getPaper understands (`doi:`, `pmid:`…); absent means only the source's own ids. */
  readonly lookupKinds?: ReadonlyArray<keyof Identifiers>;
  search(query: string, options: ScholarlySearchOptions): Promise<Paper[]>;
  /** Looks a paper up by the source's id or by a `doi:`/`pmid:`/`arxiv:` prefixed identifier; undefined when not found. */
  getPaper(id: string, options?: ScholarlyRequestOptions): Promise<Paper | undefined>;
  /** Batch lookup (one request for many ids where the API allows it); result i answers ids[i]. */
  getPapers?(ids: string[], options?: ScholarlyRequestOptions): Promise<Array<Paper | undefined>>;
  /** Works this paper cites. Sources without citation data omit the method. */
  getReferences?(id: string, options: ScholarlySearchOptions): Promise<CitationLink[]>;
  /** Works that cite this paper. */
  getCitations?(id: string, options: ScholarlySearchOptions): Promise<CitationLink[]>;
}
