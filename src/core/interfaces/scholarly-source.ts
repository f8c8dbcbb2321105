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
  identifiers: Identifiers;
}

export interface CitationLink {
  paper: Paper;
  /** Semantic Scholar's isInfluential; always false from sources that lack it (OpenAlex). */
  influential: boolean;
}

export interface ScholarlyRequestOptions {
  signal?: AbortSignal;
}

export interface ScholarlySearchOptions extends ScholarlyRequestOptions {
  limit: number;
}

export interface ScholarlySource {
  readonly name: string;
  search(query: string, options: ScholarlySearchOptions): Promise<Paper[]>;
  /** Looks a paper up by the source's id or by a `doi:`/`pmid:`/`arxiv:` prefixed identifier; undefined when not found. */
  getPaper(id: string, options?: ScholarlyRequestOptions): Promise<Paper | undefined>;
  /** Works this paper cites. Sources without citation data omit the method. */
  getReferences?(id: string, options: ScholarlySearchOptions): Promise<CitationLink[]>;
  /** Works that cite this paper. */
  getCitations?(id: string, options: ScholarlySearchOptions): Promise<CitationLink[]>;
}
