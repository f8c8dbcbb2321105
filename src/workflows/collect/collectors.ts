// The primary collector of seed 003: every configured web/corpus search provider and scholarly source,
// each wrapped as one Collector answering a query with candidates.
import { combineSignals, type ScholarlySource, type SearchProvider } from '../../core/index.js';
import { candidateFromHit, candidateFromPaper, type Candidate } from './candidates.js';
import type { PlannedQuery } from './query-templates.js';

export interface CollectorAnswer {
  candidates: Candidate[];
  /** Records the collector skipped, said by the collector itself (no title, unresolved id…). */
  warnings: string[];
}

export interface Collector {
  readonly name: string;
  collect(query: PlannedQuery, options: { limit: number; timeoutMs: number; signal?: AbortSignal }): Promise<CollectorAnswer>;
}

export function searchProviderCollector(provider: SearchProvider): Collector {
  return {
    name: provider.name,
    async collect(query, options) {
      const signal = combineSignals([options.signal], options.timeoutMs);
      const hits = await provider.search({ query: query.query, limit: options.limit, signal });
      return { candidates: hits.slice(0, options.limit).map((h) => candidateFromHit(h, query)), warnings: [] };
    },
  };
}

export function scholarlyCollector(source: ScholarlySource): Collector {
  return {
    name: source.name,
    async collect(query, options) {
      const warnings: string[] = [];
      const signal = combineSignals([options.signal], options.timeoutMs);
      const papers = await source.search(query.query, { limit: options.limit, signal, onWarning: (m) => warnings.push(`${source.name}: ${m}`) });
      return { candidates: papers.slice(0, options.limit).map((p) => candidateFromPaper(p, query)), warnings };
    },
  };
}

/** Collectors in a fixed order: search providers as given, then scholarly sources as given. */
export function buildCollectors(options: { searchProviders?: readonly SearchProvider[]; scholarlySources?: readonly ScholarlySource[] }): Collector[] {
  return [...(options.searchProviders ?? []).map(searchProviderCollector), ...(options.scholarlySources ?? []).map(scholarlyCollector)];
}
