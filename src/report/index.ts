// The report layer, over core/ and policy/ (pure: no I/O):
// - a research run's report as data (document.ts), as Markdown (markdown.ts) and as the browser UI's
//   HTML fragment (html-fragment.ts);
// - the self-contained report.html page (html-document.ts, render-html.ts, html-style.ts, svg-graph.ts),
//   whose status, stance and trust colours the UI uses too;
// - a task's materials as Markdown, HTML, BibTeX and CSL-JSON (render-materials.ts and the files it names).
// Not here: the search log and the consensus reports, Markdown their workflows write line by line, and
// the UI's renderer of those (web/pages/report-markdown.ts).
export {
  REPORT_DOCUMENT_FORMAT,
  cite,
  heading,
  headingClaimIds,
  item,
  list,
  paragraph,
  plainText,
  quote,
  reportDocumentSchema,
  text,
  type ReportBlock,
  type ReportDocument,
  type ReportInline,
  type ReportList,
  type ReportListItem,
} from './document.js';
export { renderMarkdown } from './markdown.js';
export { noRationale, rationaleInWords, type RationaleFacts } from './rationale.js';
export { renderHtmlFragment, type ReportLinks } from './html-fragment.js';
export { MATERIALS_FORMATS, parseMaterialsFormat, renderMaterials, type MaterialsFormat } from './render-materials.js';
export { MD_QUOTE_CHARS, formatLocator, renderMaterialsMarkdown } from './render-markdown.js';
export {
  HTML_STATUS_ORDER,
  STANCE_COLOURS,
  STATUS_COLOURS,
  TRUST_COLOURS,
  type HtmlAnswer,
  type HtmlClaim,
  type HtmlClaimStatus,
  type HtmlContestedPair,
  type HtmlQuote,
  type HtmlReportDocument,
  type HtmlSource,
} from './html-document.js';
export { claimAnchor, claimHtml, quoteHtml, renderHtmlReport, reportCsp, reportLabels, type ReportLabels } from './render-html.js';
export { SVG_GRAPH_MAX_CLAIMS, SVG_GRAPH_MAX_SOURCES, SVG_LABEL_CHARS, renderSvgGraph, type SvgGraphOptions } from './svg-graph.js';
export { htmlClaimOf, htmlDocumentOfMaterials, quoteOfEvidence, renderMaterialsHtml, type HtmlFromMaterialsOptions } from './html-from-materials.js';
export { escapeBibtex, renderMaterialsBibtex } from './render-bibtex.js';
export { materialsCsl, renderMaterialsCsl, type CslItem } from './render-csl.js';
export { citationKeys, dateParts, parseAuthorName, type AuthorName } from './citation-keys.js';
