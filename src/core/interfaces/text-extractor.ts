// HTML/PDF → main text, metadata and identifiers.
import type { Identifiers } from '../entities.js';

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
}

export interface TextExtractor {
  extract(request: ExtractRequest): Promise<ExtractedDocument>;
}
