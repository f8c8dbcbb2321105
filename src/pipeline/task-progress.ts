// A task's progress as a poller sees it (the browser UI's live updates, possibly of a task another
// lyra process runs): counts by state, the budget used, and for each running query the last of the
// seven phases whose output is stored. Read from counts and checkpoint keys only, never the graph, so
// it is cheap enough to compute every time the store changes.
import type { BudgetView, PipelinePhase, Store, Task, TaskStatus } from '../core/index.js';
import { splitAskedClaims } from './asked-claims.js';
import { claimStatusCounts } from './status-view.js';
import { keys } from './task-state.js';
import { budgetView } from './views.js';

/** Phases in the order one identifier round runs them (round 0 starts with serp and academic). */
const ROUND0: readonly PipelinePhase[] = ['serp', 'academic', 'enrich', 'register', 'citations', 'fetch'];
const LATER_ROUND: readonly PipelinePhase[] = ['enrich', 'register', 'citations', 'fetch'];

export interface RunningQueryProgress {
  queryId: string;
  text: string;
  /** The last phase whose output is stored (absent: none yet) and its identifier round (0 the first). */
  lastPhase?: { phase: PipelinePhase; round: number };
}

export interface TaskProgress {
  taskId: string;
  status: TaskStatus;
  queries: Record<string, number>;
  pages: Record<string, number>;
  /** Claims by status; a verify task's counts cover the claim asked only (TaskStatusView.claimCounts). */
  claims: Record<string, number>;
  /** A verify task's side claims (0 for research). */
  sideClaims: number;
  feedback: number;
  budget: BudgetView;
  running: RunningQueryProgress[];
}

/** The last stored phase of one query, from its checkpoint keys (`q:<id>:<phase>`, `q:<id>:r<n>:<phase>`). */
export function lastStoredPhase(store: Store, taskId: string, queryId: string): RunningQueryProgress['lastPhase'] {
  const stored = new Set(store.listCheckpointKeys(taskId, `q:${queryId}:`).map((k) => k.stepKey));
  if (stored.has(keys.phase(queryId, 'graph'))) return { phase: 'graph', round: 0 };
  let last: RunningQueryProgress['lastPhase'];
  for (let round = 0; ; round++) {
    const order = round === 0 ? ROUND0 : LATER_ROUND;
    const done = order.filter((p) => stored.has(keys.phase(queryId, p, round)));
    if (done.length === 0) return last;
    last = { phase: done[done.length - 1]!, round };
  }
}

/**
 * A verify task's counts: the claim asked by status, the rest side claims. It reads the task's claims
 * (the store's grouped count cannot compare statements); a verify task holds the claims of one search.
 */
function verifyClaimCounts(store: Store, task: Task): { claims: Record<string, number>; sideClaims: number } {
  const { counted, side } = splitAskedClaims(task, store.listClaims(task.id));
  return { claims: claimStatusCounts(counted), sideClaims: side.length };
}

export function taskProgress(store: Store, taskId: string): TaskProgress | undefined {
  const task = store.getTask(taskId);
  if (!task) return undefined;
  const counts = store.taskCounts(taskId);
  const running =
    (counts.queries.running ?? 0) > 0
      ? store
          .listQueries(taskId)
          .filter((q) => q.status === 'running')
          .map((q) => {
            const lastPhase = lastStoredPhase(store, taskId, q.id);
            return { queryId: q.id, text: q.text, ...(lastPhase ? { lastPhase } : {}) };
          })
      : [];
  const claims = task.kind === 'verify' ? verifyClaimCounts(store, task) : { claims: counts.claims, sideClaims: 0 };
  return {
    taskId,
    status: task.status,
    queries: counts.queries,
    pages: counts.pages,
    ...claims,
    feedback: counts.feedback,
    budget: budgetView(store, task),
    running,
  };
}
