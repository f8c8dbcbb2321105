// One consistent read of a task's evidence graph, indexed for the graph steps and the materials.
// Orders are fixed (pages by URL, fragments in document order, claims by id) so everything computed
// from it is a function of the stored data alone.
import {
  InvalidInputError,
  type CitesEdge,
  type Claim,
  type ContradictsEdge,
  type Fragment,
  type Page,
  type StanceEdge,
  type Store,
  type Task,
  isOriginModel,
} from '../../core/index.js';

/** Model name of the `supports` edge from a claim's own sentence to the claim. */

export interface TaskGraph {
  task: Task;
  /** Sorted by URL. */
  pages: Page[];
  pageById: Map<string, Page>;
  fragmentById: Map<string, Fragment>;
  /** Each page's fragments in document (locator) order. */
  fragmentsByPage: Map<string, Fragment[]>;
  /** Sorted by id. */
  claims: Claim[];
  claimById: Map<string, Claim>;
  stance: StanceEdge[];
  stanceByClaim: Map<string, StanceEdge[]>;
  contradictions: ContradictsEdge[];
  cites: CitesEdge[];
}

const byString =
  <T>(key: (x: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

export function isStanceEdge(e: { kind: string }): e is StanceEdge {
  return e.kind === 'supports' || e.kind === 'refutes' || e.kind === 'neutral';
}

export function isOriginEdge(e: StanceEdge): boolean {
  return isOriginModel(e);
}

/** Stance edge key as the store's natural key uses it: one stance per fragment and claim. */
export function pairKey(fragmentId: string, claimId: string): string {
  return `${fragmentId}>${claimId}`;
}

export function loadTaskGraph(store: Store, taskId: string): TaskGraph {
  const task = store.getTask(taskId);
  if (!task) throw new InvalidInputError(`graph: no task ${taskId}`, { code: 'task_not_found', details: { taskId } });
  const pages = store.listPages(taskId).sort(byString((p) => p.url));
  const pageById = new Map(pages.map((p) => [p.id, p]));
  const fragmentById = new Map<string, Fragment>();
  const fragmentsByPage = new Map<string, Fragment[]>(pages.map((p) => [p.id, []]));
  for (const f of store.listTaskFragments(taskId)) {
    fragmentById.set(f.id, f);
    fragmentsByPage.get(f.pageId)?.push(f);
  }
  const claims = store.listClaims(taskId).sort(byString((c) => c.id));
  const claimById = new Map(claims.map((c) => [c.id, c]));
  const stance: StanceEdge[] = [];
  const stanceByClaim = new Map<string, StanceEdge[]>();
  const contradictions: ContradictsEdge[] = [];
  const cites: CitesEdge[] = [];
  for (const e of store.listEdges(taskId)) {
    if (isStanceEdge(e)) {
      // Edges whose fragment is gone (never expected) would cite nothing: they are left out.
      if (!fragmentById.has(e.fragmentId)) continue;
      stance.push(e);
      const list = stanceByClaim.get(e.claimId);
      if (list) list.push(e);
      else stanceByClaim.set(e.claimId, [e]);
    } else if (e.kind === 'contradicts') contradictions.push(e);
    else cites.push(e);
  }
  // Stored order is insertion order, which differs after a resume: sort by the natural key instead.
  for (const list of stanceByClaim.values()) list.sort(byString((e) => e.fragmentId));
  stance.sort(byString((e) => pairKey(e.fragmentId, e.claimId)));
  contradictions.sort(byString((e) => [e.claimId, e.otherClaimId].sort().join('~')));
  cites.sort(byString((e) => `${e.fromPageId}>${e.toPageId}`));
  return { task, pages, pageById, fragmentById, fragmentsByPage, claims, claimById, stance, stanceByClaim, contradictions, cites };
}

/** Pages a claim was extracted from (its origin edges), sorted by URL. */
export function originPages(graph: TaskGraph, claimId: string): Page[] {
  const ids = new Set<string>();
  for (const e of graph.stanceByClaim.get(claimId) ?? []) {
    if (!isOriginEdge(e)) continue;
    const f = graph.fragmentById.get(e.fragmentId);
    if (f) ids.add(f.pageId);
  }
  return [...ids]
    .map((id) => graph.pageById.get(id))
    .filter((p): p is Page => p !== undefined)
    .sort(byString((p) => p.url));
}
