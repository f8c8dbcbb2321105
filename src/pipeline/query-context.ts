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
    exhaustedWarning: (what) => {
      const usage = loadUsage(deps.store, task.id);
      const spent = spentLimits({
        task: {
          pages: [taskPagesUsed(), task.budget.maxPages],
          queries: [usage.queriesSent, task.budget.maxQueries],
          seconds: [usage.secondsUsed, task.budget.maxSeconds],
        },
        ...(input.maxPages !== undefined ? { queryPages: [queryPages, input.maxPages] as const } : {}),
      });
      return {
        source: 'budget',
        category: 'warning',
        code: 'budget_exhausted',
        message: `${what}: the budget is used up (${spent.text}; limits: pages ${task.budget.maxPages}${input.maxPages !== undefined ? `, this query ${input.maxPages}` : ''}, queries ${task.budget.maxQueries}, seconds ${task.budget.maxSeconds})`,
        spent: spent.limits,
        at: new Date().toISOString(),
      };
    },
  };
}

/** [used, limit] of one budget figure. */
type Spend = readonly [used: number, limit: number];

/**
 * Which limits a budget warning is about, named with what was used: a query's own page limit and the task's
 * page limit read alike in the limits list ("pages 41, this query 3"), and a user widening the wrong one
 * changes nothing. Names every spent limit; when none is (time ran out inside a phase), the task's use of each.
 */
export function spentLimits(options: { task: { pages: Spend; queries: Spend; seconds: Spend }; queryPages?: Spend }): {
  text: string;
  limits: NonNullable<EngineWarning['spent']>;
} {
  const { task, queryPages } = options;
  const spent: string[] = [];
  const limits: NonNullable<EngineWarning['spent']> = [];
  const add = (limit: (typeof limits)[number], text: string): void => void (limits.push(limit), spent.push(text));
  if (queryPages && queryPages[0] >= queryPages[1]) add('query_pages', `this query's pages, ${queryPages[0]} of ${queryPages[1]}`);
  if (task.pages[0] >= task.pages[1]) add('task_pages', `the task's pages, ${task.pages[0]} of ${task.pages[1]}`);
  if (task.queries[0] >= task.queries[1]) add('task_queries', `the task's queries, ${task.queries[0]} of ${task.queries[1]}`);
  if (task.seconds[0] >= task.seconds[1]) add('task_seconds', `the task's seconds, ${Math.round(task.seconds[0])} of ${task.seconds[1]}`);
  if (spent.length > 0) return { text: `spent: ${spent.join('; ')}`, limits };
  return { text: `used: pages ${task.pages[0]}, queries ${task.queries[0]}, seconds ${Math.round(task.seconds[0])}`, limits };
}
