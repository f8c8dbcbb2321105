export { IDENTIFIER_SOURCES, IDENTIFIER_TYPES } from './types.js';
export type { FoundIdentifier, IdentifierSource, IdentifierType } from './types.js';
export { doiFromUrl, findDois, parseDoi, trimDoiTail } from './doi.js';
export { ARXIV_OLD_ARCHIVES, arxivIdFromDoi, arxivIdFromUrl, findArxivIds, parseArxivId } from './arxiv.js';
export type { ArxivId } from './arxiv.js';
export { findPmcids, findPmids, parsePmcid, parsePmid, pmcidFromUrl, pmidFromUrl } from './pubmed.js';
export { openAlexIdFromUrl, s2IdFromUrl } from './scholarly-ids.js';
export {
  identifiersFromMeta, identifiersFromText, identifiersFromUrl, mergeFoundIdentifiers, parseIdentifierValue, selfIdentifiers,
} from './find-identifiers.js';
export { ACADEMIC_HOSTS, PUBLISHER_ARTICLE_PATHS, isAcademicUrl } from './academic-links.js';
