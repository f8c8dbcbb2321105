// extract/: documents (HTML, PDF, plain text, Markdown) → main text, metadata, quotable fragments,
// scholarly identifiers and academic links; sentences, language and claim candidates from text.
export { createTextExtractor } from './extractor.js';
export type { TextExtractorOptions } from './extractor.js';
export { detectFormat, mediaTypeOf } from './content-type.js';
export type { FormatHints } from './content-type.js';
export { META_CHARSET_SCAN_BYTES, decodeDocumentBytes } from './decode.js';
export type { DecodedText } from './decode.js';

export { DEFAULT_MAX_HTML_CHARS, WHOLE_BODY_REASONS, extractHtml } from './html/extract-html.js';
export type { HtmlExtractOptions } from './html/extract-html.js';
export { DEFAULT_MAX_ELEMENTS } from './html/readability.js';
export type { ReadabilityLimits } from './html/readability.js';
export { DEFAULT_MAX_LINKS, MAX_DOM_DEPTH } from './html/html-blocks.js';
export { normalizePublishedDate } from './html/dates.js';
export { DEFAULT_MAX_PDF_BYTES, DEFAULT_MAX_PDF_PAGES, extractPdf } from './pdf/extract-pdf.js';
export { DEFAULT_MAX_PDF_INFLATED_BYTES, checkPdfInflatedSize } from './pdf/inflated-size.js';
export type { PdfExtractOptions } from './pdf/extract-pdf.js';
export { PARAGRAPH_GAP_FACTOR } from './pdf/page-paragraphs.js';
export { DEFAULT_MAX_TEXT_CHARS, extractMarkdown, extractPlainText, findUrlsInText } from './text/extract-text.js';
export type { TextExtractOptions } from './text/extract-text.js';
export { DEFAULT_MAX_FRAGMENT_CHARS, MAX_HEADING_DEPTH, assembleBlocks, splitLongText } from './document/assemble.js';
export type { AssembleOptions, AssembledDocument } from './document/assemble.js';
export type { BlockKind, TextBlock } from './document/blocks.js';

export {
  ACADEMIC_HOSTS,
  ARXIV_OLD_ARCHIVES,
  PUBLISHER_ARTICLE_PATHS,
  IDENTIFIER_SOURCES,
  IDENTIFIER_TYPES,
  arxivIdFromDoi,
  arxivIdFromUrl,
  arxivIdFromValue,
  doiFromUrl,
  findArxivIds,
  findDois,
  findPmcids,
  findPmids,
  identifiersFromMeta,
  identifiersFromText,
  identifiersFromUrl,
  identifiersInMixedText,
  isAcademicUrl,
  isArxivDoi,
  mergeFoundIdentifiers,
  openAlexIdFromUrl,
  parseArxivId,
  parseDoi,
  parseIdentifierValue,
  parseOpenAlexId,
  parsePmcid,
  parsePmid,
  parseS2Id,
  pmcidFromUrl,
  pmidFromUrl,
  pmidFromValue,
  s2IdFromUrl,
  selfIdentifiers,
  trimDoiTail,
} from './identifiers/index.js';
export type { ArxivId, FoundIdentifier, IdentifierSource, IdentifierType } from './identifiers/index.js';

// Sentences, language and claims (maintained in their own files).
export { HEADING_MAX_CHARS, HEADING_MAX_CHARS_JA, MAX_SEGMENT_CHARS, splitSentences } from './sentences.js';
export type { Sentence } from './sentences.js';
export { JAPANESE_SHARE_THRESHOLD, detectLanguage } from './language.js';
export type { TextLanguage } from './language.js';
export * from './claims/index.js';

export {
  BAD_WORDS,
  CURATED_ANTONYMS,
  DOWN_WORDS,
  GOOD_WORDS,
  HEDGE_WORDS,
  NEGATION_CUES,
  QUANTIFIER_WORDS,
  UP_WORDS,
} from './words/contrast-lexicon.js';
export { isWordToken, stem, tokenize } from './words/tokens.js';
export type { Token } from './words/tokens.js';
