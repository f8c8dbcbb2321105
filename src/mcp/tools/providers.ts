// Checks shared by the tools: the task exists, and built-in corpora named by queued targets
// (`corpus:example`) are indexed on first use; other provider names go to the engine (it checks them).
import { ensureBuiltinCorpus } from '../../app/corpus/builtin-corpora.js';
import { InvalidInputError, type Store, type Task } from '../../core/index.js';

/** The task, or task_not_found before any other work (so a call on an unknown task changes nothing). */
export function requireTask(store: Store, taskId: string): Task {
  const task = store.getTask(taskId);
  if (!task) throw new InvalidInputError(`no task ${JSON.stringify(taskId)} (create_task returns task ids)`, { code: 'task_not_found', details: { taskId } });
  return task;
}

export async function prepareProviders(store: Store, providers: readonly string[] | undefined, signal: AbortSignal): Promise<void> {
  for (const p of providers ?? []) {
    const m = /^corpus:(.+)$/.exec(p);
    if (m) await ensureBuiltinCorpus({ store, name: m[1]!, signal });
  }
}
