// Escaping for every output format Lyra writes from text it did not write (pages, files, search
// results): one module per format, pure functions only. JSON needs no escaping (JSON.stringify); bidi
// controls are shown by code point in every format (bidi.ts), CSL-JSON included.
export { isSafeHttpUrl, safeHttpUrl } from './safe-url.js';
export { mdCell, mdCode, mdHeading, mdInline, mdInlinePart, mdLink, mdQuote, mdText, mdUrl, oneLine } from './markdown.js';
export { BIBTEX_DOI_RE, bibtexDoi, bibtexField, bibtexKey, bibtexUrl } from './bibtex.js';
export { htmlAnchor, htmlAttr, htmlLink, htmlText } from './html.js';
export { neutralizeBidi } from './bidi.js';
export {
  insufficientCase,
  shownVerdict,
  verdictConfidenceText,
  verdictHasNoFigure,
  type InsufficientCase,
  type ShownVerdictInput,
} from './verdict-confidence.js';
export { terminalJson, terminalLine, terminalText } from './terminal.js';
