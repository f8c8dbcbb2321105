// One query as an engine search in the run's task, with the seed's retry (seed 003 §2.1): up to
// `attempts` searches, waiting backoff × n before search n+1, while the search fails retryably. The
// engine asks every provider of the run and treats a failing one as a warning; the query fails only when
// none answered (the engine's `all_providers_failed`). Its candidates are the pages the search found:
// those it read (their text is in the task) and those it could not read, in that order.
import { combineSignals, errorMessage, isAbortError, isLyraError, throwIfAborted, type SearchOutcome } from '../../core/index.js';
import type { CollectEngine, CollectProvider } from './adapters.js';
import { candidateFromSource, candidateFromUnread, type Candidate } from './candidates.js';
import type { PlannedQuery } from './query-templates.js';
import type { CollectWarning, ErrorRecord, InvalidSource } from './schema.js';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface QueryRunOptions {
  engine: CollectEngine;
  taskId: string;
  providers: readonly CollectProvider[];
  /** Pages one search may fetch or register at most. */
  maxPages: number;
  /** Time limit of one search (one attempt), ms. */
  timeoutMs: number;
  attempts: number;
  backoffMs: number;
  sleep: Sleep;
  signal?: AbortSignal;
  onRetry?: (info: { attempt: number; waitMs: number; error: ErrorRecord }) => void;
}

export type QueryRunResult =
  | { ok: true; candidates: Candidate[]; rejected: InvalidSource[]; warnings: CollectWarning[]; attempts: number }
  | { ok: false; error: ErrorRecord; attempts: number };

/** The typed form of any error; a timeout of our own is retryable. */
export function errorRecord(error: unknown, what: string): ErrorRecord {
  if (isLyraError(error)) return { category: error.category, code: error.code, message: error.message };
  if (isAbortError(error)) return { category: 'retryable', code: 'timeout', message: `${what}: timed out` };
  return { category: 'retryable', code: 'unexpected_error', message: `${what}: ${errorMessage(error)}` };
}

/** Retryable errors and untyped ones (a crash may pass) are tried again; typed permanent ones are not. */
export const shouldRetry = (e: ErrorRecord): boolean => e.category === 'retryable';

/** Why a search that did not end `done` failed, as data. */
function searchError(out: SearchOutcome, query: string, timedOut: boolean, timeoutMs: number): ErrorRecord {
  if (out.status === 'cancelled' && timedOut)
    return { category: 'retryable', code: 'timeout', message: `search ${JSON.stringify(query)}: no answer within ${timeoutMs} ms` };
  if (out.status === 'pending') {
    const b = out.budget;
    const used = [
      b.pagesLeft <= 0 ? `pages ${b.maxPages}` : '',
      b.queriesLeft <= 0 ? `queries ${b.maxQueries}` : '',
      b.secondsLeft <= 0 ? `seconds ${b.maxSeconds}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return {
      category: 'non_retryable',
      code: 'task_budget_exhausted',
      message: `search ${JSON.stringify(query)} not run: task ${out.taskId}'s budget is used up (${used || 'budget'}); lyra task status ${out.taskId} shows it`,
    };
  }
  const said = out.warnings.find((w) => w.source === 'query');
  return {
    category: out.error?.category ?? (said && said.category !== 'warning' ? said.category : 'retryable'),
    code: out.error?.code ?? said?.code ?? `query_${out.status}`,
    message: `search ${JSON.stringify(query)} ${out.status}: ${out.error?.message ?? said?.message ?? out.status}`,
  };
}

/**
 * The search's warnings that concern the collection: its providers' failures and skipped records (a
 * record the engine could not take, such as a hit whose URL is no page URL, is an invalid source), the
 * budget, missing corpus documents. The rest (fetch failures, which verification reports, and the
 * engine's own notes) stay in the task: `lyra task status <task_id>`.
 */
function collectWarnings(
  out: SearchOutcome,
  providers: readonly CollectProvider[],
  attempts: number,
  query: PlannedQuery,
): { warnings: CollectWarning[]; rejected: InvalidSource[] } {
  const names = new Set(providers.map((p) => p.name));
  const warnings: CollectWarning[] = [];
  const rejected: InvalidSource[] = [];
  const add = (w: CollectWarning): void => {
    if (!warnings.some((x) => x.code === w.code && x.message === w.message)) warnings.push(w);
  };
  for (const w of out.warnings) {
    if (w.code === 'corpus_document_missing' && w.target) {
      rejected.push({
        url: w.target,
        title: '',
        query: query.query,
        error: { category: w.category === 'warning' ? 'non_retryable' : w.category, code: w.code, message: w.message },
        verification_status: null,
        attempts: 0,
      });
    } else if (w.source === 'budget') {
      add({ code: 'budget_exhausted', message: `task ${out.taskId}: ${w.message}` });
    } else if (names.has(w.source) || (w.source === 'academic' && w.category !== 'warning')) {
      const record = w.target !== undefined && !out.sentQueries.includes(w.target) && w.target !== out.query && /^[a-z][a-z0-9+.-]*:/i.test(w.target);
      if (w.category === 'warning') add({ code: 'collector_skipped_record', message: `${w.source}: ${w.message}` });
      else if (record)
        rejected.push({
          url: w.target!,
          title: '',
          query: query.query,
          error: { category: w.category, code: w.code, message: `${w.source}: ${w.message}` },
          verification_status: null,
          attempts: 0,
        });
      else add({ code: 'collector_failed', message: `${w.source} gave no answer after ${attempts} attempt(s): ${w.category}: ${w.message}` });
    }
  }
  return { warnings, rejected };
}

export async function runQuery(query: PlannedQuery, options: QueryRunOptions): Promise<QueryRunResult> {
  const { engine, taskId } = options;
  const seekPrimary = options.providers.some((p) => p.scholarly === true);
  let last: ErrorRecord | undefined;
  let attempt = 0;
  while (attempt < options.attempts) {
    if (attempt > 0) {
      const waitMs = options.backoffMs * attempt;
      options.onRetry?.({ attempt: attempt + 1, waitMs, error: last! });
      await options.sleep(waitMs, options.signal);
    }
    attempt++;
    const signal = combineSignals([options.signal], options.timeoutMs);
    let out: SearchOutcome;
    try {
      out = await engine.search(taskId, query.query, {
        providers: options.providers.map((p) => p.name),
        maxPages: options.maxPages,
        origin: 'strategy',
        signal,
        ...(seekPrimary ? { seekPrimary: true } : {}),
      });
    } catch (error) {
      // The caller stopped us: nothing is recorded, the checkpoint keeps the query as not done.
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      last = errorRecord(error, `search ${JSON.stringify(query.query)}`);
      // A search the engine refuses to start (the task stopped or gone, a provider not usable, a model
      // missing) fails every query alike: the run stops with that error, its progress checkpointed.
      if (!shouldRetry(last)) throw error;
      continue;
    }
    throwIfAborted(options.signal);
    if (out.status !== 'done') {
      last = searchError(out, query.query, signal.aborted, options.timeoutMs);
      if (!shouldRetry(last)) break;
      continue;
    }
    const candidates: Candidate[] = [];
    const { warnings, rejected } = collectWarnings(out, options.providers, attempt, query);
    for (const s of out.sources) {
      try {
        candidates.push(candidateFromSource(engine.readSource(taskId, s.pageId), query));
      } catch (error) {
        // Listed as read, yet its text cannot be had: kept as an unread page, and said.
        candidates.push(candidateFromUnread({ source: s, fetchStatus: 'failed' }, query));
        warnings.push({ code: 'source_unreadable', message: `${s.url}: ${errorMessage(error)}` });
      }
    }
    for (const u of out.unread) candidates.push(candidateFromUnread(u, query));
    return { ok: true, candidates, rejected, warnings, attempts: attempt };
  }
  const error = last ?? { category: 'retryable' as const, code: 'no_attempt', message: 'no search was made' };
  return {
    ok: false,
    attempts: attempt,
    error: { ...error, message: `query ${JSON.stringify(query.query)} failed after ${attempt} attempt(s): ${error.message}` },
  };
}
