// `lyra verify`: search → stance → status for one statement, through the Engine. A new task is made
// for the statement (its question), unless the caller names a task to verify within.
import { InvalidInputError, type EngineEvent, type Task, type VerifyOutcome } from '../../core/index.js';
import type { LyraConfig } from '../config/index.js';
import { createEngine, type EngineOverrides } from '../engine.js';

export interface VerifyOnceOptions {
  config: LyraConfig;
  statement: string;
  /** Search providers: `corpus:<name>`, `corpus`, `searxng`, `duckduckgo`, scholarly sources; default: every configured one. */
  providers?: string[];
  /** Verify within this existing task instead of a new one. */
  taskId?: string;
  /** Pages the verification search may fetch or register. */
  maxPages?: number;
  signal?: AbortSignal;
  onEvent?: (event: EngineEvent) => void;
  overrides?: EngineOverrides;
}

export interface VerifyOnceResult extends VerifyOutcome {
  taskId: string;
}

export async function verifyOnce(options: VerifyOnceOptions): Promise<VerifyOnceResult> {
  const statement = options.statement.replace(/\s+/g, ' ').trim();
  if (!statement) throw new InvalidInputError('verify: empty statement', { code: 'statement_empty' });
  const engine = createEngine(options.config, options.overrides ?? {});
  const off = options.onEvent ? engine.on(options.onEvent) : undefined;
  try {
    let task: Task;
    if (options.taskId) {
      const found = engine.store.getTask(options.taskId);
      if (!found) throw new InvalidInputError(`verify: no task ${options.taskId}`, { code: 'task_not_found', details: { taskId: options.taskId } });
      task = found;
    } else {
      task = await engine.createTask({ question: statement, kind: 'verify', ...(options.providers ? { providers: options.providers } : {}) });
    }
    const outcome = await engine.verifyClaim(task.id, statement, {
      ...(options.providers ? { providers: options.providers } : {}),
      ...(options.maxPages !== undefined ? { maxPages: options.maxPages } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { taskId: task.id, ...outcome };
  } finally {
    off?.();
    await engine.close();
  }
}
