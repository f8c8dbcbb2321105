// What every group of the engine's methods shares: the dependencies, the resolved limits, the event
// hub, the task runner, and the few checks each entry point starts with. Built once by engine.ts.
import { InvalidInputError, type EngineEvent, type Store, type Task } from '../../core/index.js';
import type { PipelineDeps } from '../deps.js';
import type { PipelineLimits } from '../limits.js';
import { normalizeProviders } from '../providers.js';
import { requireTask, taskProviders } from '../task-records.js';
import type { QueryInput } from '../task-state.js';
import type { TaskRunner } from './task-runner.js';

export interface EngineContext {
  deps: PipelineDeps;
  store: Store;
  limits: PipelineLimits;
  runner: TaskRunner;
  emit(e: EngineEvent): void;
  now(): string;
  /** Required components: the models (stance for Phase 7 and citation relevance, embeddings for similarity). */
  requireModels(): void;
  /** The task, refused when stopped (`lyra resume` reopens it). */
  openTask(taskId: string): Task;
  /** The providers a query asks: the ones named, else the task's. */
  queryProviders(task: Task, names: string[] | undefined): string[];
  /** Recorded with each query, so that whichever engine runs it expands it as this one would. */
  expansion: NonNullable<QueryInput['expansion']>;
}

/** Listeners of the engine's events; a listener's failure never breaks the pipeline. */
export function createEventHub(): { emit(e: EngineEvent): void; on(listener: (e: EngineEvent) => void): () => void; clear(): void } {
  const listeners = new Set<(e: EngineEvent) => void>();
  return {
    emit(e) {
      for (const l of listeners) {
        try {
          l(e);
        } catch {
          // A listener's failure must not break the pipeline; listeners report their own errors.
        }
      }
    },
    on(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    clear: () => listeners.clear(),
  };
}

export function createEngineContext(options: {
  deps: PipelineDeps;
  limits: PipelineLimits;
  runner: TaskRunner;
  emit: (e: EngineEvent) => void;
}): EngineContext {
  const { deps, limits, runner, emit } = options;
  const { store } = deps;
  return {
    deps,
    store,
    limits,
    runner,
    emit,
    now: () => new Date().toISOString(),
    requireModels() {
      deps.models.stance();
      deps.models.embedding();
    },
    openTask(taskId) {
      const task = requireTask(store, taskId);
      if (task.status === 'stopped')
        throw new InvalidInputError(`task ${taskId} is stopped (${task.stopReason ?? 'no reason given'}); lyra resume ${taskId} reopens it`, {
          code: 'task_stopped',
        });
      return task;
    },
    queryProviders: (task, names) => (names && names.length > 0 ? normalizeProviders(deps, names) : taskProviders(task)),
    expansion: { mirror: limits.mirrorQueries, synonyms: limits.synonymQueries },
  };
}
