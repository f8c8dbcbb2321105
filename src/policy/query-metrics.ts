// Per-query metrics reported to the client (seed 002: 収穫率, 新規性, 重複率, 充足度). Metrics only:
// nothing here recommends what to do next.

/** Independent sources (distinct registrable domains with useful fragments) for "satisfied". */
export const SATISFIED_MIN_INDEPENDENT_SOURCES = 3;
/** Without a primary (ACADEMIC or higher) source, this many independent sources also satisfy. */
export const SATISFIED_MIN_SOURCES_WITHOUT_PRIMARY = 5;

export type Satisfaction = 'satisfied' | 'partial' | 'unsatisfied';

export interface QueryCounts {
  /** Result items returned by all providers (before de-duplication). */
  resultsFound: number;
  /** Items that were already known (same normalized URL or identifier) in this task or query. */
  duplicates: number;
  /** Pages newly registered for the task by this query. */
  newPages: number;
  /** Pages fetched or registered from an abstract by this query. */
  pagesProcessed: number;
  /** Fragments of those pages that produced at least one claim or a non-neutral stance. */
  usefulFragments: number;
  /** Fragments of those pages. */
  fragments: number;
  /** Distinct registrable domains among pages with useful fragments. */
  independentSources: number;
  /** At least one useful page from an ACADEMIC, GOVERNMENT or PRIMARY source. */
  hasPrimarySource: boolean;
}

export interface QueryMetricValues {
  /** Useful fragments ÷ fragments processed (0 when none). */
  harvestRate: number;
  /** New pages ÷ results found (0 when none). */
  novelty: number;
  /** Duplicates ÷ results found (0 when none). */
  duplicateRate: number;
  satisfaction: Satisfaction;
}

function ratio(a: number, b: number): number {
  return b > 0 ? Math.min(1, a / b) : 0;
}

/**
 * satisfied: ≥ 3 independent sources and a primary source, or ≥ 5 independent sources;
 * partial: at least one independent source; unsatisfied: none.
 */
export function querySatisfaction(c: Pick<QueryCounts, 'independentSources' | 'hasPrimarySource'>): Satisfaction {
  if (c.independentSources >= SATISFIED_MIN_INDEPENDENT_SOURCES && (c.hasPrimarySource || c.independentSources >= SATISFIED_MIN_SOURCES_WITHOUT_PRIMARY))
    return 'satisfied';
  return c.independentSources >= 1 ? 'partial' : 'unsatisfied';
}

export function queryMetrics(c: QueryCounts): QueryMetricValues {
  return {
    harvestRate: ratio(c.usefulFragments, c.fragments),
    novelty: ratio(c.newPages, c.resultsFound),
    duplicateRate: ratio(c.duplicates, c.resultsFound),
    satisfaction: querySatisfaction(c),
  };
}
