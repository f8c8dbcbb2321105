// sources/scholarly: one client per scholarly API behind ScholarlySource, and the identifier helpers they share.
export {
  SCHOLARLY_ID_KINDS,
  formatScholarlyId,
  identifierList,
  normalizeArxivId,
  normalizeDoi,
  normalizeOpenAlexId,
  normalizePmid,
  normalizeS2Id,
  parseScholarlyId,
  withImpliedIds,
} from './identifiers.js';
export type { ScholarlyId, ScholarlyIdKind } from './identifiers.js';
export { MAX_IDENTIFIERS_PER_TEXT, findIdentifiersInText, findIdentifiersInTexts, identifiersOf } from './find-identifiers.js';
export type { FindIdentifiersOptions } from './find-identifiers.js';
export { DEFAULT_MAX_QUEUED, createRateLimiter } from './rate-limiter.js';
export type { RateLimiter, RateLimiterOptions } from './rate-limiter.js';
export { createApiClient, encodePathId, errorForApi, errorOfCategory, httpStatusError } from './http.js';
export type { ApiClient, ApiClientOptions, ApiRequest, ApiResponse } from './http.js';
export { parseJsonBody, parseJsonText, parseXmlText, validate, xmlFragmentText, zodIssueText } from './parse.js';
export type { BodyContext, XmlParseOptions } from './parse.js';
export { MAX_SEARCH_LIMIT, makePaper } from './paper.js';
export type { PaperFields } from './paper.js';
export {
  S2_BATCH_MAX,
  S2_LINKS_PAGE_MAX,
  S2_SEARCH_PAGE_MAX,
  SEMANTIC_SCHOLAR_NAME,
  createSemanticScholarSource,
  s2ToPaper,
  semanticScholarOptionsSchema,
  toS2PaperId,
} from './semantic-scholar.js';
export type { SemanticScholarOptions } from './semantic-scholar.js';
export {
  MAX_ABSTRACT_WORDS,
  OPENALEX_NAME,
  OPENALEX_OR_MAX,
  OPENALEX_PAGE_MAX,
  abstractFromInvertedIndex,
  createOpenAlexSource,
  openAlexOptionsSchema,
  openAlexToPaper,
  toOpenAlexWorkId,
} from './openalex.js';
export type { OpenAlexOptions } from './openalex.js';
export { CROSSREF_NAME, CROSSREF_PAGE_MAX, createCrossrefSource, crossrefOptionsSchema, crossrefToPaper, jatsAbstractText } from './crossref.js';
export type { CrossrefOptions } from './crossref.js';
export { ARXIV_NAME, ARXIV_PAGE_MAX, arxivOptionsSchema, createArxivSource, toArxivSearchQuery } from './arxiv.js';
export type { ArxivOptions } from './arxiv.js';
export { PUBMED_FETCH_MAX, PUBMED_NAME, createPubmedSource, pubmedOptionsSchema } from './pubmed.js';
export type { PubmedOptions } from './pubmed.js';
export { UNPAYWALL_NAME, createUnpaywallLocator, unpaywallOptionsSchema } from './unpaywall.js';
export type { OpenAccessLocation, OpenAccessLocator, UnpaywallOptions } from './unpaywall.js';
export { stripWebOperators } from './query-text.js';
