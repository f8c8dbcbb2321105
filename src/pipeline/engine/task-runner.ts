// The engine's scheduler: one line per task whose queries run one at a time through the seven phases,
// at most `maxConcurrentTasks` tasks at once, a stop made by another process noticed by polling the
// store, and the task marked completed when nothing runnable is left. The engine's methods only record
// queries and put them in line here (engine.ts composes both).
import { isLyraError, errorMessage, InvalidInputError, NonRetryableError, type EngineEvent, type Task } from '../../core/index.js';
import type { PipelineDeps } from '../deps.js';
import type { PipelineLimits } from '../limits.js';
import { runQuery } from '../query-runner.js';
import { claimLease, releaseLease } from '../task-lease.js';
import { newTaskLine, settleQuery, Semaphore, type TaskLine } from '../task-queue.js';
import { warning } from '../task-state.js';
import { budgetView } from '../views.js';

/** How often a running task looks in the store for a stop made by another process (ms). */
export const STOP_POLL_MS = 1_000;

export interface TaskRunner {
  /** The task's line: a new one when it has none or its last one was aborted. */
  lineOf(taskId: string): TaskLine;
  /** The task's line as it is, if it has one (none is made). */
  existingLine(taskId: string): TaskLine | undefined;
  /** Puts a recorded query in the task's line and starts the line's loop if idle. */
  enqueue(taskId: string, queryId: string, signal?: AbortSignal): TaskLine;
  /** Nothing runs and nothing runnable is pending (pending queries the budget holds back do not count). */
  isFinished(taskId: string): boolean;
  /**
   * Marks a running task completed when nothing of it runs or can run: its last query just ended here,
   * or ended in a process that died before marking the task. True when it did.
   */
  completeIfFinished(taskId: string): boolean;
  setStatus(taskId: string, status: Task['status'], extra?: Partial<Task>): Task;
  /** Aborts every line and waits for their loops; later enqueues fail with `engine_closed`. */
  close(): Promise<void>;
}

export function createTaskRunner(options: { deps: PipelineDeps; limits: PipelineLimits; emit: (e: EngineEvent) => void }): TaskRunner {
  const { deps, limits, emit } = options;
  const { store } = deps;
  const lines = new Map<string, TaskLine>();
  const slots = new Semaphore(limits.maxConcurrentTasks);
  let closed = false;
  const now = (): string => new Date().toISOString();

  const setStatus = (taskId: string, status: Task['status'], extra: Partial<Task> = {}): Task => store.updateTask(taskId, { status, ...extra });

  const lineOf = (taskId: string): TaskLine => {
    let line = lines.get(taskId);
    if (!line || line.controller.signal.aborted) {
      line = newTaskLine(taskId);
      lines.set(taskId, line);
    }
    return line;
  };

  /** Why the task's budget forbids another query, or undefined. */
  function budgetBlock(taskId: string): string | undefined {
    const b = budgetView(store, store.getTask(taskId)!);
    if (b.queriesLeft <= 0) return `query budget used up (${b.maxQueries})`;
    if (b.pagesLeft <= 0) return `page budget used up (${b.maxPages})`;
    if (b.secondsLeft <= 0) return `time budget used up (${b.maxSeconds} s)`;
    return undefined;
  }

  function isFinished(taskId: string): boolean {
    const queries = store.listQueries(taskId);
    if (queries.some((q) => q.status === 'running')) return false;
    return !queries.some((q) => q.status === 'pending') || budgetBlock(taskId) !== undefined;
  }

  function completeIfFinished(taskId: string): boolean {
    if (store.getTask(taskId)?.status !== 'running' || !isFinished(taskId)) return false;
    // Only while still running: a stop that lands after the check above is kept, not overwritten.
    if (!store.setTaskStatusIf(taskId, 'running', 'completed')) return false;
    emit({ type: 'task.completed', taskId, at: now() });
    return true;
  }

  /** Runs one query of the line; its own failure is recorded by runQuery, what escapes it here. */
  async function runOne(line: TaskLine, queryId: string): Promise<void> {
    const { taskId, controller } = line;
    try {
      const budget = budgetBlock(taskId);
      if (budget) {
        store.updateQuery(queryId, { lastError: `pending: ${budget}` });
        emit({
          type: 'warning',
          taskId,
          warning: warning({
            source: 'budget',
            category: 'warning',
            code: 'budget_exhausted',
            message: `query left pending: ${budget}`,
            target: store.getQuery(queryId)?.text,
          }),
          at: now(),
        });
        return;
      }
      if (store.getTask(taskId)?.status !== 'running') setStatus(taskId, 'running');
      const own = line.querySignals.get(queryId);
      const signal = own ? AbortSignal.any([controller.signal, own]) : controller.signal;
      await runQuery({ deps, limits, taskId, queryId, signal, emit });
    } catch (err) {
      // runQuery records a query's own failure; what escapes it (the store failing) is recorded here if it can be.
      const error = { category: isLyraError(err) ? err.category : ('retryable' as const), code: 'query_crashed', message: errorMessage(err) };
      const message = `${error.category}: ${error.message}`;
      try {
        store.updateQuery(queryId, { status: 'failed', lastError: message, error, finishedAt: now() });
      } catch {
        // The store itself is failing; the warning event below is all that can be said.
      }
      emit({
        type: 'warning',
        taskId,
        warning: warning({ source: 'engine', category: error.category, code: error.code, message, target: queryId }),
        at: now(),
      });
    }
  }

  async function drain(line: TaskLine): Promise<void> {
    const { taskId, controller } = line;
    // Another process may stop the task (lyra task stop): the stored status is looked at regularly.
    const poll = setInterval(() => {
      try {
        if (store.getTask(taskId)?.status === 'stopped') controller.abort(new Error(store.getTask(taskId)?.stopReason ?? 'stopped'));
        claimLease(store, taskId);
      } catch {
        // A failed heartbeat is retried at the next tick; the store reports its own failures to the queries.
      }
    }, STOP_POLL_MS);
    poll.unref();
    try {
      await slots.acquire(controller.signal);
    } catch {
      clearInterval(poll);
      return;
    }
    try {
      while (line.queue.length > 0 && !controller.signal.aborted) {
        const queryId = line.queue.shift()!;
        line.current = queryId;
        try {
          await runOne(line, queryId);
        } finally {
          line.current = undefined;
          settleQuery(line, queryId);
        }
      }
    } finally {
      line.current = undefined;
      clearInterval(poll);
      slots.release();
      try {
        releaseLease(store, taskId);
      } catch {
        // Stale leases are taken over after LEASE_STALE_MS.
      }
    }
    if (controller.signal.aborted || line.queue.length > 0) return;
    try {
      completeIfFinished(taskId);
    } catch {
      // Reported by the next call that reads the store.
    }
  }

  function startLoop(line: TaskLine): void {
    line.loop = drain(line).finally(() => {
      line.loop = undefined;
      if (line.controller.signal.aborted || closed) {
        // Queries left behind by an abort are settled so no caller waits forever.
        for (const q of line.queue) settleQuery(line, q);
        line.queue.length = 0;
      } else if (line.queue.length > 0) startLoop(line); // queued while the loop was winding down
    });
  }

  function enqueue(taskId: string, queryId: string, signal?: AbortSignal): TaskLine {
    if (closed) throw new NonRetryableError('engine: closed', { code: 'engine_closed' });
    claimLease(store, taskId);
    const line = lineOf(taskId);
    if (line.queue.length >= limits.maxQueuedQueries) {
      throw new InvalidInputError(
        `task ${taskId}: ${line.queue.length} queries are already queued (pipeline.max_queued_queries = ${limits.maxQueuedQueries})`,
        { code: 'queue_full' },
      );
    }
    line.queue.push(queryId);
    if (signal) line.querySignals.set(queryId, signal);
    if (!line.loop) startLoop(line);
    return line;
  }

  return {
    lineOf,
    existingLine: (taskId) => lines.get(taskId),
    enqueue,
    isFinished,
    completeIfFinished,
    setStatus,
    async close() {
      closed = true;
      const loops: Array<Promise<void>> = [];
      for (const line of lines.values()) {
        line.controller.abort(new Error('engine closed'));
        if (line.loop) loops.push(line.loop);
      }
      await Promise.allSettled(loops);
    },
  };
}
