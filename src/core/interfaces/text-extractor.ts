// HTML/PDF → main text, metadata and identifiers.
import type { Identifiers, Locator } from '../entities.js';

export interface ExtractRequest {
  url: string;
  contentType: string;
  /** Decoded text for HTML/text types. */
  text?: string;
  /** Raw bytes for binary types (PDF). */
  body?: Uint8Array;
  signal?: AbortSignal;
}

export interface ExtractedSection {
  headingPath: string[];
  paragraphs: string[];
}

/** Kinds of scholarly identifier found in documents. */
export type IdentifierType = 'doi' | 'pmid' | 'pmcid' | 'arxiv' | 's2' | 'openalex';
/** Where an identifier was found: the document's URL or metadata (its own), or a link / the text (cited). */
export type IdentifierSource = 'url' | 'meta' | 'link' | 'text';

export interface FoundIdentifier {
  type: IdentifierType;
  /** Canonical value (DOI lower case, `PMC…`, arXiv id without version, …). */
  value: string;
  source: IdentifierSource;
  /** arXiv version as found (`v2`). */
  version?: string;
}

/** Where a fragment sits: heading path, paragraph index, character offsets in `text`, PDF page (1-based). */
export type FragmentLocator = Locator & { page?: number };

export interface ExtractedFragment {
  /** Verbatim substring of the document's `text` (at `locator.charStart`–`charEnd`). */
  text: string;
  locator: FragmentLocator;
  /** Block kind: paragraph, list-item, quote, code, table-row, caption. */
  kind: string;
}

export type ExtractedFormat = 'html' | 'pdf' | 'text' | 'markdown';

export interface ExtractedDocument {
  url: string;
  title?: string;
  byline?: string;
  publishedAt?: string;
  siteName?: string;
  language?: string;
  /** Main text, paragraphs separated by blank lines. */
  text: string;
  sections: ExtractedSection[];
  identifiers: Identifiers;
  /** DOIs, arXiv and PubMed links found in the page (seed 000 Phase 6 → Phase 3). */
  academicLinks: string[];
  links: string[];
  warnings: string[];
  /** Input format the extractor used. */
  format?: ExtractedFormat;
  /** Published time as the document states it; `publishedAt` is its ISO form when it parses. */
  publishedTime?: string;
  excerpt?: string;
  /** False when the page was not an article for Readability and `text` is the whole body. */
  readerable?: boolean;
  /** Quotable pieces of `text` with locators. */
  fragments?: ExtractedFragment[];
  /** Every identifier found, with its source; `identifiers` keeps the document's own. */
  foundIdentifiers?: FoundIdentifier[];
  /** PDF: text of each page (1-based `page`). */
  pages?: Array<{ page: number; text: string }>;
}

export interface TextExtractor {
  extract(request: ExtractRequest): Promise<ExtractedDocument>;
}
