// A task's budget as views show it: each bound, what is used and what is left, and whether one is spent.
// One reading for the engine's views (pipeline/views.ts) and for whatever else reports a budget.
import type { Budget } from './entities.js';
import type { BudgetView } from './interfaces/engine.js';

/** The view of `budget` after `used` pages, queries and seconds (seconds rounded, nothing left below 0). */
export function budgetViewOf(budget: Budget, used: { pages: number; queries: number; seconds: number }): BudgetView {
  const view = {
    maxPages: budget.maxPages,
    pagesUsed: used.pages,
    pagesLeft: Math.max(0, budget.maxPages - used.pages),
    maxQueries: budget.maxQueries,
    queriesUsed: used.queries,
    queriesLeft: Math.max(0, budget.maxQueries - used.queries),
    maxSeconds: budget.maxSeconds,
    secondsUsed: Math.round(used.seconds),
    secondsLeft: Math.max(0, Math.round(budget.maxSeconds - used.seconds)),
  };
  return { ...view, exhausted: view.pagesLeft === 0 || view.queriesLeft === 0 || view.secondsLeft === 0 };
}
