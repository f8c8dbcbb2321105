// Loaded task views, kept while the store has not changed: a task page of thousands of claims is read
// once, then filtered and paged from memory. A view is stale when the store's data_version (writes by
// other connections: a task running in another process) or this server's own write count (actions)
// moved. Bounded to UI_DEFAULTS.cachedTasks views, least recently used dropped first.
import { setNewest, type Store } from '../core/index.js';
import type { AppEngine } from '../app/engine.js';
import { taskGraphView, type TaskGraphView } from '../app/tasks/task-graph-view.js';
import { loadTaskPage, type TaskPage } from '../app/tasks/task-views.js';

export interface TaskCache {
  page(taskId: string): TaskPage;
  graph(taskId: string): TaskGraphView;
  /** Marks every view stale (after an action this server applied). */
  invalidate(): void;
}

interface Entry {
  version: string;
  page: TaskPage;
  graph?: TaskGraphView;
}

export function createTaskCache(deps: { engine: Pick<AppEngine, 'materials'>; store: Store }, options: { maxClaims: number; size: number }): TaskCache {
  const entries = new Map<string, Entry>();
  let writes = 0;
  const version = (): string => `${deps.store.dataVersion()}:${writes}`;
  const entry = (taskId: string): Entry => {
    const v = version();
    let e = entries.get(taskId);
    if (!e || e.version !== v) {
      e = { version: v, page: loadTaskPage(deps, taskId, { maxClaims: options.maxClaims }) };
    }
    setNewest(entries, taskId, e, options.size);
    return e;
  };
  return {
    page: (taskId) => entry(taskId).page,
    graph: (taskId) => {
      const e = entry(taskId);
      e.graph ??= taskGraphView(e.page);
      return e.graph;
    },
    invalidate: () => {
      writes++;
    },
  };
}
