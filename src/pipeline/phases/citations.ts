// Phase 5 (seed 000 §提案3): for every paper this query registered, references and citations from every
// selected source that has them (Semantic Scholar and OpenAlex), merged by DOI in the canonical index;
// related papers without an abstract are looked up once; those with one are scored (citation-scoring)
// and the top K become abstract pages linked by `cites` edges (citing → cited). Progress is saved after
// each tracked paper, so a resumed run never asks twice about a paper it has finished.
import { InvalidInputError, newId, type EngineWarning } from '../../core/index.js';
import { collectCitations, enrichIdentifiers, formatScholarlyId, identifierList, type CanonicalPaper, type CitationDirection } from '../../sources/index.js';
import { scoreCitations, topCitations } from '../citation-scoring.js';
import type { QueryContext } from '../query-context.js';
import { warning } from '../task-state.js';
import { mergePapers, registerAbstractPaper, type PaperPage } from './register.js';
import { errorWarning } from './serp.js';

export interface CitationsOutput {
  /** Paper pages whose citations were handled, in order. */
  done: string[];
  newPageIds: string[];
  edges: number;
  /** Related papers found, scored and kept, over all tracked papers. */
  found: number;
  scored: number;
  kept: number;
  warnings: EngineWarning[];
  complete: boolean;
}

interface Related {
  paper: CanonicalPaper;
  influential: boolean;
  directions: Set<CitationDirection>;
}

const DIRECTIONS: CitationDirection[] = ['references', 'citations'];

function lookupId(ids: PaperPage['identifiers']): string | undefined {
  const list = identifierList(ids);
  for (const kind of ['doi', 'pmid', 'arxiv', 's2', 'openalex'] as const) {
    const id = list.find((i) => i.kind === kind);
    if (id) return formatScholarlyId(id);
  }
  return undefined;
}

async function relatedOf(ctx: QueryContext, paper: PaperPage, id: string, out: CitationsOutput): Promise<Related[] | 'no_sources'> {
  const byKey = new Map<string, Related>();
  for (const direction of DIRECTIONS) {
    try {
      const r = await collectCitations({
        id,
        direction,
        sources: ctx.selection.scholarly,
        limit: ctx.limits.citationLimit,
        signal: ctx.signal,
        ...(ctx.limits.sourceTimeoutMs !== undefined ? { timeoutMs: ctx.limits.sourceTimeoutMs } : {}),
      });
      for (const w of r.warnings)
        out.warnings.push(
          warning({ source: w.source, category: w.category === 'partial' ? 'warning' : w.category, code: w.code, message: w.message, target: id }),
        );
      for (const link of r.links) {
        const prev = byKey.get(link.paper.key);
        if (prev) {
          prev.influential ||= link.influential;
          prev.directions.add(direction);
        } else byKey.set(link.paper.key, { paper: link.paper, influential: link.influential, directions: new Set([direction]) });
      }
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      if (err instanceof InvalidInputError && err.code === 'no_sources') return 'no_sources';
      out.warnings.push(errorWarning('citations', err, `${direction} of ${id} (${paper.title})`));
    }
  }
  // Both directions and both sources may list one work under different records: merge once more by identifiers.
  const merged = mergePapers([[...byKey.values()].map((r) => r.paper)]);
  return merged.map((paper) => {
    const parts = [...byKey.values()].filter(
      (r) =>
        identifierList(r.paper.identifiers).some((i) => identifierList(paper.identifiers).some((j) => j.kind === i.kind && j.value === i.value)) ||
        r.paper.key === paper.key,
    );
    return { paper, influential: parts.some((p) => p.influential), directions: new Set(parts.flatMap((p) => [...p.directions])) };
  });
}

/** Abstracts for related papers that came without one (one bounded lookup per tracked paper). */
async function addAbstracts(ctx: QueryContext, related: Related[], out: CitationsOutput): Promise<void> {
  const missing = related.filter((r) => !r.paper.abstract && identifierList(r.paper.identifiers).length > 0);
  if (missing.length === 0) return;
  try {
    const r = await enrichIdentifiers({
      ids: missing.map((m) => identifierList(m.paper.identifiers)[0]!),
      sources: ctx.selection.scholarly,
      signal: ctx.signal,
      maxIdentifiers: ctx.limits.maxEnrichIdentifiers,
      expansionRounds: 0,
      ...(ctx.limits.sourceTimeoutMs !== undefined ? { timeoutMs: ctx.limits.sourceTimeoutMs } : {}),
    });
    for (const m of missing) {
      const found = r.papers.find((p) =>
        identifierList(p.identifiers).some((i) => identifierList(m.paper.identifiers).some((j) => j.kind === i.kind && j.value === i.value)),
      );
      if (found?.abstract) m.paper = { ...m.paper, abstract: found.abstract };
    }
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    out.warnings.push(errorWarning('citations', err, `abstracts of ${missing.length} related papers`));
  }
}

export async function runCitationsPhase(
  ctx: QueryContext,
  input: { papers: PaperPage[]; previous?: CitationsOutput; save: (progress: CitationsOutput) => void },
): Promise<CitationsOutput> {
  const out: CitationsOutput = input.previous
    ? { ...input.previous, complete: false }
    : { done: [], newPageIds: [], edges: 0, found: 0, scored: 0, kept: 0, warnings: [], complete: false };
  const tracked = input.papers.filter((p) => p.isNew);
  if (tracked.length === 0) return { ...out, complete: true };
  if (ctx.selection.scholarly.length === 0) {
    // The task's providers leave the enabled scholarly sources out by choice: nothing to warn about.
    if (ctx.selection.scholarlyLeftOut) return { ...out, complete: true };
    out.warnings.push(
      warning({
        source: 'citations',
        category: 'warning',
        code: 'no_scholarly_source',
        message: `${tracked.length} papers registered, but no scholarly source is selected to track their citations`,
      }),
    );
    return { ...out, complete: true };
  }
  if (tracked.length > ctx.limits.maxCitationPapers && !input.previous) {
    out.warnings.push(
      warning({
        source: 'citations',
        category: 'warning',
        code: 'citation_papers_skipped',
        message: `${tracked.length - ctx.limits.maxCitationPapers} of ${tracked.length} papers not tracked (pipeline.max_citation_papers = ${ctx.limits.maxCitationPapers})`,
      }),
    );
  }
  const query = ctx.input.kind === 'query' ? ctx.input.value : ctx.task.question;
  for (const paper of tracked.slice(0, ctx.limits.maxCitationPapers)) {
    if (out.done.includes(paper.pageId)) continue;
    const id = lookupId(paper.identifiers);
    if (!id) {
      out.warnings.push(
        warning({
          source: 'citations',
          category: 'warning',
          code: 'paper_without_identifier',
          message: `paper ${JSON.stringify(paper.title)} has no identifier to track its citations by`,
        }),
      );
      out.done.push(paper.pageId);
      continue;
    }
    const related = await relatedOf(ctx, paper, id, out);
    if (related === 'no_sources') {
      out.warnings.push(
        warning({
          source: 'citations',
          category: 'warning',
          code: 'no_citation_source',
          message: 'no selected scholarly source has citation data (enable semantic_scholar or openalex)',
        }),
      );
      return { ...out, complete: true };
    }
    await addAbstracts(ctx, related, out);
    const withAbstract = related.filter((r) => r.paper.abstract);
    out.found += related.length;
    out.scored += withAbstract.length;
    // The models are required: their failure is the query's (retried when retryable), never a made-up score.
    const scored = await scoreCitations({
      sourceText: paper.abstract ?? paper.title,
      query,
      candidates: withAbstract.map((r) => ({ key: r.paper.key, abstract: r.paper.abstract!, influential: r.influential })),
      stance: ctx.deps.models.stance(),
      embedding: ctx.deps.models.embedding(),
      signal: ctx.signal,
    });
    let budgetHit = false;
    for (const s of topCitations(scored, ctx.limits.citationTopK)) {
      const r = withAbstract.find((x) => x.paper.key === s.key)!;
      const reg = registerAbstractPaper(ctx, r.paper as CanonicalPaper & { abstract: string });
      if (!reg) {
        budgetHit = true;
        break;
      }
      if (reg.isNew && !out.newPageIds.includes(reg.page.id)) out.newPageIds.push(reg.page.id);
      out.kept += 1;
      const now = new Date().toISOString();
      for (const direction of [...r.directions].sort()) {
        const [from, to] = direction === 'references' ? [paper.pageId, reg.page.id] : [reg.page.id, paper.pageId];
        if (from === to) continue;
        const isNewEdge = ctx.deps.store.insertEdge({
          id: newId('edge'),
          taskId: ctx.task.id,
          kind: 'cites',
          fromPageId: from,
          toPageId: to,
          influential: r.influential,
          relevance: Math.round(s.score * 1e6) / 1e6,
          createdAt: now,
        });
        if (isNewEdge) out.edges += 1;
      }
    }
    if (budgetHit) out.warnings.push(ctx.budget.exhaustedWarning(`related papers of ${JSON.stringify(paper.title)} not registered`));
    out.done.push(paper.pageId);
    input.save(out);
    if (budgetHit) break;
  }
  return { ...out, complete: true };
}
