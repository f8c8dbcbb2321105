// sources/papers: the canonical paper index and the multi-source operations built on it.
export { TITLE_MATCH_MIN_CHARS, createPaperIndex, normalizeTitle, titleKey } from './canonical-index.js';
export type { CanonicalPaper, PaperIndex, PaperSourceRecord } from './canonical-index.js';
export { mergeFields, mergeIdentifiers, richerTitle } from './merge-fields.js';
export type { MergeableFields } from './merge-fields.js';
export { DEFAULT_SOURCE_TIMEOUT_MS, allSourcesFailed, runSource } from './source-outcome.js';
export type { RunSourceOptions, SourceOutcome, SourceRun, SourceWarning } from './source-outcome.js';
export { searchAll } from './search-all.js';
export type { SearchAllOptions, SearchAllResult } from './search-all.js';
export { DEFAULT_EXPANSION_ROUNDS, MAX_ENRICH_IDENTIFIERS, enrichIdentifiers, lookupPaper } from './enrich.js';
export type { EnrichIdentifiersOptions, EnrichResult, LookupPaperOptions, LookupPaperResult } from './enrich.js';
export { collectCitations } from './citations.js';
export type { CitationDirection, CitationEntry, CitationsResult, CollectCitationsOptions } from './citations.js';
