// Read-only views over the store for the engine's answers: sources, claim summaries, the budget, a
// query's outcome and its warnings. Metrics only, never advice (seed 002).
import type { BudgetView, Claim, ClaimSummary, EngineWarning, Page, SearchOutcome, SourceView, Store, Task, TrustLevel, UnreadSource } from '../core/index.js';
import { budgetViewOf, isOriginModel, normalizeUrl } from '../core/index.js';
import { isHighTrust } from '../policy/index.js';
import type { TrustResolver } from './deps.js';
import { createSourceResolver, sourceView } from './materials/index.js';
import { COUNTED_FETCH_STATUSES } from './query-context.js';
import type { RegisterOutput } from './phases/register.js';
import type { SerpOutput } from './phases/serp.js';
import type { QuerySummary } from './query-runner.js';
import { keys, loadPayload, loadUsage, type PageOutcome, type QueryInput } from './task-state.js';

export function isPrimaryLevel(level: TrustLevel): boolean {
  return isHighTrust(level);
}

/** A page as clients see it, with its source's effective trust level now (a BLOCKED domain shows BLOCKED). */
export function pageSourceView(page: Page, trust: TrustResolver): SourceView {
  return sourceView(page, createSourceResolver(trust)(page));
}

export function budgetView(store: Store, task: Task): BudgetView {
  const usage = loadUsage(store, task.id);
  const pagesUsed = store.listPages(task.id).filter((p) => COUNTED_FETCH_STATUSES.has(p.fetchStatus)).length;
  return budgetViewOf(task.budget, { pages: pagesUsed, queries: usage.queriesSent, seconds: usage.secondsUsed });
}

/** claim id → the page its origin fragment (the `supports` edge of model `origin`) belongs to. */
export function claimOrigins(store: Store, taskId: string): Map<string, Page> {
  const out = new Map<string, Page>();
  const pages = new Map<string, Page | undefined>();
  for (const e of store.listEdges(taskId, 'supports')) {
    if (e.kind !== 'supports' || !isOriginModel(e) || out.has(e.claimId)) continue;
    const fragment = store.getFragment(e.fragmentId);
    if (!fragment) continue;
    if (!pages.has(fragment.pageId)) pages.set(fragment.pageId, store.getPage(fragment.pageId));
    const page = pages.get(fragment.pageId);
    if (page) out.set(e.claimId, page);
  }
  return out;
}

export function claimSummaries(store: Store, trust: TrustResolver, taskId: string, claimIds: string[]): ClaimSummary[] {
  if (claimIds.length === 0) return [];
  const origins = claimOrigins(store, taskId);
  const out: ClaimSummary[] = [];
  for (const id of claimIds) {
    const claim: Claim | undefined = store.getClaim(taskId, id);
    const page = origins.get(id);
    if (!claim || !page) continue;
    const source = pageSourceView(page, trust);
    out.push({
      id,
      statement: claim.statement,
      confidence: claim.confidence ?? 0,
      ...(claim.status ? { status: claim.status } : {}),
      source,
      primary: source.primary,
    });
  }
  return out;
}

interface WarningsHolder {
  warnings?: EngineWarning[];
}

/** Every warning of a query: each stored phase output's, plus retries and budget notes. */
export function queryWarningsOf(store: Store, taskId: string, queryId: string, checkpoints = store.listCheckpoints(taskId)): EngineWarning[] {
  const prefix = `q:${queryId}:`;
  const out: EngineWarning[] = [];
  for (const c of checkpoints) {
    if (!c.stepKey.startsWith(prefix)) continue;
    if (c.stepKey === keys.warnings(queryId)) out.push(...((c.payload as EngineWarning[] | null) ?? []));
    else out.push(...((c.payload as WarningsHolder | null)?.warnings ?? []));
  }
  return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Pages whose text the engine holds (fetched, or registered with an abstract or a corpus text). */
const READABLE = new Set<Page['fetchStatus']>(['fetched', 'abstract_only']);

/**
 * The pages a query found, in rank order: its SERP hits as registered (by it or earlier in the task),
 * then the scholarly papers and fetch candidates its rounds registered — split into the readable ones
 * and the rest with why they are unread. From the query's stored phase outputs, so a query finished on
 * resume answers the same.
 */
export function queryPages(store: Store, trust: TrustResolver, taskId: string, queryId: string): { sources: SourceView[]; unread: UnreadSource[] } {
  const seen = new Set<string>();
  const out: Page[] = [];
  const add = (page: Page | undefined): void => {
    if (!page || seen.has(page.id)) return;
    seen.add(page.id);
    out.push(page);
  };
  const serp = loadPayload<SerpOutput>(store, taskId, keys.phase(queryId, 'serp'));
  for (const hit of [...(serp?.hits ?? [])].sort((a, b) => a.rank - b.rank)) {
    add(store.findPageByUrl(taskId, hit.url) ?? safeNormalized(hit.url, (u) => store.findPageByUrl(taskId, u)));
  }
  for (let round = 0; ; round++) {
    const register = loadPayload<RegisterOutput>(store, taskId, keys.phase(queryId, 'register', round));
    if (!register) break;
    for (const p of register.papers) add(store.getPage(p.pageId));
    for (const c of register.candidates) add(store.getPage(c.pageId));
  }
  const resolve = createSourceResolver(trust);
  const sources: SourceView[] = [];
  const unread: UnreadSource[] = [];
  for (const p of out) {
    const view = sourceView(p, resolve(p));
    if (READABLE.has(p.fetchStatus)) {
      sources.push(view);
      continue;
    }
    const outcome = loadPayload<PageOutcome>(store, taskId, keys.page(p.id));
    unread.push({
      source: view,
      fetchStatus: p.fetchStatus as UnreadSource['fetchStatus'],
      ...(outcome?.error ? { error: outcome.error } : {}),
      ...(outcome?.httpStatus !== undefined ? { httpStatus: outcome.httpStatus } : {}),
    });
  }
  return { sources, unread };
}

function safeNormalized(url: string, find: (u: string) => Page | undefined): Page | undefined {
  try {
    return find(normalizeUrl(url));
  } catch {
    return undefined;
  }
}

export function searchOutcome(options: { store: Store; trust: TrustResolver; task: Task; queryId: string }): SearchOutcome {
  const { store, task, queryId } = options;
  const query = store.getQuery(queryId)!;
  const summary = loadPayload<QuerySummary>(store, task.id, keys.phase(queryId, 'metrics'));
  const input = loadPayload<QueryInput>(store, task.id, keys.input(queryId));
  const warnings = queryWarningsOf(store, task.id, queryId);
  if (query.status === 'failed' || query.status === 'cancelled') {
    warnings.push({
      source: 'query',
      category: query.error?.category ?? 'retryable',
      code: query.status === 'failed' ? 'query_failed' : 'query_cancelled',
      message: query.lastError ?? query.status,
      target: query.text,
      at: query.finishedAt ?? new Date().toISOString(),
    });
  }
  return {
    taskId: task.id,
    queryId,
    query: input?.value ?? query.text,
    sentQueries: summary?.sentQueries ?? loadPayload<{ sentQueries: string[] }>(store, task.id, keys.phase(queryId, 'serp'))?.sentQueries ?? [],
    status: query.status,
    ...(query.status !== 'done' && query.error ? { error: query.error } : {}),
    resultsFound: summary?.resultsFound ?? 0,
    newPages: summary?.newPages ?? 0,
    pagesFetched: summary?.pagesFetched ?? 0,
    fragments: summary?.fragments ?? 0,
    usefulFragments: summary?.usefulFragments ?? 0,
    harvestRate: summary?.harvestRate ?? 0,
    novelty: summary?.novelty ?? 0,
    duplicateRate: summary?.duplicateRate ?? 0,
    satisfaction: summary?.satisfaction ?? 'unsatisfied',
    hasPrimarySource: summary?.hasPrimarySource ?? false,
    claims: claimSummaries(store, options.trust, task.id, summary?.claimIds ?? []),
    ...queryPages(store, options.trust, task.id, queryId),
    budget: budgetView(store, task),
    warnings,
  };
}
