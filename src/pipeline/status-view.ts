// `status(taskId)` (seed 002 get_status + seed 000 §4.1): searches with their state and metrics, pages,
// budget used and left, the novelty trend, claim counts per status, every failure with its error, and
// the blocked domains with reason, causing claims, original level, can_restore and restore_via.
import {
  CLAIM_STATUSES,
  type BlockedDomainInfo,
  type Claim,
  type ClaimStatus,
  type EngineWarning,
  type Store,
  type Task,
  type TaskStatusView,
} from '../core/index.js';
import { blockedDomainInfo, querySatisfaction } from '../policy/index.js';
import type { TrustResolver } from './deps.js';
import { createSourceResolver } from './materials/index.js';
import type { QuerySummary } from './query-runner.js';
import { keys, loadPayload, taskWarnings, type PageOutcome, type QueryInput } from './task-state.js';
import { budgetView, isPrimaryLevel, queryWarningsOf } from './views.js';
import { splitAskedClaims } from './asked-claims.js';

/** Claims by status, every status present (0 when none); a claim not judged yet is PENDING. */
export function claimStatusCounts(claims: ReadonlyArray<Pick<Claim, 'status'>>): Record<ClaimStatus | 'PENDING', number> {
  const counts = Object.fromEntries([...CLAIM_STATUSES, 'PENDING'].map((s) => [s, 0])) as Record<ClaimStatus | 'PENDING', number>;
  for (const c of claims) counts[c.status ?? 'PENDING'] += 1;
  return counts;
}

function blockedDomains(store: Store, taskId: string, domains: Set<string>, claimIds: Set<string>): BlockedDomainInfo[] {
  return store
    .listDomainStates({ blockedOnly: true })
    .filter((s) => domains.has(s.domain) || s.causingClaimIds.some((c) => claimIds.has(c)))
    .map(blockedDomainInfo);
}

export function taskStatusView(options: { store: Store; trust: TrustResolver; task: Task }): TaskStatusView {
  const { store, trust, task } = options;
  const checkpoints = store.listCheckpoints(task.id);
  const byKey = new Map(checkpoints.map((c) => [c.stepKey, c.payload]));
  const queries = store.listQueries(task.id);
  const pages = store.listPages(task.id);
  const claims = store.listClaims(task.id);

  const summaries = new Map(queries.map((q) => [q.id, byKey.get(keys.phase(q.id, 'metrics')) as QuerySummary | undefined]));
  const searches = queries.map((q) => {
    const input = byKey.get(keys.input(q.id)) as QueryInput | undefined;
    const s = summaries.get(q.id);
    return {
      queryId: q.id,
      ...(q.clientKey !== undefined ? { clientKey: q.clientKey } : {}),
      text: q.text,
      kind: input?.kind ?? 'query',
      mode: q.mode,
      origin: q.origin,
      status: q.status,
      attempts: q.attempts,
      ...(q.lastError ? { lastError: q.lastError } : {}),
      ...(q.error ? { error: q.error } : {}),
      ...(s ? { harvestRate: s.harvestRate, novelty: s.novelty, satisfaction: s.satisfaction, pagesFetched: s.pagesFetched } : {}),
    };
  });

  const warnings: EngineWarning[] = [...taskWarnings(store, task.id)];
  for (const q of queries) warnings.push(...queryWarningsOf(store, task.id, q.id, checkpoints));

  const failures: EngineWarning[] = [];
  for (const q of queries) {
    if (q.status === 'failed')
      failures.push({
        source: 'query',
        category: q.error?.category ?? 'retryable',
        code: 'query_failed',
        message: q.lastError ?? 'failed',
        target: q.text,
        at: q.finishedAt ?? q.createdAt,
      });
  }
  for (const p of pages) {
    if (p.fetchStatus !== 'failed' && p.fetchStatus !== 'blocked') continue;
    const o = loadPayload<PageOutcome>(store, task.id, keys.page(p.id));
    failures.push({
      source: 'fetch',
      category: o?.error?.category ?? (p.fetchStatus === 'blocked' ? 'blocked' : 'retryable'),
      code: o?.error?.code ?? p.fetchStatus,
      message: o?.error?.message ?? `fetch ${p.fetchStatus}`,
      target: p.url,
      at: o?.at ?? p.createdAt,
    });
  }

  // Independent sources and a primary one, over the pages whose fragments carry a claim or a non-neutral stance.
  const usefulPages = new Set<string>();
  const fragmentPage = new Map<string, string | undefined>();
  for (const e of store.listEdges(task.id)) {
    if (e.kind !== 'supports' && e.kind !== 'refutes') continue;
    if (!fragmentPage.has(e.fragmentId)) fragmentPage.set(e.fragmentId, store.getFragment(e.fragmentId)?.pageId);
    const pid = fragmentPage.get(e.fragmentId);
    if (pid) usefulPages.add(pid);
  }
  const sourceOf = createSourceResolver(trust);
  const useful = pages.filter((p) => usefulPages.has(p.id)).map(sourceOf);
  const independentSources = new Set(useful.map((s) => s.key)).size;
  const hasPrimarySource = useful.some((s) => isPrimaryLevel(s.trustLevel));

  const done = queries.map((q) => summaries.get(q.id)).filter((s): s is QuerySummary => s !== undefined);
  const usefulFragments = done.reduce((n, s) => n + s.usefulFragments, 0);
  const fragments = done.reduce((n, s) => n + s.fragments, 0);
  const { counted, side } = splitAskedClaims(task, claims);
  const claimCounts = claimStatusCounts(counted);

  return {
    task,
    status: task.status,
    searches,
    pagesFetched: pages.filter((p) => p.fetchStatus === 'fetched' && !p.url.startsWith('corpus://')).length,
    pagesRegistered: pages.filter((p) => p.fetchStatus === 'abstract_only' || (p.fetchStatus === 'fetched' && p.url.startsWith('corpus://'))).length,
    usefulFragments,
    harvestRate: fragments > 0 ? usefulFragments / fragments : 0,
    satisfaction: querySatisfaction({ independentSources, hasPrimarySource }),
    hasPrimarySource,
    noveltyTrend: queries.filter((q) => q.status === 'done').map((q) => summaries.get(q.id)?.novelty ?? 0),
    claimCounts,
    sideClaims: side.length,
    budget: budgetView(store, task),
    authQueueSize: store.listAuth({ taskId: task.id, status: 'pending' }).length,
    warnings,
    failures,
    blocked_domains: blockedDomains(store, task.id, new Set(pages.map((p) => p.domain)), new Set(claims.map((c) => c.id))),
  };
}
