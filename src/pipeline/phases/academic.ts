// Phase 2: the selected scholarly sources are searched in parallel and merged in the canonical paper
// index, for academic queries (isAcademicQuery), for `seekPrimary`, and whenever no web or corpus
// provider was selected (then the scholarly sources are the query's only search). "Academic" is a
// priority, not a gate (seed 000 設計原則): identifiers seen anywhere are enriched in Phase 3.
import type { EngineWarning } from '../../core/index.js';
import { assessAcademicQuery, searchAll, type CanonicalPaper } from '../../sources/index.js';
import type { QueryContext } from '../query-context.js';
import { warning } from '../task-state.js';
import { errorWarning } from './serp.js';

export interface AcademicOutput {
  ran: boolean;
  /** Why the phase ran or not, e.g. `term:study`, `seek_primary`, `no_serp_provider`, `not_academic`. */
  reasons: string[];
  apiQuery?: string;
  papers: CanonicalPaper[];
  /** Records returned by all sources before merging. */
  resultsFound: number;
  warnings: EngineWarning[];
}

export async function runAcademicPhase(ctx: QueryContext): Promise<AcademicOutput> {
  const { input, selection } = ctx;
  if (input.kind !== 'query') return { ran: false, reasons: [`target_${input.kind}`], papers: [], resultsFound: 0, warnings: [] };
  const assessment = assessAcademicQuery(input.value);
  const reasons = [...assessment.reasons, ...(input.seekPrimary ? ['seek_primary'] : []), ...(selection.serp.length === 0 ? ['no_serp_provider'] : [])];
  if (reasons.length === 0) return { ran: false, reasons: ['not_academic'], papers: [], resultsFound: 0, warnings: [] };
  if (selection.scholarly.length === 0) {
    // Scholarly sources left out by the task's own providers (a corpus named alone) are a choice, not a
    // fault to warn about on every query.
    if (selection.scholarlyLeftOut) return { ran: false, reasons: [...reasons, 'scholarly_not_selected'], papers: [], resultsFound: 0, warnings: [] };
    return {
      ran: false,
      reasons,
      papers: [],
      resultsFound: 0,
      warnings: [
        warning({
          source: 'academic',
          category: 'warning',
          code: 'no_scholarly_source',
          message: 'academic query, but no scholarly source is selected for it (providers, or scholarly.*.enabled)',
          target: input.value,
        }),
      ],
    };
  }
  try {
    const r = await searchAll({
      sources: selection.scholarly,
      query: input.value,
      limit: ctx.limits.scholarlyLimit,
      signal: ctx.signal,
      ...(ctx.limits.sourceTimeoutMs !== undefined ? { timeoutMs: ctx.limits.sourceTimeoutMs } : {}),
    });
    const warnings = r.warnings.map((w) =>
      warning({ source: w.source, category: w.category === 'partial' ? 'warning' : w.category, code: w.code, message: w.message, target: r.apiQuery }),
    );
    return { ran: true, reasons, apiQuery: r.apiQuery, papers: r.papers, resultsFound: r.outcomes.reduce((n, o) => n + o.count, 0), warnings };
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    // With no SERP provider the scholarly sources are the query's search: their failure is the query's.
    if (selection.serp.length === 0) throw err;
    return { ran: true, reasons, papers: [], resultsFound: 0, warnings: [errorWarning('academic', err, input.value)] };
  }
}
