// What a task holds, counted from the store without building its materials (which load and render
// the whole graph): the research workflow takes the difference of two counts to see what one search
// added, after every search. Evidence counts match the materials' (supports + refutes edges of a
// claim, its origin included): fragments and pages are never removed while their task lives.
import type { Store, TaskCounts } from '../core/index.js';

export function taskCounts(store: Store, taskId: string): TaskCounts {
  const claims = store.listClaims(taskId);
  const evidence: Record<string, number> = {};
  for (const c of claims) evidence[c.id] = 0;
  for (const kind of ['supports', 'refutes'] as const) {
    for (const e of store.listEdges(taskId, kind)) {
      if (e.kind === kind && Object.hasOwn(evidence, e.claimId)) evidence[e.claimId]! += 1;
    }
  }
  return { pageIds: store.listPages(taskId).map((p) => p.id), evidence, totalClaims: claims.length };
}
