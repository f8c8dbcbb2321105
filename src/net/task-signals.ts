// One AbortController per task with fetches in flight, so stopping a task aborts all of them at once
// (queued, connecting, or streaming a body). Entries live only while the task has fetches running.

export interface TaskSignals {
  /** Registers a fetch of `taskId`; returns its signal and a function to call when the fetch ends. */
  enter(taskId: string): { signal: AbortSignal; leave: () => void };
  /** Aborts every fetch in flight for the task; returns how many were running. */
  cancel(taskId: string): number;
  active(): number;
}

export function createTaskSignals(): TaskSignals {
  const tasks = new Map<string, { controller: AbortController; refs: number }>();
  return {
    enter(taskId) {
      let t = tasks.get(taskId);
      if (!t) {
        t = { controller: new AbortController(), refs: 0 };
        tasks.set(taskId, t);
      }
      const entry = t;
      entry.refs += 1;
      let left = false;
      return {
        signal: entry.controller.signal,
        leave: () => {
          if (left) return;
          left = true;
          entry.refs -= 1;
          if (entry.refs === 0 && tasks.get(taskId) === entry) tasks.delete(taskId);
        },
      };
    },
    cancel(taskId) {
      const t = tasks.get(taskId);
      if (!t) return 0;
      tasks.delete(taskId);
      t.controller.abort(new DOMException(`fetch cancelled: task ${taskId} was stopped`, 'AbortError'));
      return t.refs;
    },
    active: () => tasks.size,
  };
}
