// Phase 4: a paper with an abstract becomes a page (abstract only, academic_paper) with its abstract as
// fragments; a paper without one becomes a fetch candidate (open-access URL, else its DOI link or URL).
// Corpus hits become pages whose fragments are the document's paragraphs (read from the store, never
// fetched). Other SERP hits become fetch candidates. Pages the task already has are duplicates.
import type { EngineWarning, Page, Paper } from '../../core/index.js';
import { isArxivDoi, normalizePublishedDate } from '../../extract/index.js';
import { classifySourceType } from '../../policy/index.js';
import { createPaperIndex, corpusDocumentUrl, parseScholarlyId, type CanonicalPaper } from '../../sources/index.js';
import { corpusBibliography } from '../corpus-bibliography.js';
import { abstractFragments, makePage, pageUrl, textFragments } from '../page-records.js';
import { FINAL_FETCH_STATUSES, type QueryContext } from '../query-context.js';
import { keys, pageOwner, warning } from '../task-state.js';
import { errorWarning, type HitRecord } from './serp.js';

export interface PaperPage {
  key: string;
  pageId: string;
  title: string;
  abstract?: string;
  identifiers: Page['identifiers'];
  /** Registered by this query (its citations are tracked in Phase 5). */
  isNew: boolean;
}

export interface FetchCandidate {
  pageId: string;
  url: string;
  rank: number;
  origin: 'serp' | 'paper' | 'target';
}

export interface RegisterOutput {
  /** Pages registered with content by this phase (abstracts, corpus documents). */
  newPageIds: string[];
  papers: PaperPage[];
  candidates: FetchCandidate[];
  duplicates: number;
  warnings: EngineWarning[];
}

function asPaper(c: CanonicalPaper): Paper {
  const { key, sources, records: _records, abstractSource: _a, ...fields } = c;
  return { ...fields, id: key, source: sources[0] ?? 'merged' };
}

/** Merges the papers of Phases 2 and 3 into one record per work, in order of first arrival. */
export function mergePapers(lists: CanonicalPaper[][]): CanonicalPaper[] {
  const index = createPaperIndex();
  for (const list of lists) for (const p of list) index.add(asPaper(p));
  return index.papers();
}

/** The page URL of a paper: its DOI link, PubMed or arXiv page; else its own or open-access URL. */
export function paperUrl(p: Pick<CanonicalPaper, 'identifiers' | 'url' | 'openAccessUrl'>, options: { forFetch?: boolean } = {}): string | undefined {
  const i = p.identifiers;
  if (options.forFetch && p.openAccessUrl) return p.openAccessUrl;
  if (i.doi && !isArxivDoi(i.doi)) return `https://doi.org/${i.doi}`;
  if (i.pmid) return `https://pubmed.ncbi.nlm.nih.gov/${i.pmid}/`;
  if (i.arxiv) return `https://arxiv.org/abs/${i.arxiv}`;
  if (i.doi) return `https://doi.org/${i.doi}`;
  return p.url ?? p.openAccessUrl;
}

/** A stored page of the task for the paper's DOI, PMID or arXiv id, or its URL. */
export function existingPaperPage(ctx: QueryContext, p: Pick<CanonicalPaper, 'identifiers'>, url: string | undefined): Page | undefined {
  const { store } = ctx.deps;
  for (const kind of ['doi', 'pmid', 'arxiv'] as const) {
    const v = p.identifiers[kind];
    const page = v ? store.findPageByIdentifier(ctx.task.id, kind, v) : undefined;
    if (page) return page;
  }
  return url ? store.findPageByUrl(ctx.task.id, pageUrl(url)) : undefined;
}

/**
 * Stores a paper with an abstract as a page and its fragments in one transaction; returns the page,
 * or undefined when the budget is used up. `existing` pages are returned as they are.
 */
export function registerAbstractPaper(ctx: QueryContext, p: CanonicalPaper & { abstract: string }): { page: Page; isNew: boolean } | undefined {
  const url = paperUrl(p);
  if (!url) return undefined;
  const existing = existingPaperPage(ctx, p, url);
  if (existing && FINAL_FETCH_STATUSES.has(existing.fetchStatus))
    return { page: existing, isNew: pageOwner(ctx.deps.store, ctx.task.id, existing.id) === ctx.query.id };
  if (ctx.budget.pagesLeft() <= 0) return undefined;
  const { store } = ctx.deps;
  const page = makePage({
    taskId: ctx.task.id,
    url: existing?.url ?? url,
    sourceType: 'academic_paper',
    fetchStatus: 'abstract_only',
    title: p.title,
    identifiers: p.identifiers,
    abstractOnly: true,
    authors: p.authors,
    ...(p.publishedAt ? { publishedAt: p.publishedAt } : {}),
    trust: ctx.deps.trust,
  });
  const stored = store.transaction(() => {
    const row = store.upsertPage(page);
    const { id: _id, url: _url, createdAt: _created, ...patch } = page;
    const updated = row.fetchStatus === 'abstract_only' ? row : store.updatePage(row.id, patch);
    store.insertFragments(abstractFragments(updated.id, p.abstract, ctx.limits.abstractFragmentChars));
    store.saveCheckpoint(ctx.task.id, keys.owner(updated.id), ctx.query.id);
    return updated;
  });
  ctx.budget.usePages(1);
  ctx.emit({ type: 'page.registered', taskId: ctx.task.id, queryId: ctx.query.id, url: stored.url, at: new Date().toISOString() });
  return { page: stored, isNew: true };
}

function candidatePage(
  ctx: QueryContext,
  input: { url: string; title?: string; identifiers?: Page['identifiers']; academic: boolean; publishedAt?: string },
): Page {
  const url = pageUrl(input.url);
  const existing = ctx.deps.store.findPageByUrl(ctx.task.id, url);
  if (existing) return existing;
  // The date the search result gave, until the page's own (Phase 6) replaces it.
  const publishedAt = input.publishedAt ? normalizePublishedDate(input.publishedAt) : undefined;
  return ctx.deps.store.upsertPage(
    makePage({
      taskId: ctx.task.id,
      url,
      fetchStatus: 'pending',
      trust: ctx.deps.trust,
      sourceType: input.academic ? 'academic_paper' : classifySourceType(url, { ...(input.title ? { title: input.title } : {}) }),
      ...(input.title ? { title: input.title } : {}),
      ...(input.identifiers ? { identifiers: input.identifiers } : {}),
      ...(publishedAt ? { publishedAt } : {}),
    }),
  );
}

function registerCorpusHit(ctx: QueryContext, hit: HitRecord, out: RegisterOutput, budget: { skipped: number }): void {
  const { store } = ctx.deps;
  const url = hit.url.startsWith('http') ? hit.url : corpusDocumentUrl(hit.corpus!, hit.docId!);
  const existing = store.findPageByUrl(ctx.task.id, url);
  if (existing && FINAL_FETCH_STATUSES.has(existing.fetchStatus)) {
    if (pageOwner(store, ctx.task.id, existing.id) === ctx.query.id) out.newPageIds.push(existing.id);
    else out.duplicates += 1;
    return;
  }
  const doc = store.getCorpusDocument(hit.corpus!, hit.docId!);
  if (!doc) {
    out.warnings.push(
      warning({
        source: `corpus:${hit.corpus}`,
        category: 'non_retryable',
        code: 'corpus_document_missing',
        message: `corpus ${hit.corpus}: document ${hit.docId} is gone from the store`,
        target: url,
      }),
    );
    return;
  }
  if (ctx.budget.pagesLeft() <= 0) return void (budget.skipped += 1);
  const page = makePage({
    taskId: ctx.task.id,
    url,
    fetchStatus: 'fetched',
    trust: ctx.deps.trust,
    title: doc.title,
    sourceType: url.startsWith('http') ? classifySourceType(url, { title: doc.title }) : 'other',
    ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}),
    ...corpusBibliography(doc.fields),
  });
  const stored = store.transaction(() => {
    const row = store.upsertPage(page);
    store.insertFragments(textFragments(row.id, doc.text, ctx.limits.corpusFragmentChars).slice(0, ctx.limits.maxFragmentsPerPage));
    store.saveCheckpoint(ctx.task.id, keys.owner(row.id), ctx.query.id);
    return row.fetchStatus === 'fetched' ? row : store.updatePage(row.id, { fetchStatus: 'fetched', fetchedAt: page.fetchedAt! });
  });
  ctx.budget.usePages(1);
  out.newPageIds.push(stored.id);
  ctx.emit({ type: 'page.registered', taskId: ctx.task.id, queryId: ctx.query.id, url: stored.url, at: new Date().toISOString() });
}

export function runRegisterPhase(ctx: QueryContext, input: { hits: HitRecord[]; papers: CanonicalPaper[] }): RegisterOutput {
  const out: RegisterOutput = { newPageIds: [], papers: [], candidates: [], duplicates: 0, warnings: [] };
  const budget = { skipped: 0 };
  const index = createPaperIndex();
  const papers = mergePapers([input.papers]);
  for (const p of papers) index.add(asPaper(p));
  const addCandidate = (page: Page, origin: FetchCandidate['origin'], rank: number): void => {
    if (FINAL_FETCH_STATUSES.has(page.fetchStatus)) return void (out.duplicates += 1);
    if (!out.candidates.some((c) => c.pageId === page.id)) out.candidates.push({ pageId: page.id, url: page.url, rank, origin });
  };

  if (ctx.input.kind === 'url') {
    try {
      addCandidate(candidatePage(ctx, { url: ctx.input.value, academic: false }), 'target', 0);
    } catch (err) {
      out.warnings.push(errorWarning('register', err, ctx.input.value));
    }
  }
  for (const hit of input.hits) {
    if (hit.corpus && hit.docId) {
      registerCorpusHit(ctx, hit, out, budget);
      continue;
    }
    // A hit whose identifier resolved to a paper with an abstract is covered by that paper's page.
    const paper = hit.ids.map((id) => index.find(parseScholarlyId(id))).find((p) => p !== undefined);
    if (paper?.abstract) continue;
    try {
      addCandidate(
        candidatePage(ctx, { url: hit.url, title: hit.title, academic: hit.ids.length > 0, ...(hit.publishedAt ? { publishedAt: hit.publishedAt } : {}) }),
        'serp',
        hit.rank,
      );
    } catch (err) {
      out.warnings.push(errorWarning('register', err, hit.url));
    }
  }
  papers.forEach((p, i) => {
    if (p.abstract) {
      const r = registerAbstractPaper(ctx, p as CanonicalPaper & { abstract: string });
      if (!r) {
        if (paperUrl(p)) budget.skipped += 1;
        else
          out.warnings.push(
            warning({
              source: 'register',
              category: 'warning',
              code: 'paper_without_url',
              message: `paper ${JSON.stringify(p.title)} (${p.key}) has no identifier or URL to register it under`,
            }),
          );
        return;
      }
      if (r.isNew) out.newPageIds.push(r.page.id);
      else out.duplicates += 1;
      out.papers.push({ key: p.key, pageId: r.page.id, title: p.title, abstract: p.abstract, identifiers: p.identifiers, isNew: r.isNew });
      return;
    }
    const url = paperUrl(p, { forFetch: true });
    if (!url) {
      out.warnings.push(
        warning({
          source: 'register',
          category: 'warning',
          code: 'paper_without_url',
          message: `paper ${JSON.stringify(p.title)} (${p.key}) has neither an abstract nor a URL to fetch`,
        }),
      );
      return;
    }
    try {
      const existing = existingPaperPage(ctx, p, url);
      const page = existing ?? candidatePage(ctx, { url, title: p.title, identifiers: p.identifiers, academic: true });
      addCandidate(page, 'paper', input.hits.length + i);
      out.papers.push({
        key: p.key,
        pageId: page.id,
        title: p.title,
        identifiers: p.identifiers,
        isNew: !existing || !FINAL_FETCH_STATUSES.has(existing.fetchStatus),
      });
    } catch (err) {
      out.warnings.push(errorWarning('register', err, url));
    }
  });
  if (budget.skipped > 0) out.warnings.push(ctx.budget.exhaustedWarning(`${budget.skipped} papers or documents not registered`));
  return out;
}
