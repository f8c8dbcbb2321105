// The engine's searches, each recorded as a query and run in the task's line until done: a search
// (`search`), a search whose statement is then judged against the task's evidence (`verifyClaim`), and
// one URL read as a page of the task (`ingestUrl`).
import {
  type Engine,
  type ErrorCategory,
  type IngestUrlOutcome,
  type LyraError,
  type SearchOptions,
  type SearchOutcome,
  type VerifyOutcome,
} from '../../core/index.js';
import { errorOfCategory } from '../../sources/index.js';
import { verifyStatement } from '../graph/index.js';
import { graphDepsOf } from '../phases/graph.js';
import { claimLease } from '../task-lease.js';
import { waitForQuery } from '../task-queue.js';
import { recordQuery, requireTask, targetInput, taskProviders } from '../task-records.js';
import { keys, loadPayload, type PageOutcome } from '../task-state.js';
import { pageSourceView, searchOutcome } from '../views.js';
import type { EngineContext } from './context.js';

export type SearchMethods = Pick<Engine, 'search' | 'verifyClaim' | 'ingestUrl'>;

function errorOfCategoryName(category: ErrorCategory, message: string, code: string): LyraError {
  return errorOfCategory(category, message, { code });
}

export function searchMethods(ctx: EngineContext): SearchMethods {
  const { deps, store, runner } = ctx;

  async function runSearch(taskId: string, query: string, options: SearchOptions, extra: { deferStance?: boolean }): Promise<SearchOutcome> {
    const task = ctx.openTask(taskId);
    ctx.requireModels();
    claimLease(store, taskId);
    const input = targetInput({ query, ...(options.refute ? { refute: true } : {}) }, ctx.queryProviders(task, options.providers), {
      ...(options.maxPages !== undefined ? { maxPages: options.maxPages } : {}),
      ...(options.seekPrimary ? { seekPrimary: true } : {}),
      expansion: ctx.expansion,
      ...extra,
    });
    const q = recordQuery(store, taskId, input, {
      ...(options.origin ? { origin: options.origin } : {}),
      ...(options.clientKey !== undefined ? { clientKey: options.clientKey } : {}),
    });
    const line = runner.enqueue(taskId, q.id, options.signal);
    await waitForQuery(line, q.id);
    return searchOutcome({ store, trust: deps.trust, task: requireTask(store, taskId), queryId: q.id });
  }

  return {
    search(taskId: string, query: string, options: SearchOptions = {}): Promise<SearchOutcome> {
      return runSearch(taskId, query, options, {});
    },

    async verifyClaim(taskId: string, statement: string, options: SearchOptions = {}): Promise<VerifyOutcome> {
      ctx.openTask(taskId);
      // The search's graph run extracts claims only: verifyStatement judges the statement's own candidates.
      const outcome = await runSearch(taskId, statement, options, { deferStance: true });
      if (outcome.status !== 'done') {
        const q = store.getQuery(outcome.queryId);
        throw errorOfCategory(
          q?.error?.category ?? 'retryable',
          `verify: the search for ${JSON.stringify(statement)} ended ${outcome.status}: ${q?.lastError ?? outcome.status}`,
          {
            code: 'verify_search_failed',
            ...(q?.error ? { details: { cause: q.error } } : {}),
          },
        );
      }
      const graph = loadPayload<{ pageIds: string[] }>(store, taskId, keys.phase(outcome.queryId, 'graph'));
      const result = await verifyStatement(graphDepsOf({ deps, emit: ctx.emit }), {
        taskId,
        statement,
        pageIds: graph?.pageIds ?? [],
        queries: outcome.sentQueries,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { ...result, queryId: outcome.queryId, warnings: [...outcome.warnings, ...result.warnings] };
    },

    async ingestUrl(taskId: string, url: string, options: { signal?: AbortSignal } = {}): Promise<IngestUrlOutcome> {
      const task = ctx.openTask(taskId);
      ctx.requireModels();
      claimLease(store, taskId);
      const input = targetInput({ url }, taskProviders(task));
      const q = recordQuery(store, taskId, input);
      await waitForQuery(runner.enqueue(taskId, q.id, options.signal), q.id);
      const outcome = searchOutcome({ store, trust: deps.trust, task: requireTask(store, taskId), queryId: q.id });
      const page = store.findPageByUrl(taskId, input.value);
      if (!page) throw errorOfCategoryName('non_retryable', `ingest ${url}: the query ended ${outcome.status} without a page`, 'ingest_failed');
      const failed = loadPayload<PageOutcome>(store, taskId, keys.page(page.id));
      // A page of a BLOCKED domain is skipped with its reason (phases/fetch.ts): the ingest fails with it.
      if (failed?.status === 'failed' || failed?.status === 'blocked' || failed?.status === 'skipped')
        throw errorOfCategoryName(
          failed.error?.category ?? 'retryable',
          `ingest ${url}: ${failed.error?.message ?? failed.status}`,
          failed.error?.code ?? 'fetch_failed',
        );
      if (outcome.status !== 'done')
        throw errorOfCategoryName('retryable', `ingest ${url}: query ${outcome.status}: ${store.getQuery(q.id)?.lastError ?? ''}`, 'ingest_failed');
      return {
        page: pageSourceView(store.getPage(page.id)!, deps.trust),
        fragments: store.listFragments(page.id).length,
        claims: outcome.claims,
        warnings: outcome.warnings,
      };
    },
  };
}
