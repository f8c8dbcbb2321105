// Searches several scholarly sources at once (seed 000 Phase 2: S2 + OpenAlex in parallel, merged in
// the canonical index). Each source runs with its own time budget; a failing source is a warning with
// its category while the healthy sources' papers still arrive. Only when every source fails is the
// call an error — never an empty success.
import { InvalidInputError, type EventSink, type ScholarlySource } from '../../core/index.js';
import { stripWebOperators } from '../scholarly/index.js';
import { createPaperIndex, type CanonicalPaper } from './canonical-index.js';
import { allSourcesFailed, runSource, type SourceOutcome, type SourceWarning } from './source-outcome.js';

export interface SearchAllOptions {
  sources: ScholarlySource[];
  query: string;
  /** Papers asked of each source. */
  limit: number;
  signal?: AbortSignal;
  /** Time budget per source in milliseconds (default DEFAULT_SOURCE_TIMEOUT_MS). */
  timeoutMs?: number;
  events?: EventSink;
}

export interface SearchAllResult {
  query: string;
  /** The text sent to the APIs (web operators removed). */
  apiQuery: string;
  /** Merged papers, best-ranked first: by best position in any source, then by number of sources. */
  papers: CanonicalPaper[];
  outcomes: SourceOutcome[];
  warnings: SourceWarning[];
}

export async function searchAll(options: SearchAllOptions): Promise<SearchAllResult> {
  const apiQuery = stripWebOperators(options.query);
  if (!apiQuery) throw new InvalidInputError(`scholarly search: empty query ${JSON.stringify(options.query)}`, { code: 'query_empty' });
  if (options.sources.length === 0)
    throw new InvalidInputError('scholarly search: no scholarly source is enabled (config scholarly.*.enabled)', { code: 'no_sources' });
  const what = `search ${JSON.stringify(apiQuery)}`;
  const runs = await Promise.all(
    options.sources.map((s) =>
      runSource(
        { source: s.name, signal: options.signal, timeoutMs: options.timeoutMs, events: options.events, what },
        (ctx) => s.search(apiQuery, { limit: options.limit, ...ctx }),
        (papers) => papers.length,
      ),
    ),
  );
  const outcomes = runs.map((r) => r.outcome);
  if (outcomes.every((o) => o.status === 'failed')) throw allSourcesFailed(what, outcomes);

  const index = createPaperIndex();
  const rankOf = new Map<string, number>();
  // Interleave by rank so that each source's top hits enter the index first.
  const lists = runs.map((r) => r.value ?? []);
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const p = list[i];
      if (!p) continue;
      index.add(p);
      rankOf.set(`${p.source}\u0000${p.id}`, i);
    }
  }
  // A paper's rank is its best position in any source's list, read back through its records.
  const rank = (c: CanonicalPaper): number => Math.min(...c.records.map((r) => rankOf.get(`${r.source}\u0000${r.id}`) ?? Infinity));
  const papers = index.papers().map((c, order) => ({ c, order, rank: rank(c) }));
  papers.sort((a, b) => a.rank - b.rank || b.c.sources.length - a.c.sources.length || a.order - b.order);
  return { query: options.query, apiQuery, papers: papers.map((p) => p.c), outcomes, warnings: runs.flatMap((r) => r.warnings) };
}
