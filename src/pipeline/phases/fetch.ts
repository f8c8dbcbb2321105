// Phase 6: fetch candidates (abstract-less papers, non-academic hits, URL targets) are fetched
// concurrently (the fetcher enforces robots, qps, SSRF and size, and retries each URL) and extracted.
// The plan (priority domains first, then rank, cut to the budget) is stored before the first fetch;
// each page's status, fragments and outcome land in one transaction, so a page stored before a kill
// is never fetched again. Identifiers found in fetched pages go back to Phase 3 in the next round.
// A page of a BLOCKED domain (seed 000: BLOCKED = 除外) is neither fetched nor extracted: it is marked
// `skipped` with the reason, and a user override that restores the domain makes it a candidate again.
import {
  contentHash,
  errorMessage,
  hostnameOf,
  InvalidInputError,
  isLyraError,
  type EngineWarning,
  type ErrorCategory,
  type Page,
  type PageJobRunner,
} from '../../core/index.js';
import { RESTORE_VIA, classifySourceType } from '../../policy/index.js';
import { formatScholarlyId, identifiersInPage } from '../../sources/index.js';
import type { TrustResolver } from '../deps.js';
import { documentFragments } from '../page-records.js';
import { FINAL_FETCH_STATUSES, SETTLED_FETCH_STATUSES, type QueryContext } from '../query-context.js';
import { keys, loadPayload, warning, type PageOutcome } from '../task-state.js';
import type { FetchCandidate } from './register.js';
import { renderIfScriptBuilt } from './render-fallback.js';

/** Identifiers read from one fetched page for the next enrichment round. */
export const MAX_PAGE_IDENTIFIERS = 20;

export interface FetchPlan {
  items: Array<{ pageId: string; url: string }>;
  /** Candidates left out by the budget (their pages are marked `skipped`). */
  skipped: number;
  /** Candidates of BLOCKED domains, left out (marked `skipped`, reason `domain_blocked`); absent in plans stored before it existed. */
  blocked?: number;
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

/** Why a page is not fetched because its domain is BLOCKED (the effective level: user override → verification → policy), or undefined. */
export function blockedDomainReason(ctx: QueryContext, url: string): { category: 'blocked'; code: 'domain_blocked'; message: string } | undefined {
  return domainBlockReason(ctx.deps.trust, url);
}

/** blockedDomainReason for callers outside a query (checkSource). */
export function domainBlockReason(trust: TrustResolver, url: string): { category: 'blocked'; code: 'domain_blocked'; message: string } | undefined {
  if (url.startsWith('corpus://')) return undefined;
  const t = trust.of(url);
  if (t.trustLevel !== 'BLOCKED') return undefined;
  const by = t.origin === 'verification' ? 'by L6 verification' : t.origin === 'override' ? 'by a user override' : 'by the domain policy';
  return {
    category: 'blocked',
    code: 'domain_blocked',
    message: `${t.domain} is BLOCKED ${by}: not fetched; to restore it add ${t.domain} to ${RESTORE_VIA} (lyra domains explain ${t.domain})`,
  };
}

/** Marks a page of a BLOCKED domain `skipped`, with the reason in its page checkpoint, a warning and a page.skipped event. */
function skipBlocked(ctx: QueryContext, page: Pick<Page, 'id' | 'url'>, reason: NonNullable<ReturnType<typeof blockedDomainReason>>): EngineWarning {
  const { store } = ctx.deps;
  const outcome: PageOutcome = { status: 'skipped', queryId: ctx.query.id, at: new Date().toISOString(), error: reason };
  store.transaction(() => {
    store.updatePage(page.id, { fetchStatus: 'skipped' });
    store.saveCheckpoint(ctx.task.id, keys.page(page.id), outcome);
  });
  ctx.emit({ type: 'page.skipped', taskId: ctx.task.id, queryId: ctx.query.id, url: page.url, at: outcome.at, error: reason.code });
  return warning({ source: 'fetch', category: 'blocked', code: reason.code, message: reason.message, target: page.url });
}

export function planFetch(ctx: QueryContext, candidates: FetchCandidate[]): FetchPlan {
  const { store } = ctx.deps;
  const warnings: EngineWarning[] = [];
  let blocked = 0;
  const pages = candidates
    .map((c) => ({ c, page: store.getPage(c.pageId) }))
    .filter((x): x is { c: FetchCandidate; page: Page } => x.page !== undefined && !FINAL_FETCH_STATUSES.has(x.page.fetchStatus))
    .filter((x) => {
      const reason = blockedDomainReason(ctx, x.page.url);
      if (!reason) return true;
      warnings.push(skipBlocked(ctx, x.page, reason));
      blocked += 1;
      return false;
    });
  const priority = ctx.task.priorityDomains;
  pages.sort(
    (a, b) => Number(isPriority(b.page, priority)) - Number(isPriority(a.page, priority)) || a.c.rank - b.c.rank || (a.page.url < b.page.url ? -1 : 1),
  );
  const n = Math.min(pages.length, ctx.budget.pagesLeft());
  const chosen = pages.slice(0, n);
  const left = pages.slice(n);
  if (left.length > 0) {
    store.transaction(() => left.forEach((x) => store.updatePage(x.page.id, { fetchStatus: 'skipped' })));
    for (const x of left)
      ctx.emit({ type: 'page.skipped', taskId: ctx.task.id, queryId: ctx.query.id, url: x.page.url, at: new Date().toISOString(), error: 'budget_exhausted' });
    warnings.push(ctx.budget.exhaustedWarning(`${left.length} of ${pages.length} pages not fetched`));
  }
  return { items: chosen.map((x) => ({ pageId: x.page.id, url: x.page.url })), skipped: left.length, ...(blocked > 0 ? { blocked } : {}), warnings };
}

export function failureOf(err: unknown): { category: ErrorCategory; code: string; message: string } {
  return isLyraError(err)
    ? { category: err.category, code: err.code, message: err.message }
    : { category: 'retryable', code: 'unexpected', message: errorMessage(err) };
}

/** The HTTP status a fetch error carries (the fetcher's `http_status` errors and bot walls say it in their details). */
export function httpStatusOf(err: unknown): number | undefined {
  const s = isLyraError(err) ? (err.details as { status?: unknown } | undefined)?.status : undefined;
  return typeof s === 'number' && Number.isInteger(s) && s >= 100 && s <= 599 ? s : undefined;
}

async function fetchOne(ctx: QueryContext, item: { pageId: string; url: string }): Promise<PageOutcome & { identifiers: string[] }> {
  const { store, fetcher, extractor, trust } = ctx.deps;
  const taskId = ctx.task.id;
  try {
    const first = await fetcher.fetch({ url: item.url, signal: ctx.signal, taskId });
    const pdf = /pdf/i.test(first.contentType);
    const staticDoc = await extractor.extract({
      url: first.finalUrl,
      contentType: first.contentType,
      body: first.body,
      ...(pdf ? {} : { text: first.text }),
      signal: ctx.signal,
    });
    // A script-built page (no readable text in its static HTML) is rendered in Chromium, bounded per task.
    const attempt = await renderIfScriptBuilt(ctx, item.url, first, staticDoc);
    const doc = attempt.doc;
    const identifiers = identifiersInPage(doc, { limit: MAX_PAGE_IDENTIFIERS }).map(formatScholarlyId);
    const all = documentFragments(item.pageId, doc, ctx.limits.corpusFragmentChars);
    const fragments = all.slice(0, ctx.limits.maxFragmentsPerPage);
    const page = store.getPage(item.pageId)!;
    const own = Object.keys(doc.identifiers).length > 0;
    const title = doc.title ?? page.title;
    const outcome: PageOutcome & { identifiers: string[] } = {
      status: 'fetched',
      queryId: ctx.query.id,
      at: new Date().toISOString(),
      fragments: fragments.length,
      identifiers,
      httpStatus: first.status,
      ...(first.fromCache ? { fromCache: true } : {}),
      ...(attempt.rendered ? { rendered: true } : {}),
    };
    if (attempt.error) outcome.error = attempt.error;
    if (all.length > fragments.length)
      outcome.error = {
        category: 'non_retryable',
        code: 'fragments_truncated',
        message: `${all.length - fragments.length} fragments beyond pipeline.max_fragments_per_page (${ctx.limits.maxFragmentsPerPage}) dropped`,
      };
    // Page jobs may run one page twice at once (a query retried while its earlier page jobs still run):
    // write transactions are serial, so the first to store the page wins and the other stores nothing.
    const stored = store.transaction(() => {
      if (isFinal(store, item.pageId)) return false;
      store.updatePage(item.pageId, {
        fetchStatus: 'fetched',
        fetchedAt: outcome.at,
        contentHash: contentHash(doc.text),
        ...(title ? { title } : {}),
        ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}),
        ...(doc.byline ? { authors: [doc.byline] } : {}),
        ...(doc.siteName ? { organization: doc.siteName } : {}),
        identifiers: { ...doc.identifiers },
        sourceType:
          page.sourceType === 'academic_paper' || own
            ? 'academic_paper'
            : classifySourceType(item.url, { ...(title ? { title } : {}), ...(doc.byline ? { author: doc.byline } : {}) }),
        trustLevel: trust.of(item.url).trustLevel,
      });
      store.insertFragments(fragments);
      store.saveCheckpoint(taskId, keys.page(item.pageId), outcome);
      return true;
    });
    if (!stored) return storedOutcome(ctx, item.pageId) ?? outcome;
    ctx.emit({ type: 'page.fetched', taskId, queryId: ctx.query.id, url: item.url, at: outcome.at });
    return outcome;
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    return recordFetchFailure(ctx, item, failureOf(err), httpStatusOf(err));
  }
}

const isFinal = (store: QueryContext['deps']['store'], pageId: string): boolean => FINAL_FETCH_STATUSES.has(store.getPage(pageId)?.fetchStatus ?? 'pending');

/** The outcome stored with a page's checkpoint. */
function storedOutcome(ctx: QueryContext, pageId: string): (PageOutcome & { identifiers: string[] }) | undefined {
  const saved = loadPayload<PageOutcome & { identifiers?: string[] }>(ctx.deps.store, ctx.task.id, keys.page(pageId));
  return saved ? { ...saved, identifiers: saved.identifiers ?? [] } : undefined;
}

/** Stores a page that could not be fetched as `failed` (or `blocked`), with its error in its checkpoint, and emits page.failed. */
function recordFetchFailure(
  ctx: QueryContext,
  item: { pageId: string; url: string },
  error: { category: ErrorCategory; code: string; message: string },
  httpStatus?: number,
): PageOutcome & { identifiers: string[] } {
  const { store } = ctx.deps;
  const outcome: PageOutcome & { identifiers: string[] } = {
    status: error.category === 'blocked' ? 'blocked' : 'failed',
    queryId: ctx.query.id,
    at: new Date().toISOString(),
    error,
    identifiers: [],
    ...(httpStatus !== undefined ? { httpStatus } : {}),
  };
  const first = store.transaction(() => {
    // A failure never overwrites an outcome another page job stored meanwhile.
    if (isFinal(store, item.pageId)) return false;
    store.updatePage(item.pageId, { fetchStatus: outcome.status });
    store.saveCheckpoint(ctx.task.id, keys.page(item.pageId), outcome);
    return true;
  });
  if (!first) return storedOutcome(ctx, item.pageId) ?? outcome;
  ctx.emit({ type: 'page.failed', taskId: ctx.task.id, queryId: ctx.query.id, url: item.url, at: outcome.at, error: `${error.category}: ${error.message}` });
  return outcome;
}

/**
 * One planned page of a query, as a page job runs it (engine.fetchPage): a page already final is left
 * as it is (a job run again after a kill stores nothing twice), a BLOCKED domain's page is skipped, any
 * other is fetched and stored as in Phase 6. Returns the page's fetch status after the job.
 */
export async function fetchPlannedPage(ctx: QueryContext, pageId: string): Promise<Page['fetchStatus']> {
  const page = ctx.deps.store.getPage(pageId);
  if (!page) throw new InvalidInputError(`page job: no page ${pageId} in task ${ctx.task.id}`, { code: 'page_not_found', details: { pageId } });
  if (SETTLED_FETCH_STATUSES.has(page.fetchStatus)) return page.fetchStatus;
  const reason = blockedDomainReason(ctx, page.url);
  if (reason) {
    skipBlocked(ctx, page, reason);
    return 'skipped';
  }
  return (await fetchOne(ctx, { pageId, url: page.url })).status;
}

/**
 * The plan's pages left to fetch, as page jobs on the team's workers: one job per page, waited for;
 * each outcome is read back from the page's checkpoint, which the job stored. A job that ended without
 * storing one (its retries used up) leaves its page `failed` with the job's error.
 */
async function runAsPageJobs(
  ctx: QueryContext,
  pageJobs: PageJobRunner,
  todo: FetchPlan['items'],
  results: Map<string, PageOutcome & { identifiers?: string[] }>,
): Promise<void> {
  if (todo.length === 0) return;
  const failures = await pageJobs.run(
    todo.map((i) => ({ taskId: ctx.task.id, queryId: ctx.query.id, pageId: i.pageId })),
    { signal: ctx.signal },
  );
  ctx.signal.throwIfAborted();
  for (const item of todo) {
    const saved = isFinal(ctx.deps.store, item.pageId) ? storedOutcome(ctx, item.pageId) : undefined;
    results.set(
      item.pageId,
      saved ??
        recordFetchFailure(
          ctx,
          item,
          failures.get(item.pageId) ?? { category: 'retryable', code: 'page_job_lost', message: `the page job of ${item.url} ended without storing the page` },
        ),
    );
  }
}

/** Runs a stored plan; pages already final (stored before a kill) are read back, not fetched. */
export async function runFetchPhase(ctx: QueryContext, plan: FetchPlan): Promise<FetchOutput> {
  const { store } = ctx.deps;
  const results = new Map<string, PageOutcome & { identifiers?: string[] }>();
  let next = 0;
  let notFetched = 0;
  const blockedWarnings: EngineWarning[] = [];
  /** Whether a plan item is still to fetch; a final page is read back, one past the time budget or of a BLOCKED domain is skipped. */
  const toFetch = (item: FetchPlan['items'][number]): boolean => {
    if (isFinal(store, item.pageId)) {
      const saved = storedOutcome(ctx, item.pageId);
      if (saved) results.set(item.pageId, saved);
      return false;
    }
    if (ctx.budget.secondsLeft() <= 0) {
      notFetched += 1;
      store.updatePage(item.pageId, { fetchStatus: 'skipped' });
      return false;
    }
    // A plan stored before its domain was blocked (read back on resume) still never fetches it.
    const reason = blockedDomainReason(ctx, item.url);
    if (reason) {
      blockedWarnings.push(skipBlocked(ctx, { id: item.pageId, url: item.url }, reason));
      return false;
    }
    return true;
  };
  const worker = async (): Promise<void> => {
    while (next < plan.items.length) {
      const item = plan.items[next++]!;
      if (toFetch(item)) results.set(item.pageId, await fetchOne(ctx, item));
    }
  };
  // In-process the budget is checked as each fetch starts; page jobs are sent at once, so it is checked once, before.
  if (ctx.deps.pageJobs) await runAsPageJobs(ctx, ctx.deps.pageJobs, plan.items.filter(toFetch), results);
  else await Promise.all(Array.from({ length: Math.max(1, Math.min(ctx.limits.fetchConcurrency, plan.items.length)) }, worker));

  const out: FetchOutput = { fetched: [], failed: [], identifiers: [], notFetched, warnings: [...blockedWarnings] };
  for (const item of plan.items) {
    const r = results.get(item.pageId);
    if (!r) continue;
    if (r.status === 'fetched') {
      out.fetched.push(item.pageId);
      for (const id of r.identifiers ?? []) if (!out.identifiers.includes(id)) out.identifiers.push(id);
      if (r.error) out.warnings.push(warning({ source: 'fetch', category: 'warning', code: r.error.code, message: r.error.message, target: item.url }));
    } else {
      out.failed.push(item.pageId);
      out.warnings.push(
        warning({
          source: 'fetch',
          category: r.error?.category ?? 'retryable',
          code: r.error?.code ?? 'unexpected',
          message: r.error?.message ?? 'fetch failed',
          target: item.url,
        }),
      );
    }
  }
  if (notFetched > 0) out.warnings.push(ctx.budget.exhaustedWarning(`${notFetched} pages not fetched (time)`));
  return out;
}
