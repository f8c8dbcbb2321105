// Phase 6: fetch candidates (abstract-less papers, non-academic hits, URL targets) are fetched
// concurrently (the fetcher enforces robots, qps, SSRF and size, and retries each URL) and extracted.
// The plan (priority domains first, then rank, cut to the budget) is stored before the first fetch;
// each page's status, fragments and outcome land in one transaction, so a page stored before a kill
// is never fetched again. Identifiers found in fetched pages go back to Phase 3 in the next round.
import { contentHash, errorMessage, hostnameOf, isLyraError, type EngineWarning, type ErrorCategory, type Page } from '../../core/index.js';
import { classifySourceType } from '../../policy/index.js';
import { formatScholarlyId, identifiersInPage } from '../../sources/index.js';
import { documentFragments } from '../page-records.js';
import { FINAL_FETCH_STATUSES, type QueryContext } from '../query-context.js';
import { keys, loadPayload, warning, type PageOutcome } from '../task-state.js';
import type { FetchCandidate } from './register.js';

/** Identifiers read from one fetched page for the next enrichment round. */
export const MAX_PAGE_IDENTIFIERS = 20;

export interface FetchPlan {
  items: Array<{ pageId: string; url: string }>;
  /** Candidates left out by the budget (their pages are marked `skipped`). */
  skipped: number;
  warnings: EngineWarning[];
}

export interface FetchOutput {
  fetched: string[];
  failed: string[];
  /** Identifiers found in the fetched pages, as `kind:value`. */
  identifiers: string[];
  /** Plan items not fetched because the time budget ran out. */
  notFetched: number;
  warnings: EngineWarning[];
}

function isPriority(page: Page, priority: string[]): boolean {
  if (priority.length === 0 || page.url.startsWith('corpus://')) return false;
  const host = hostnameOf(page.url);
  return priority.some((d) => host === d || host.endsWith(`.${d}`) || page.domain === d);
}

export function planFetch(ctx: QueryContext, candidates: FetchCandidate[]): FetchPlan {
  const { store } = ctx.deps;
  const pages = candidates
    .map((c) => ({ c, page: store.getPage(c.pageId) }))
    .filter((x): x is { c: FetchCandidate; page: Page } => x.page !== undefined && !FINAL_FETCH_STATUSES.has(x.page.fetchStatus));
  const priority = ctx.task.priorityDomains;
  pages.sort((a, b) => Number(isPriority(b.page, priority)) - Number(isPriority(a.page, priority)) || a.c.rank - b.c.rank || (a.page.url < b.page.url ? -1 : 1));
  const n = Math.min(pages.length, ctx.budget.pagesLeft());
  const chosen = pages.slice(0, n);
  const left = pages.slice(n);
  const warnings: EngineWarning[] = [];
  if (left.length > 0) {
    store.transaction(() => left.forEach((x) => store.updatePage(x.page.id, { fetchStatus: 'skipped' })));
    for (const x of left) ctx.emit({ type: 'page.skipped', taskId: ctx.task.id, queryId: ctx.query.id, url: x.page.url, at: new Date().toISOString(), error: 'budget_exhausted' });
    warnings.push(ctx.budget.exhaustedWarning(`${left.length} of ${pages.length} pages not fetched`));
  }
  return { items: chosen.map((x) => ({ pageId: x.page.id, url: x.page.url })), skipped: left.length, warnings };
}

function failureOf(err: unknown): { category: ErrorCategory; code: string; message: string } {
  return isLyraError(err) ? { category: err.category, code: err.code, message: err.message } : { category: 'retryable', code: 'unexpected', message: errorMessage(err) };
}

async function fetchOne(ctx: QueryContext, item: { pageId: string; url: string }): Promise<PageOutcome & { identifiers: string[] }> {
  const { store, fetcher, extractor, trust } = ctx.deps;
  const taskId = ctx.task.id;
  try {
    const res = await fetcher.fetch({ url: item.url, signal: ctx.signal, taskId });
    const pdf = /pdf/i.test(res.contentType);
    const doc = await extractor.extract({ url: res.finalUrl, contentType: res.contentType, body: res.body, ...(pdf ? {} : { text: res.text }), signal: ctx.signal });
    const identifiers = identifiersInPage(doc, { limit: MAX_PAGE_IDENTIFIERS }).map(formatScholarlyId);
    const all = documentFragments(item.pageId, doc, ctx.limits.corpusFragmentChars);
    const fragments = all.slice(0, ctx.limits.maxFragmentsPerPage);
    const page = store.getPage(item.pageId)!;
    const own = Object.keys(doc.identifiers).length > 0;
    const title = doc.title ?? page.title;
    const outcome: PageOutcome & { identifiers: string[] } = { status: 'fetched', queryId: ctx.query.id, at: new Date().toISOString(), fragments: fragments.length, identifiers };
    if (all.length > fragments.length) outcome.error = { category: 'non_retryable', code: 'fragments_truncated', message: `${all.length - fragments.length} fragments beyond pipeline.max_fragments_per_page (${ctx.limits.maxFragmentsPerPage}) dropped` };
    store.transaction(() => {
      store.updatePage(item.pageId, {
        fetchStatus: 'fetched',
        fetchedAt: outcome.at,
        contentHash: contentHash(doc.text),
        ...(title ? { title } : {}),
        ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}),
        ...(doc.byline ? { authors: [doc.byline] } : {}),
        ...(doc.siteName ? { organization: doc.siteName } : {}),
        identifiers: { ...doc.identifiers },
        sourceType: page.sourceType === 'academic_paper' || own ? 'academic_paper' : classifySourceType(item.url, { ...(title ? { title } : {}), ...(doc.byline ? { author: doc.byline } : {}) }),
        trustLevel: trust.of(item.url).trustLevel,
      });
      store.insertFragments(fragments);
      store.saveCheckpoint(taskId, keys.page(item.pageId), outcome);
    });
    ctx.emit({ type: 'page.fetched', taskId, queryId: ctx.query.id, url: item.url, at: outcome.at });
    return outcome;
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    const error = failureOf(err);
    const outcome: PageOutcome & { identifiers: string[] } = { status: error.category === 'blocked' ? 'blocked' : 'failed', queryId: ctx.query.id, at: new Date().toISOString(), error, identifiers: [] };
    store.transaction(() => {
      store.updatePage(item.pageId, { fetchStatus: outcome.status });
      store.saveCheckpoint(taskId, keys.page(item.pageId), outcome);
    });
    ctx.emit({ type: 'page.failed', taskId, queryId: ctx.query.id, url: item.url, at: outcome.at, error: `${error.category}: ${error.message}` });
    return outcome;
  }
}

/** Runs a stored plan; pages already final (stored before a kill) are read back, not fetched. */
export async function runFetchPhase(ctx: QueryContext, plan: FetchPlan): Promise<FetchOutput> {
  const { store } = ctx.deps;
  const results = new Map<string, PageOutcome & { identifiers?: string[] }>();
  let next = 0;
  let notFetched = 0;
  const worker = async (): Promise<void> => {
    while (next < plan.items.length) {
      const item = plan.items[next++]!;
      const page = store.getPage(item.pageId);
      if (page && FINAL_FETCH_STATUSES.has(page.fetchStatus)) {
        const saved = loadPayload<PageOutcome & { identifiers?: string[] }>(store, ctx.task.id, keys.page(item.pageId));
        if (saved) results.set(item.pageId, saved);
        continue;
      }
      if (ctx.budget.secondsLeft() <= 0) {
        notFetched += 1;
        store.updatePage(item.pageId, { fetchStatus: 'skipped' });
        continue;
      }
      results.set(item.pageId, await fetchOne(ctx, item));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(ctx.limits.fetchConcurrency, plan.items.length)) }, worker));

  const out: FetchOutput = { fetched: [], failed: [], identifiers: [], notFetched, warnings: [] };
  for (const item of plan.items) {
    const r = results.get(item.pageId);
    if (!r) continue;
    if (r.status === 'fetched') {
      out.fetched.push(item.pageId);
      for (const id of r.identifiers ?? []) if (!out.identifiers.includes(id)) out.identifiers.push(id);
      if (r.error) out.warnings.push(warning({ source: 'fetch', category: 'warning', code: r.error.code, message: r.error.message, target: item.url }));
    } else {
      out.failed.push(item.pageId);
      out.warnings.push(warning({ source: 'fetch', category: r.error?.category ?? 'retryable', code: r.error?.code ?? 'unexpected', message: r.error?.message ?? 'fetch failed', target: item.url }));
    }
  }
  if (notFetched > 0) out.warnings.push(ctx.budget.exhaustedWarning(`${notFetched} pages not fetched (time)`));
  return out;
}
