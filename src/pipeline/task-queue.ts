// Scheduling: the queries of one task run one at a time, in the order they were recorded (PIPELINE.md
// "A task": derived results then depend only on stored data and query order); different tasks run
// concurrently up to `pipeline.max_concurrent_tasks`.

/** A counting semaphore whose waiters leave the line when their signal aborts. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<{ grant: () => void; signal?: AbortSignal; onAbort?: () => void }> = [];

  constructor(private readonly limit: number) {}

  async acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    if (this.active < this.limit) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const entry: { grant: () => void; signal?: AbortSignal; onAbort?: () => void } = { grant: resolve, ...(signal ? { signal } : {}) };
      if (signal) {
        entry.onAbort = (): void => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.waiting.push(entry);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) {
      if (next.signal && next.onAbort) next.signal.removeEventListener('abort', next.onAbort);
      next.grant();
    } else this.active = Math.max(0, this.active - 1);
  }
}

/** One task's line of queries in this process. */
export interface TaskLine {
  taskId: string;
  controller: AbortController;
  queue: string[];
  /** The query running now. */
  current?: string;
  /** Signals of individual queries (SearchOptions.signal). */
  querySignals: Map<string, AbortSignal>;
  /** Callers waiting for a query to end. */
  waiters: Map<string, Array<() => void>>;
  loop?: Promise<void>;
}

export function newTaskLine(taskId: string): TaskLine {
  return { taskId, controller: new AbortController(), queue: [], querySignals: new Map(), waiters: new Map() };
}

/** Resolves when `queryId` ends in this line (or at once when it is not queued or running). */
export function waitForQuery(line: TaskLine, queryId: string): Promise<void> {
  if (line.current !== queryId && !line.queue.includes(queryId)) return Promise.resolve();
  return new Promise((resolve) => {
    const list = line.waiters.get(queryId) ?? [];
    list.push(resolve);
    line.waiters.set(queryId, list);
  });
}

export function settleQuery(line: TaskLine, queryId: string): void {
  for (const w of line.waiters.get(queryId) ?? []) w();
  line.waiters.delete(queryId);
  line.querySignals.delete(queryId);
}

/**
 * The task's queries up to and including `queryId`, in recorded order: what must run before (or as)
 * that query, since the graph's derived results depend on query order. Empty when the task has no such query.
 */
export function queriesUpTo<Q extends { id: string }>(queries: readonly Q[], queryId: string): Q[] {
  const upTo = queries.findIndex((q) => q.id === queryId);
  return upTo < 0 ? [] : queries.slice(0, upTo + 1);
}
