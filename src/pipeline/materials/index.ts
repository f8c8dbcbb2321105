// pipeline/materials/: reading a task's evidence graph — the Materials view and its renderers
// (json, md, bibtex, csl-json, html), and the read model the graph step shares.
export { COUNTEREVIDENCE_KEY, DEFAULT_MATERIALS_LIMIT, MAX_MATERIALS_LIMIT, buildMaterials, claimOrder } from './build-materials.js';
export { MATERIALS_PAGE_BOUNDS, MATERIALS_PAGE_DEFAULTS, buildMaterialsPage } from './materials-page.js';
export { quoteWindow, type QuoteWindow } from './quote-window.js';
export { MATERIALS_FORMATS, parseMaterialsFormat, renderMaterials, type MaterialsFormat } from './render.js';
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
export { createSourceResolver, isCorpusUrl, sourceView, type SourceInfo, type TrustResolver } from './sources.js';
export { byWeight, claimEvidence, evidenceItems, evidenceView, type EvidenceRecord } from './evidence.js';
export { contentTerms, overlapCoefficient, stemWord, termCoverage } from './terms.js';
export {
  isOriginEdge,
  isStanceEdge,
  loadTaskGraph,
  originPages,
  pairKey,
  type TaskGraph,
} from './task-graph.js';
export { applyGraphWrites, createGraphSession, type GraphSession } from './graph-session.js';
