// The engine's reads: status, counts, materials, one source's text, a source's reachability, and the
// stance model itself. None runs a query; checkSource alone may fetch (a HEAD-like check, stored).
import {
  InvalidInputError,
  NonRetryableError,
  type Engine,
  type Materials,
  type MaterialsOptions,
  type MaterialsPage,
  type MaterialsPageOptions,
  type SourceReachability,
  type SourceText,
  type TaskStatusView,
  type BudgetView,
} from '../../core/index.js';
import { buildMaterials, buildMaterialsPage, createSourceResolver, sourceView } from '../materials/index.js';
import { checkReachability, reachabilityFromTask } from '../reachability.js';
import { taskStatusView } from '../status-view.js';
import { taskCounts } from '../task-counts.js';
import { requireTask } from '../task-records.js';
import { keys, loadPayload, type PageOutcome, type ReachabilityRecord } from '../task-state.js';
import { budgetView, pageSourceView } from '../views.js';
import type { EngineContext } from './context.js';

export type ReadMethods = Pick<
  Engine,
  'status' | 'budget' | 'counts' | 'materials' | 'materialsPage' | 'readSource' | 'checkSource' | 'judge' | 'stanceModelName'
>;

export function readMethods(ctx: EngineContext): ReadMethods {
  const { deps, store } = ctx;
  const materialsDeps = () => ({ store, trust: deps.trust, ...(deps.questionRelevance ? { questionRelevance: deps.questionRelevance } : {}) });
  return {
    status(taskId: string): TaskStatusView {
      return taskStatusView({ store, trust: deps.trust, task: requireTask(store, taskId) });
    },

    budget(taskId: string): BudgetView {
      return budgetView(store, requireTask(store, taskId));
    },

    counts(taskId: string) {
      requireTask(store, taskId);
      return taskCounts(store, taskId);
    },

    materials(taskId: string, options?: MaterialsOptions): Materials {
      requireTask(store, taskId);
      return buildMaterials(materialsDeps(), { taskId, ...options });
    },

    materialsPage(taskId: string, options?: MaterialsPageOptions): MaterialsPage {
      requireTask(store, taskId);
      return buildMaterialsPage(materialsDeps(), { taskId, ...options });
    },

    readSource(taskId: string, pageId: string): SourceText {
      requireTask(store, taskId);
      const page = store.getPage(pageId);
      if (!page || page.taskId !== taskId)
        throw new InvalidInputError(`readSource: task ${taskId} has no page ${pageId}`, { code: 'page_not_found', details: { taskId, pageId } });
      if (page.fetchStatus !== 'fetched' && page.fetchStatus !== 'abstract_only') {
        throw new NonRetryableError(`readSource: ${page.url} has no text (${page.fetchStatus})`, {
          code: 'source_unreadable',
          details: { pageId, url: page.url, fetchStatus: page.fetchStatus },
        });
      }
      return {
        source: sourceView(page, createSourceResolver(deps.trust)(page), { bibliographic: true }),
        text: store
          .listFragments(pageId)
          .map((f) => f.text)
          .join('\n\n'),
      };
    },

    async checkSource(taskId: string, pageId: string, options: { recheck?: boolean; signal?: AbortSignal } = {}): Promise<SourceReachability> {
      ctx.openTask(taskId);
      const page = store.getPage(pageId);
      if (!page || page.taskId !== taskId)
        throw new InvalidInputError(`checkSource: task ${taskId} has no page ${pageId}`, { code: 'page_not_found', details: { taskId, pageId } });
      const source = pageSourceView(page, deps.trust);
      if (!options.recheck) {
        const checked = loadPayload<ReachabilityRecord>(store, taskId, keys.check(pageId));
        if (checked) return { source, ...checked, from: 'check' };
        const seen = reachabilityFromTask(page, loadPayload<PageOutcome>(store, taskId, keys.page(pageId)));
        if (seen) return { source, ...seen, from: 'task' };
      }
      const record = await checkReachability({ deps, page, ...(options.signal ? { signal: options.signal } : {}) });
      store.saveCheckpoint(taskId, keys.check(pageId), record);
      return { source, ...record, from: 'check' };
    },

    async judge(pairs, options = {}) {
      return deps.models.stance().judge(pairs, options);
    },

    stanceModelName() {
      return deps.models.stance().name;
    },
  };
}
