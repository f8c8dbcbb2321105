// Everything the pipeline keeps about a task beyond the graph itself, as checkpoints (PIPELINE.md
// "One query, seven phases"): each query's input, each phase's output, per-page fetch outcomes,
// warnings and budget usage. A phase's output and the usage it adds land in one transaction.
import type { EngineWarning, ErrorCategory, PipelinePhase, Store } from '../core/index.js';

/** Warnings kept per query (and for the task itself); beyond this one line says how many were left out. */
export const MAX_STORED_WARNINGS = 2_000;

export type QueryKind = 'query' | 'url' | 'doi';

/** A query as the client asked for it, stored with the query row so a resumed run repeats it exactly. */
export interface QueryInput {
  kind: QueryKind;
  value: string;
  refute: boolean;
  /** Providers resolved when the query was recorded. */
  providers: string[];
  maxPages?: number;
  seekPrimary: boolean;
  /** Phase 7 extracts claims only; their stance waits for the next graph run (verifyClaim judges its own statement). */
  deferStance?: boolean;
  /**
   * The expansion the recording engine chose (its pipeline.mirror_queries and synonym_queries), so that
   * a worker running the recorded query sends what the recording process would have sent (`lyra
   * research --queue` records with no expansions). Absent in older records: the running engine's limits.
   */
  expansion?: { mirror: boolean; synonyms: number };
}

export interface PageOutcome {
  /** `skipped`: not fetched, with the reason in `error` (a BLOCKED domain). */
  status: 'fetched' | 'failed' | 'blocked' | 'skipped';
  queryId: string;
  at: string;
  error?: { category: ErrorCategory; code: string; message: string };
  fragments?: number;
  /** The page was rendered in Chromium (Phase 6: its static HTML had no readable text). */
  rendered?: boolean;
  /** HTTP status of the answer (the fetched page's, or a failed fetch's when the server answered); absent in outcomes stored before it was kept. */
  httpStatus?: number;
  /** The fetched page came from the fetcher's cache (fresh, or revalidated), not from a request answered now. */
  fromCache?: boolean;
}

/** A `checkSource` fetch of a page, recorded in the task (the latest one wins). */
export interface ReachabilityRecord {
  reachable: boolean;
  httpStatus: number | null;
  error?: { category: ErrorCategory; code: string; message: string };
  at: string;
}

export interface TaskUsage {
  /** Queries sent to providers (expansions included) plus URL and DOI targets run. */
  queriesSent: number;
  /** Seconds spent running phases. */
  secondsUsed: number;
}

export const keys = {
  input: (queryId: string): string => `q:${queryId}:input`,
  phase: (queryId: string, phase: PipelinePhase | 'fetch-plan' | 'metrics', round = 0): string =>
    round === 0 ? `q:${queryId}:${phase}` : `q:${queryId}:r${round}:${phase}`,
  warnings: (queryId: string): string => `q:${queryId}:warnings`,
  page: (pageId: string): string => `page:${pageId}`,
  /** The query that registered a page (so a re-run of that query still counts the page as its own). */
  owner: (pageId: string): string => `owner:${pageId}`,
  /** The latest `checkSource` fetch of a page. */
  check: (pageId: string): string => `check:${pageId}`,
  /** Pages already given to a finished graph phase. */
  graphed: 'task:graphed',
  taskWarnings: 'task:warnings',
  usage: 'task:usage',
} as const;

export function loadPayload<T>(store: Store, taskId: string, key: string): T | undefined {
  return store.loadCheckpoint(taskId, key)?.payload as T | undefined;
}

export function loadUsage(store: Store, taskId: string): TaskUsage {
  return loadPayload<TaskUsage>(store, taskId, keys.usage) ?? { queriesSent: 0, secondsUsed: 0 };
}

/** Saves a phase output and adds to the task's usage in one transaction. */
export function savePhase(store: Store, taskId: string, key: string, payload: unknown, usage: Partial<TaskUsage> = {}): void {
  store.transaction(() => {
    store.saveCheckpoint(taskId, key, payload);
    addUsage(store, taskId, usage);
  });
}

export function addUsage(store: Store, taskId: string, usage: Partial<TaskUsage>): void {
  if (!usage.queriesSent && !usage.secondsUsed) return;
  store.transaction(() => {
    const u = loadUsage(store, taskId);
    store.saveCheckpoint(taskId, keys.usage, {
      queriesSent: u.queriesSent + (usage.queriesSent ?? 0),
      secondsUsed: Math.round((u.secondsUsed + (usage.secondsUsed ?? 0)) * 1000) / 1000,
    });
  });
}

function append(store: Store, taskId: string, key: string, warnings: EngineWarning[]): void {
  if (warnings.length === 0) return;
  store.transaction(() => {
    const list = loadPayload<EngineWarning[]>(store, taskId, key) ?? [];
    for (const w of warnings) {
      if (list.length < MAX_STORED_WARNINGS) list.push(w);
      else if (list.length === MAX_STORED_WARNINGS) {
        list.push({
          source: 'pipeline',
          category: 'warning',
          code: 'warnings_truncated',
          message: `more than ${MAX_STORED_WARNINGS} warnings; the rest are not stored`,
          at: w.at,
        });
        break;
      }
    }
    store.saveCheckpoint(taskId, key, list);
  });
}

export function addQueryWarnings(store: Store, taskId: string, queryId: string, warnings: EngineWarning[]): void {
  append(store, taskId, keys.warnings(queryId), warnings);
}

export function addTaskWarnings(store: Store, taskId: string, warnings: EngineWarning[]): void {
  append(store, taskId, keys.taskWarnings, warnings);
}

export function queryWarnings(store: Store, taskId: string, queryId: string): EngineWarning[] {
  return loadPayload<EngineWarning[]>(store, taskId, keys.warnings(queryId)) ?? [];
}

export function taskWarnings(store: Store, taskId: string): EngineWarning[] {
  return loadPayload<EngineWarning[]>(store, taskId, keys.taskWarnings) ?? [];
}

export function pageOwner(store: Store, taskId: string, pageId: string): string | undefined {
  return loadPayload<string>(store, taskId, keys.owner(pageId));
}

/** A warning stamped now. */
export function warning(w: Omit<EngineWarning, 'at'>): EngineWarning {
  return { ...w, at: new Date().toISOString() };
}
