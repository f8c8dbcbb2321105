// What every phase of one query sees: the dependencies, the task and query, the resolved providers,
// the abort signal, event emission and the budget.
import type { EngineEvent, EngineWarning, Page, Query, Task } from '../core/index.js';
import type { PipelineDeps } from './deps.js';
import type { PipelineLimits } from './limits.js';
import type { ProviderSelection } from './providers.js';
import { loadUsage, type QueryInput } from './task-state.js';

export interface QueryContext {
  deps: PipelineDeps;
  limits: PipelineLimits;
  task: Task;
  query: Query;
  input: QueryInput;
  selection: ProviderSelection;
  signal: AbortSignal;
  emit(event: EngineEvent): void;
  budget: BudgetTracker;
}

/** Fetch statuses that count as a page used: content stored, or a fetch attempted and answered. */
export const COUNTED_FETCH_STATUSES: ReadonlySet<Page['fetchStatus']> = new Set(['fetched', 'abstract_only', 'failed', 'blocked']);
/** A page in one of these statuses is never fetched again (PIPELINE.md Phase 6). */
export const FINAL_FETCH_STATUSES: ReadonlySet<Page['fetchStatus']> = new Set(['fetched', 'abstract_only', 'failed', 'blocked']);
/** The statuses a page job leaves its page in (phases/fetch.ts fetchPlannedPage): final, or skipped (a BLOCKED domain). */
export const SETTLED_FETCH_STATUSES: ReadonlySet<Page['fetchStatus']> = new Set([...FINAL_FETCH_STATUSES, 'skipped']);

export interface BudgetTracker {
  /** Pages this query may still add: the least of the task's and the query's remainder. */
  pagesLeft(): number;
  /** Counts pages this query has added (registered, fetched or attempted). */
  usePages(n: number): void;
  /** Seconds of work left in the task budget, counting the query's current phase. */
  secondsLeft(): number;
  /** Marks the start of a phase (its time is stored with its output). */
  phaseStarted(): void;
  exhaustedWarning(what: string): EngineWarning;
}

export function createBudgetTracker(options: { deps: PipelineDeps; task: Task; input: QueryInput }): BudgetTracker {
  const { deps, task, input } = options;
  let queryPages = 0;
  let phaseStart = Date.now();
  const taskPagesUsed = (): number => deps.store.listPages(task.id).filter((p) => COUNTED_FETCH_STATUSES.has(p.fetchStatus)).length;
  return {
    pagesLeft: () => Math.max(0, Math.min(task.budget.maxPages - taskPagesUsed(), (input.maxPages ?? Infinity) - queryPages)),
    usePages: (n) => void (queryPages += n),
    secondsLeft: () => task.budget.maxSeconds - loadUsage(deps.store, task.id).secondsUsed - (Date.now() - phaseStart) / 1000,
    phaseStarted: () => void (phaseStart = Date.now()),
    exhaustedWarning: (what) => ({
      source: 'budget',
      category: 'warning',
      code: 'budget_exhausted',
      message: `${what}: the budget is used up (pages ${task.budget.maxPages}${input.maxPages !== undefined ? `, this query ${input.maxPages}` : ''}, queries ${task.budget.maxQueries}, seconds ${task.budget.maxSeconds})`,
      at: new Date().toISOString(),
    }),
  };
}
