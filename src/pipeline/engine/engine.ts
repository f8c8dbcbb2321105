// The Engine (core/interfaces/engine.ts) over injected dependencies, composed of named parts:
//   task-runner.ts     the scheduler: one line per task, one query at a time through the seven phases
//                      (query-runner.ts), at most maxConcurrentTasks tasks at once, stops seen by polling;
//   task-methods.ts    createTask, stop, resume, idle;
//   search-methods.ts  search, verifyClaim, ingestUrl — a query recorded and awaited in the task's line;
//   job-methods.ts     record, queueSearches, and a worker's jobs (runRecorded, fetchPage, runGraphJob);
//   read-methods.ts    status, counts, materials, readSource, checkSource, judge;
//   context.ts         what they share (deps, limits, events, the checks entry points start with).
// app/engine.ts wires the real adapters into it.
import type { Engine, EngineEvent } from '../../core/index.js';
import type { PipelineDeps } from '../deps.js';
import { resolveLimits, type PipelineLimits } from '../limits.js';
import { createEngineContext, createEventHub } from './context.js';
import { jobMethods, type JobMethods } from './job-methods.js';
import { readMethods } from './read-methods.js';
import { searchMethods } from './search-methods.js';
import { taskMethods } from './task-methods.js';
import { createTaskRunner } from './task-runner.js';

export { STOP_POLL_MS } from './task-runner.js';
export type { RecordOptions, RunRecordedOutcome } from './job-methods.js';

export interface PipelineEngine extends Engine, JobMethods {
  readonly limits: PipelineLimits;
}

export function createPipelineEngine(deps: PipelineDeps): PipelineEngine {
  const limits = resolveLimits(deps.limits);
  const events = createEventHub();
  const runner = createTaskRunner({ deps, limits, emit: events.emit });
  const ctx = createEngineContext({ deps, limits, runner, emit: events.emit });
  const reads = readMethods(ctx);
  return {
    limits,
    ...reads,
    ...taskMethods(ctx, reads.status),
    ...searchMethods(ctx),
    ...jobMethods(ctx),
    on(listener: (event: EngineEvent) => void): () => void {
      return events.on(listener);
    },
    async close(): Promise<void> {
      await runner.close();
      events.clear();
    },
  };
}
