// Escaping for every output format Lyra writes from text it did not write (pages, files, search
// results): one module per format, pure functions only. CSL-JSON and JSON need none (JSON.stringify).
export { isSafeHttpUrl, safeHttpUrl } from './safe-url.js';
export { mdCell, mdCode, mdHeading, mdInline, mdLink, mdQuote, mdText, mdUrl, oneLine } from './markdown.js';
export { BIBTEX_DOI_RE, bibtexDoi, bibtexField, bibtexKey, bibtexUrl } from './bibtex.js';
export { htmlAttr, htmlLink, htmlText } from './html.js';
export { terminalLine, terminalText } from './terminal.js';
