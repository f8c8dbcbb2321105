// A task's life: created with its providers and budget, stopped (here and, through the store, in any
// other process running it), resumed (its unfinished queries put in line again), and waited for.
import { type CreateTaskInput, type Engine, type Task, type TaskStatusView } from '../../core/index.js';
import { resolveTaskProviders } from '../providers.js';
import { claimLease, releaseLease } from '../task-lease.js';
import { newTaskRecord, requireTask, storeTask, taskProviders } from '../task-records.js';
import { warning } from '../task-state.js';
import type { EngineContext } from './context.js';

export type TaskMethods = Pick<Engine, 'createTask' | 'stop' | 'resume' | 'idle'>;

export function taskMethods(ctx: EngineContext, status: (taskId: string) => TaskStatusView): TaskMethods {
  const { deps, store, limits, runner, emit, now } = ctx;

  async function idle(taskId: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    requireTask(store, taskId);
    for (;;) {
      const loop = runner.existingLine(taskId)?.loop;
      if (!loop) return;
      if (!options.signal) {
        await loop;
        continue;
      }
      if (options.signal.aborted) throw options.signal.reason;
      await new Promise<void>((resolve, reject) => {
        const onAbort = (): void => reject(options.signal!.reason);
        options.signal!.addEventListener('abort', onAbort, { once: true });
        void loop.then(() => {
          options.signal!.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    }
  }

  return {
    async createTask(input: CreateTaskInput): Promise<Task> {
      const providers = resolveTaskProviders(deps, input.providers);
      ctx.requireModels();
      const warnings = deps.scholarly.disabled.map((name) =>
        warning({
          source: name,
          category: 'warning',
          code: 'source_disabled',
          message: `scholarly source ${name} is disabled (scholarly.${name}.enabled: false)`,
        }),
      );
      const task = newTaskRecord(input, { limits, providers, snapshot: { pipeline: limits, ...(deps.graphLimits ? { graph: deps.graphLimits } : {}) } });
      storeTask(store, task, warnings);
      emit({ type: 'task.created', taskId: task.id, at: now() });
      return task;
    },

    async stop(taskId: string, reason?: string): Promise<TaskStatusView> {
      const task = requireTask(store, taskId);
      const why = reason?.trim() || 'stopped by the client';
      const line = runner.existingLine(taskId);
      // Stored first, so a task running in another process sees it and stops too.
      runner.setStatus(taskId, 'stopped', { stoppedAt: now(), stopReason: why });
      if (line) {
        line.controller.abort(new Error(why));
        deps.cancelFetches?.(taskId);
        await line.loop;
      }
      for (const q of store.listQueries(taskId)) {
        if (q.status === 'pending' || (q.status === 'running' && !line)) store.updateQuery(q.id, { status: 'cancelled', lastError: `cancelled: ${why}` });
      }
      if (task.status !== 'stopped') emit({ type: 'task.stopped', taskId, at: now(), reason: why });
      return status(taskId);
    },

    async resume(taskId: string, options: { signal?: AbortSignal } = {}): Promise<TaskStatusView> {
      const task = requireTask(store, taskId);
      resolveTaskProviders(deps, taskProviders(task));
      ctx.requireModels();
      claimLease(store, taskId);
      const line = runner.lineOf(taskId);
      const active = new Set([...line.queue, ...(line.current ? [line.current] : [])]);
      const todo = store.listQueries(taskId).filter((q) => (q.status === 'pending' || q.status === 'running' || q.status === 'cancelled') && !active.has(q.id));
      if (task.status === 'stopped' || todo.length > 0) {
        runner.setStatus(taskId, 'running', { stoppedAt: undefined, stopReason: undefined });
        emit({ type: 'task.resumed', taskId, at: now() });
      }
      for (const q of todo) {
        if (q.status !== 'pending') store.updateQuery(q.id, { status: 'pending' });
        runner.enqueue(taskId, q.id, options.signal);
      }
      if (todo.length === 0 && !runner.existingLine(taskId)?.loop) releaseLease(store, taskId);
      await idle(taskId, options);
      if (!runner.existingLine(taskId)?.loop) runner.completeIfFinished(taskId);
      return status(taskId);
    },

    idle,
  };
}
