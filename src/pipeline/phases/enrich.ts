// Phase 3: every DOI / PMID / arXiv id seen in a SERP item (whatever the query), every Phase-2 paper
// still without an abstract, a DOI target, and (later rounds) identifiers found in fetched pages are
// looked up in the selected scholarly sources: metadata + abstract, merged in the canonical index.
// Identifiers the task already has a page for are not asked again.
import type { EngineWarning } from '../../core/index.js';
import { enrichIdentifiers, formatScholarlyId, identifierList, parseScholarlyId, type CanonicalPaper, type ScholarlyId } from '../../sources/index.js';
import type { QueryContext } from '../query-context.js';
import { warning } from '../task-state.js';
import type { AcademicOutput } from './academic.js';
import { errorWarning, type SerpOutput } from './serp.js';

export interface EnrichOutput {
  /** Identifiers asked, as `kind:value`. */
  asked: string[];
  /** Identifiers not asked because the task already has a page for them. */
  known: string[];
  papers: CanonicalPaper[];
  unresolved: string[];
  skipped: string[];
  warnings: EngineWarning[];
}

const PAGE_ID_KINDS = new Set(['doi', 'pmid', 'arxiv']);

/** Identifiers Phase 3 is asked about in the first round. */
export function firstRoundIdentifiers(ctx: QueryContext, serp: SerpOutput, academic: AcademicOutput): ScholarlyId[] {
  const ids: ScholarlyId[] = [];
  if (ctx.input.kind === 'doi') ids.push(parseScholarlyId(ctx.input.value));
  for (const h of serp.hits) ids.push(...h.ids.map(parseScholarlyId));
  for (const p of academic.papers)
    if (!p.abstract)
      ids.push(
        ...identifierList(p.identifiers)
          .filter((i) => PAGE_ID_KINDS.has(i.kind))
          .slice(0, 1),
      );
  return ids;
}

export async function runEnrichPhase(ctx: QueryContext, input: ScholarlyId[]): Promise<EnrichOutput> {
  const { deps, task } = ctx;
  const seen = new Set<string>();
  const asked: ScholarlyId[] = [];
  const known: string[] = [];
  for (const id of input) {
    const key = formatScholarlyId(id);
    if (seen.has(key)) continue;
    seen.add(key);
    const page = PAGE_ID_KINDS.has(id.kind) ? deps.store.findPageByIdentifier(task.id, id.kind as 'doi' | 'pmid' | 'arxiv', id.value) : undefined;
    if (page && (page.fetchStatus === 'abstract_only' || page.fetchStatus === 'fetched')) known.push(key);
    else asked.push(id);
  }
  const out: EnrichOutput = { asked: asked.map(formatScholarlyId), known, papers: [], unresolved: [], skipped: [], warnings: [] };
  if (asked.length === 0) return out;
  if (ctx.selection.scholarly.length === 0) {
    out.skipped = out.asked;
    // The task's providers leave the enabled scholarly sources out by choice: skipped, not warned.
    if (ctx.selection.scholarlyLeftOut) return out;
    out.warnings.push(
      warning({
        source: 'enrich',
        category: 'warning',
        code: 'no_scholarly_source',
        message: `${asked.length} scholarly identifiers seen (${out.asked.slice(0, 3).join(', ')}${asked.length > 3 ? ', …' : ''}) but no scholarly source is selected to look them up`,
      }),
    );
    return out;
  }
  try {
    const r = await enrichIdentifiers({
      ids: asked,
      sources: ctx.selection.scholarly,
      ...(deps.scholarly.openAccess ? { openAccess: deps.scholarly.openAccess } : {}),
      signal: ctx.signal,
      maxIdentifiers: ctx.limits.maxEnrichIdentifiers,
      ...(ctx.limits.sourceTimeoutMs !== undefined ? { timeoutMs: ctx.limits.sourceTimeoutMs } : {}),
    });
    out.papers = r.papers;
    out.unresolved = r.unresolved;
    out.skipped = r.skipped;
    out.warnings = r.warnings.map((w) =>
      warning({ source: w.source, category: w.category === 'partial' ? 'warning' : w.category, code: w.code, message: w.message }),
    );
    if (r.skipped.length > 0) {
      out.warnings.push(
        warning({
          source: 'enrich',
          category: 'warning',
          code: 'identifiers_skipped',
          message: `${r.skipped.length} identifiers beyond pipeline.max_enrich_identifiers (${ctx.limits.maxEnrichIdentifiers}) were not looked up`,
        }),
      );
    }
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    out.unresolved = out.asked;
    out.warnings.push(errorWarning('enrich', err));
  }
  return out;
}
