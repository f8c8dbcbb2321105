// What an identifier found in a document looks like, and where it came from (types live in core so
// ExtractedDocument can carry them; the value lists live here).
import type { FoundIdentifier, IdentifierSource, IdentifierType } from '../../core/index.js';

export type { FoundIdentifier, IdentifierSource, IdentifierType };

/** Scholarly identifier kinds Lyra resolves through the scholarly APIs (seed 000 Phase 3). */
export const IDENTIFIER_TYPES = ['doi', 'pmid', 'pmcid', 'arxiv', 's2', 'openalex'] as const satisfies readonly IdentifierType[];

/**
 * Where an identifier was found, strongest first: the document's own URL, its metadata (meta tags,
 * JSON-LD, canonical link), a link in the main content, or the main text. Only `url` and `meta`
 * describe the document itself; `link` and `text` are works it cites or mentions.
 */
export const IDENTIFIER_SOURCES = ['url', 'meta', 'link', 'text'] as const satisfies readonly IdentifierSource[];
