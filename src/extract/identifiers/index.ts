export { IDENTIFIER_SOURCES, IDENTIFIER_TYPES } from './types.js';
export type { FoundIdentifier, IdentifierSource, IdentifierType } from './types.js';
export { doiFromUrl, findDois, parseDoi, trimDoiTail } from './doi.js';
export {
  ARXIV_OLD_ARCHIVES,
  arxivIdFromDoi,
  arxivIdFromUrl,
  arxivIdFromValue,
  findArxivIds,
  isArxivDoi,
  parseArxivId,
} from './arxiv.js';
export type { ArxivId } from './arxiv.js';
export {
  findPmcids,
  findPmids,
  parsePmcid,
  parsePmid,
  pmcidFromUrl,
  pmidFromUrl,
  pmidFromValue,
} from './pubmed.js';
export { openAlexIdFromUrl, parseOpenAlexId, parseS2Id, s2IdFromUrl } from './scholarly-ids.js';
export {
  identifiersFromMeta,
  identifiersFromText,
  identifiersFromUrl,
  identifiersInMixedText,
  mergeFoundIdentifiers,
  parseIdentifierValue,
  selfIdentifiers,
} from './find-identifiers.js';
export { ACADEMIC_HOSTS, PUBLISHER_ARTICLE_PATHS, isAcademicUrl } from './academic-links.js';
