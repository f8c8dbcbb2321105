// One query's view of the task graph: loaded from the store once, then kept current from the writes
// the graph steps make through the session's store (claims upserted or updated, stance and
// contradiction edges inserted or replaced), instead of reloading every page, fragment, claim and
// edge of the task after each step. Any other write that could change the graph (pages, fragments,
// cites edges, the task) makes the next read reload from the store, so the view never drifts from it.
import type { Claim, ContradictsEdge, Edge, StanceEdge, Store } from '../../core/index.js';
import { isStanceEdge, loadTaskGraph, pairKey, type TaskGraph } from './task-graph.js';

export interface GraphSession {
  /** The store to write through; its graph writes are applied to `graph()`. */
  readonly store: Store;
  /** The task graph as stored now. */
  graph(): TaskGraph;
  /** How many times the graph was read from the store (once, unless a write forced a reload). */
  readonly loads: number;
}

interface Pending {
  claims: Map<string, Claim>;
  edges: Map<string, Edge>;
  /** A write the view cannot apply: the next read reloads. */
  reload: boolean;
}

/** As the store keeps it: no undefined fields (a patch may carry them), plain JSON values. */
const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const byString =
  <T>(key: (x: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
const contradictionKey = (e: ContradictsEdge): string => [e.claimId, e.otherClaimId].sort().join('~');

/** The graph with the claims and stance / contradiction edges written since it was read. */
export function applyGraphWrites(graph: TaskGraph, claims: Iterable<Claim>, edges: Iterable<Edge>): TaskGraph {
  const claimById = new Map(graph.claimById);
  let newClaim = false;
  for (const c of claims) {
    if (!claimById.has(c.id)) newClaim = true;
    claimById.set(c.id, c);
  }
  const claimList = newClaim ? [...claimById.values()].sort(byString((c) => c.id)) : graph.claims.map((c) => claimById.get(c.id)!);
  const stance = new Map(graph.stance.map((e) => [e.id, e]));
  const contradictions = new Map(graph.contradictions.map((e) => [e.id, e]));
  for (const e of edges) {
    // As loadTaskGraph: a stance edge whose fragment is not in the graph cites nothing and is left out.
    if (isStanceEdge(e)) {
      if (graph.fragmentById.has(e.fragmentId)) stance.set(e.id, e);
    } else if (e.kind === 'contradicts') contradictions.set(e.id, e);
  }
  const stanceList = [...stance.values()].sort(byString((e: StanceEdge) => pairKey(e.fragmentId, e.claimId)));
  const stanceByClaim = new Map<string, StanceEdge[]>();
  for (const e of stanceList) {
    const list = stanceByClaim.get(e.claimId);
    if (list) list.push(e);
    else stanceByClaim.set(e.claimId, [e]);
  }
  for (const list of stanceByClaim.values()) list.sort(byString((e) => e.fragmentId));
  return {
    ...graph,
    claims: claimList,
    claimById,
    stance: stanceList,
    stanceByClaim,
    contradictions: [...contradictions.values()].sort(byString(contradictionKey)),
  };
}

const GRAPH_NEUTRAL_WRITES = new Set([
  'saveCheckpoint',
  'updateQuery',
  'insertQuery',
  'upsertDomainState',
  'replaceDomainContributions',
  'enqueueAuth',
  'updateAuthStatus',
  'insertFeedback',
  'addCalibration',
  'setActiveCalibration',
]);
const READS = /^(?:get|list|find|load|search|domainContributionTotals|integrityCheck|close)/;

export function createGraphSession(store: Store, taskId: string): GraphSession {
  let graph: TaskGraph | undefined;
  let loads = 0;
  let pending: Pending = { claims: new Map(), edges: new Map(), reload: false };
  const record = (name: string, args: unknown[], result: unknown): void => {
    switch (name) {
      case 'upsertClaim':
      case 'updateClaim':
        if ((result as Claim).taskId === taskId) pending.claims.set((result as Claim).id, asStored(result as Claim));
        return;
      case 'insertEdge':
        // Not inserted: the stored edge (already in the graph) stays.
        if (result === true) recordEdge(args[0] as Edge);
        return;
      case 'replaceEdge':
        recordEdge(args[0] as Edge);
        return;
      default:
        if (!GRAPH_NEUTRAL_WRITES.has(name) && !READS.test(name)) pending.reload = true;
    }
  };
  const recordEdge = (e: Edge): void => {
    if (e.taskId !== taskId) return;
    if (e.kind === 'cites') pending.reload = true;
    else pending.edges.set(e.id, asStored(e));
  };
  const wrapped = new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      if (prop === 'transaction') {
        // A rolled-back transaction may have recorded writes that never landed: read the store again.
        return (fn: () => unknown) => {
          try {
            return target.transaction(fn);
          } catch (error) {
            pending.reload = true;
            throw error;
          }
        };
      }
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        record(prop, args, result);
        return result;
      };
    },
  });
  return {
    store: wrapped,
    get loads() {
      return loads;
    },
    graph() {
      if (!graph || pending.reload) {
        graph = loadTaskGraph(store, taskId);
        loads++;
      } else if (pending.claims.size > 0 || pending.edges.size > 0) graph = applyGraphWrites(graph, pending.claims.values(), pending.edges.values());
      pending = { claims: new Map(), edges: new Map(), reload: false };
      return graph;
    },
  };
}
