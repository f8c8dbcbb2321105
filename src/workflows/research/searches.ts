// Running the run's searches through the engine, one at a time in plan order, with the state saved
// before and after each: a search is `issued` before the engine sees it, so after a kill the run
// finds the engine's record of it (which `Engine.resume` has finished) instead of asking twice.
import { errorMessage, isAbortError, isLyraError, type BudgetView, type EngineWarning, type SearchStateView } from '../../core/index.js';
import { ANSWER_ENTRY_KEY } from './answer.js';
import { DEEP_PAGE_SHARE_END, DEEP_QUERY_SHARE_END, engineBudget, phaseDeadlineMs, runBudgetLeft } from './budget.js';
import type { RunContext } from './context.js';
import { countsDelta } from './snapshot.js';
import { MAX_SOURCE_PAGE_IDS, type SearchEntry } from './state.js';

/** Queries one refute-mode search sends: the query and the critique vocabulary (pipeline REFUTE_SUFFIXES). */
export const REFUTE_QUERY_COST = 7;

export class ResearchInterrupted extends Error {
  constructor(readonly reason: string) {
    super(`research interrupted: ${reason}`);
    this.name = 'ResearchInterrupted';
  }
}

export function throwIfInterrupted(ctx: RunContext): void {
  if (ctx.signal?.aborted) {
    const r: unknown = ctx.signal.reason;
    throw new ResearchInterrupted(r instanceof Error ? r.message : typeof r === 'string' ? r : 'stopped');
  }
}

const dedupeKey = (e: SearchEntry): string => `${e.kind}|${e.refute}|${e.text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()}`;

function duplicateOf(ctx: RunContext, e: SearchEntry): SearchEntry | undefined {
  const key = dedupeKey(e);
  return ctx.state.entries.find((x) => x !== e && x.status !== 'skipped' && x.status !== 'planned' && dedupeKey(x) === key);
}

/** The task's budget as the engine reports it, read once per search (skipReason and issue both need it). */
function budgetOnce(ctx: RunContext): () => BudgetView {
  let b: BudgetView | undefined;
  return () => (b ??= engineBudget(ctx.deps.engine, ctx.state.taskId));
}

function skipReason(ctx: RunContext, e: SearchEntry, budget: () => BudgetView): string | undefined {
  // VERIFY's send-back searches run in VERIFY's time and outside DEEP's share of pages and queries (send-back.ts bounds them).
  const phase = e.sendBack ? 'verify' : e.phase;
  if (ctx.elapsedMs() >= phaseDeadlineMs(ctx.state.options.budget, phase))
    return `time budget: ${phase.toUpperCase()}'s share of ${ctx.state.options.budget.seconds} s used`;
  const b = budget();
  const run = ctx.state.options.budget;
  // The answer may use the engine's whole budget (the run's plus its reserve); every other search the run's own.
  const left = e.key === ANSWER_ENTRY_KEY ? b : runBudgetLeft(b, run);
  if (left.pagesLeft <= 0) return `page budget used up (${e.key === ANSWER_ENTRY_KEY ? b.maxPages : run.pages})`;
  if (left.queriesLeft < (e.refute ? REFUTE_QUERY_COST : 1))
    return `query budget used up (${b.queriesUsed} of ${e.key === ANSWER_ENTRY_KEY ? b.maxQueries : run.queries} sent)`;
  if (e.phase === 'deep' && !e.sendBack && (b.pagesUsed >= run.pages * DEEP_PAGE_SHARE_END || b.queriesUsed >= run.queries * DEEP_QUERY_SHARE_END))
    return "DEEP's share of the budget used";
  return undefined;
}

/**
 * The engine's record of the entry's search, found by the entry's key (given to the engine as the
 * search's clientKey): the latest, should one have been issued twice. A run checkpointed by a Lyra that
 * gave no keys finds none, and its in-flight search runs again.
 */
function engineRecord(ctx: RunContext, e: SearchEntry): SearchStateView | undefined {
  return ctx.deps.engine
    .status(ctx.state.taskId)
    .searches.filter((v) => v.clientKey === e.key)
    .at(-1);
}

/** Records what the search changed, from the stored counts of the task (not its materials). */
function finish(ctx: RunContext, e: SearchEntry): void {
  const counts = ctx.deps.engine.counts(ctx.state.taskId);
  const d = countsDelta(ctx.state.baseline, counts);
  e.newPageIds = d.newPageIds;
  e.newClaimIds = d.newClaimIds;
  e.touchedClaimIds = d.touchedClaimIds;
  for (const id of d.newClaimIds) ctx.state.foundBy[id] ??= e.key;
  ctx.state.baseline = d.next;
  e.endedAt = ctx.now().toISOString();
  ctx.save();
  ctx.emit({
    type: 'research.search',
    phase: e.phase,
    key: e.key,
    genre: e.genre,
    query: e.text,
    status: e.status === 'done' ? 'done' : 'failed',
    newPages: e.newPageIds.length,
    ...(e.error ? { error: e.error } : {}),
  });
  ctx.emit({
    type: 'research.progress',
    phase: ctx.state.phase,
    round: ctx.state.deep.rounds.length,
    searches: ctx.state.entries.filter((x) => x.status === 'done' || x.status === 'failed').length,
    pages: counts.pageIds.length,
    claims: counts.totalClaims,
    elapsedMs: ctx.elapsedMs(),
    ...(ctx.closest ? { closest: ctx.closest } : {}),
  });
}

/** After a resume: adopt the engine's record of a search issued before the kill. True when adopted. */
function adopt(ctx: RunContext, e: SearchEntry): boolean {
  const v = engineRecord(ctx, e);
  // A verification must judge its statement after the search: it runs again (its search finds no new pages).
  if (!v || e.kind === 'verify') return false;
  e.queryId = v.queryId;
  e.resumed = true;
  if (v.status === 'done') e.status = 'done';
  else {
    e.status = 'failed';
    e.error = v.status === 'failed' ? (v.lastError ?? 'failed') : `left ${v.status} after the engine's resume`;
    e.errorCode = v.error?.code ?? `query_${v.status}`;
  }
  finish(ctx, e);
  return true;
}

function failedSearchError(ctx: RunContext, queryId: string, status: string): { error: string; errorCode: string } {
  const v = ctx.deps.engine.status(ctx.state.taskId).searches.find((x) => x.queryId === queryId);
  return { error: v?.lastError ?? status, errorCode: v?.error?.code ?? `query_${status}` };
}

/** The engine's warning that a verify search registered no page of its own (the statement is judged against the task's pages). */
export const VERIFY_NO_NEW_PAGES = 'no_pages';

async function issue(ctx: RunContext, e: SearchEntry, budget: () => BudgetView): Promise<void> {
  const { engine } = ctx.deps;
  const taskId = ctx.state.taskId;
  const signal = AbortSignal.any([ctx.hardDeadline, ...(ctx.signal ? [ctx.signal] : [])]);
  const options = {
    ...(e.refute ? { refute: true } : {}),
    ...(e.maxPages
      ? {
          maxPages: e.key === ANSWER_ENTRY_KEY ? e.maxPages : Math.max(1, Math.min(e.maxPages, runBudgetLeft(budget(), ctx.state.options.budget).pagesLeft)),
        }
      : {}),
    origin: e.phase === 'wide' ? ('strategy' as const) : e.phase === 'deep' ? ('gap' as const) : ('refutation' as const),
    clientKey: e.key,
    signal,
  };
  if (e.kind === 'verify') {
    const out = await engine.verifyClaim(taskId, e.text, options);
    for (const w of out.warnings) {
      // "Evidence comes from pages the task already had" is how a research run's checks usually go: WIDE and
      // DEEP registered those pages. Listed under every report's warnings, it read as a fault (a folder's run).
      if (w.code === VERIFY_NO_NEW_PAGES || ownPageLimit(w)) continue;
      ctx.warn({ source: w.source, code: w.code, message: w.message, category: w.category, ...(w.target ? { target: w.target } : {}) });
    }
    e.queryId = out.queryId;
    e.status = 'done';
    return;
  }
  const out = await engine.search(taskId, e.text, options);
  for (const w of out.warnings) {
    if (ownPageLimit(w)) continue;
    ctx.warn({ source: w.source, code: w.code, message: w.message, category: w.category, ...(w.target ? { target: w.target } : {}) });
  }
  e.queryId = out.queryId;
  e.resultsFound = out.resultsFound;
  e.sourcePageIds = out.sources.slice(0, MAX_SOURCE_PAGE_IDS).map((s) => s.pageId);
  if (out.status === 'done') e.status = 'done';
  else {
    e.status = 'failed';
    Object.assign(e, failedSearchError(ctx, out.queryId, out.status));
  }
}

/**
 * A search that stopped at the page limit the run set for it, and at nothing else: the run's plan (a few
 * pages per search, the search log shows each one's), not a shortage. Listed, it made every report over a
 * corpus open with "7 papers or documents not registered: the budget is used up (×8)". A warning that the
 * task's own limits ran out is kept.
 */
function ownPageLimit(w: EngineWarning): boolean {
  return w.code === 'budget_exhausted' && w.spent !== undefined && w.spent.length === 1 && w.spent[0] === 'query_pages';
}

export async function runEntry(ctx: RunContext, e: SearchEntry): Promise<void> {
  if (e.status === 'done' || e.status === 'failed' || e.status === 'skipped') return;
  throwIfInterrupted(ctx);
  if (e.status === 'issued' && adopt(ctx, e)) return;
  const earlier = duplicateOf(ctx, e);
  const budget = budgetOnce(ctx);
  const skip = earlier ? `duplicate of ${earlier.key}` : skipReason(ctx, e, budget);
  if (skip) {
    e.status = 'skipped';
    e.skipReason = skip;
    if (earlier) e.duplicateOf = earlier.key;
    ctx.save();
    ctx.emit({ type: 'research.search', phase: e.phase, key: e.key, genre: e.genre, query: e.text, status: 'skipped', error: skip });
    return;
  }
  e.status = 'issued';
  e.startedAt = ctx.now().toISOString();
  ctx.save();
  ctx.emit({ type: 'research.search', phase: e.phase, key: e.key, genre: e.genre, query: e.text, status: 'start' });
  try {
    await issue(ctx, e, budget);
    // Ctrl-C while the engine ran it: the engine may report the query cancelled; it stays issued for resume.
    if (ctx.signal?.aborted) {
      e.status = 'issued';
      throwIfInterrupted(ctx);
    }
  } catch (err) {
    // Ctrl-C: leave the entry issued; the engine's stop marks the query cancelled and resume finishes it.
    if (ctx.signal?.aborted) throwIfInterrupted(ctx);
    e.status = 'failed';
    const overTime = ctx.hardDeadline.aborted && isAbortError(err);
    e.error = overTime ? `aborted: time budget of ${ctx.state.options.budget.seconds} s exceeded` : errorMessage(err);
    e.errorCode = overTime ? 'time_budget_exceeded' : isLyraError(err) ? err.code : 'search_failed';
    ctx.warn({ source: `search ${e.key}`, code: e.errorCode, message: e.error, category: isLyraError(err) ? err.category : 'non_retryable', target: e.text });
  }
  finish(ctx, e);
}

export async function runEntries(ctx: RunContext, entries: readonly SearchEntry[]): Promise<void> {
  for (const e of entries) await runEntry(ctx, e);
}
