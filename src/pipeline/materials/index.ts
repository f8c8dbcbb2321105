// pipeline/materials/: reading a task's evidence graph — the Materials view (its renderings are in
// report/), and the read model the graph step shares.
export { COUNTEREVIDENCE_KEY, DEFAULT_MATERIALS_LIMIT, MAX_MATERIALS_LIMIT, buildMaterials, claimOrder } from './build-materials.js';
export { MATERIALS_PAGE_BOUNDS, MATERIALS_PAGE_DEFAULTS, buildMaterialsPage } from './materials-page.js';
export { quoteWindow, type QuoteWindow } from './quote-window.js';
export { createSourceResolver, isCorpusUrl, sourceView, type SourceInfo, type TrustResolver } from './sources.js';
export {
  MAX_CLOSEST_LIMIT,
  MAX_CLOSEST_PASSAGES,
  byWeight,
  claimEvidence,
  closestNeutral,
  evidenceItems,
  evidenceView,
  type EvidenceRecord,
} from './evidence.js';
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
