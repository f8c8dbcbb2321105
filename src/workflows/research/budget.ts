// The run's budget (pages registered, queries sent — expansions included —, seconds of work) and how
// the phases share it. Pages and queries are the engine's own counters, so they are the same after a
// resume; seconds are wall-clock and only cut phases short when a run is slower than planned.
import { z } from 'zod';
import { InvalidInputError, type BudgetView } from '../../core/index.js';
import type { ResearchBudget, SearchPhase } from './state.js';
import type { ResearchEngine } from './types.js';

/**
 * The quick start's budget: sized so `lyra research "<question>" --corpus example` finishes well
 * under two minutes on a 2-core machine (docs/guide.md figures). Raise it with --budget.
 */
export const DEFAULT_RESEARCH_BUDGET: Readonly<ResearchBudget> = { pages: 40, queries: 150, seconds: 75 };
export const MAX_BUDGET: Readonly<ResearchBudget> = { pages: 100_000, queries: 100_000, seconds: 7 * 24 * 3600 };

/** Share of the seconds after which a phase starts no new search (WIDE, DEEP, VERIFY). */
export const PHASE_TIME_END: Readonly<Record<SearchPhase, number>> = { wide: 0.4, deep: 0.65, verify: 1 };
/** DEEP counts as over budget (seed: budget超過) once this share of the pages or queries is used. */
export const DEEP_PAGE_SHARE_END = 0.65;
export const DEEP_QUERY_SHARE_END = 0.6;
/** Share of the pages WIDE's queries may register together (spread evenly over them). */
export const WIDE_PAGE_SHARE = 0.4;
/** Pages one DEEP or VERIFY search may register. */
export const DEEP_PAGES_PER_SEARCH = 3;
export const VERIFY_PAGES_PER_SEARCH = 1;
/**
 * Pages and queries kept for the answer: the engine's task budget is the run's plus these, and only the
 * verification of the question's proposition may use them, so the answer is judged however the other
 * searches spent the run's budget.
 */
export const ANSWER_PAGE_RESERVE = VERIFY_PAGES_PER_SEARCH;
export const ANSWER_QUERY_RESERVE = 1;

/** The run's own share of the engine's counters: what is left of the run's budget, the answer's reserve aside. */
export function runBudgetLeft(engine: { pagesUsed: number; queriesUsed: number }, budget: ResearchBudget): { pagesLeft: number; queriesLeft: number } {
  return { pagesLeft: budget.pages - engine.pagesUsed, queriesLeft: budget.queries - engine.queriesUsed };
}

/** The task's budget as the engine reports it: its own `budget` read where it has one (cheaper than the whole status view). */
export function engineBudget(engine: ResearchEngine, taskId: string): BudgetView {
  return engine.budget ? engine.budget(taskId) : engine.status(taskId).budget;
}

/** A search still running this long after the time budget is aborted. */
export const HARD_DEADLINE_GRACE_MS = 5_000;

const positive = (max: number) => z.coerce.number().int().min(1).max(max);

/**
 * `--budget` syntax: comma-separated `pages=N`, `queries=N`, `seconds=N` (or `N` alone, or `Ns`, for
 * seconds); keys not given keep their defaults.
 */
export function parseBudgetSpec(spec: string, base: Readonly<ResearchBudget> = DEFAULT_RESEARCH_BUDGET): ResearchBudget {
  const out: ResearchBudget = { ...base };
  // `--budget ""` once ran the full default budget without a word: an empty spec is a mistake, not a default.
  if (!spec.split(',').some((p) => p.trim()))
    throw new InvalidInputError(
      `--budget: empty; expected pages=N, queries=N, seconds=N (any subset) or a number of seconds; leave the flag out for ${formatBudget(base)}`,
      {
        code: 'invalid_flag',
      },
    );
  const schema = z.strictObject({
    pages: positive(MAX_BUDGET.pages).optional(),
    queries: positive(MAX_BUDGET.queries).optional(),
    seconds: positive(MAX_BUDGET.seconds).optional(),
  });
  const raw: Record<string, string> = {};
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(?:(pages|queries|seconds)\s*=\s*)?(\d+)(s)?$/i.exec(part);
    if (!m || (m[1] && m[3])) {
      throw new InvalidInputError(`--budget: cannot read ${JSON.stringify(part)}; expected pages=N, queries=N, seconds=N or a number of seconds`, {
        code: 'invalid_flag',
      });
    }
    raw[(m[1] ?? 'seconds').toLowerCase()] = m[2]!;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new InvalidInputError(`--budget: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
  return { ...out, ...Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) };
}

export function formatBudget(b: ResearchBudget): string {
  return `pages=${b.pages},queries=${b.queries},seconds=${b.seconds}`;
}

/** The engine task's own budget is the run's raised: these factors and reserves, said wherever a person sees both. */
export const ENGINE_SECONDS_FACTOR = 3;

/** The budget the engine task holds for a run with `budget` (what `lyra task status` and the UI show). */
export function engineTaskBudget(budget: ResearchBudget): { maxPages: number; maxQueries: number; maxSeconds: number } {
  return {
    maxPages: budget.pages + ANSWER_PAGE_RESERVE,
    maxQueries: budget.queries + ANSWER_QUERY_RESERVE,
    maxSeconds: budget.seconds * ENGINE_SECONDS_FACTOR,
  };
}

/** One line on the run's budget and why the engine task's is larger (`seconds=40` showed as 120 s, `pages=10` as 11, unexplained). */
export function budgetLine(budget: ResearchBudget): string {
  const e = engineTaskBudget(budget);
  return (
    `budget: ${formatBudget(budget)} — the engine task shows pages ${e.maxPages} and queries ${e.maxQueries} ` +
    `(${ANSWER_PAGE_RESERVE} page(s) and ${ANSWER_QUERY_RESERVE} query kept for checking the answer) and ${e.maxSeconds} s ` +
    `(${ENGINE_SECONDS_FACTOR}× the run's, so the run's own phase deadlines always act first)`
  );
}

/** Pages each WIDE query may register: WIDE's share of the pages spread over its queries. */
export function widePagesPerQuery(budget: ResearchBudget, queries: number): number {
  return Math.max(1, Math.floor((budget.pages * WIDE_PAGE_SHARE) / Math.max(1, queries)));
}

export function phaseDeadlineMs(budget: ResearchBudget, phase: SearchPhase): number {
  return budget.seconds * 1000 * PHASE_TIME_END[phase];
}
