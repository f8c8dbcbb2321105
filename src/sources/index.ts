// sources/: search providers (web SERP) and scholarly API clients, the canonical paper index and the
// seed-000 academic-query / identifier-enrichment rules.
export * from './web/index.js';
export * from './corpus/index.js';
export * from './scholarly/index.js';
export * from './papers/index.js';
export {
  ACADEMIC_SITES,
  ACADEMIC_TERMS_EN,
  ACADEMIC_TERMS_JA,
  assessAcademicQuery,
  identifiersInPage,
  identifiersInSearchHit,
  isAcademicQuery,
  planScholarlyWork,
  searchHitsNeedingEnrichment,
} from './academic-query.js';
export type { AcademicQueryAssessment, EnrichmentCandidate, PageIdentifierSource, ScholarlyPlan } from './academic-query.js';
