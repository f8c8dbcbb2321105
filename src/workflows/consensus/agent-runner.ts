// Runs one agent under a time limit that really stops it: the agent's AbortSignal is aborted at the
// limit (seed 004 §5.2 executeWithAbort), and the caller is released at once even if the agent
// ignores the signal. The timer is always cleared.
import { RetryableError } from '../../core/index.js';

export interface RunWithTimeoutOptions<T> {
  agentId: number;
  timeoutMs: number;
  /** The run's signal: aborting it aborts the agent too. */
  signal?: AbortSignal;
  run: (signal: AbortSignal) => Promise<T>;
}

/** The error an agent's signal is aborted with when its time is up. */
export function agentTimeoutError(agentId: number, timeoutMs: number): RetryableError {
  return new RetryableError(`agent ${agentId} timed out after ${timeoutMs} ms`, { code: 'agent_timeout', details: { agentId, timeoutMs } });
}

export async function runWithTimeout<T>(options: RunWithTimeoutOptions<T>): Promise<T> {
  const controller = new AbortController();
  const outer = options.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onOuterAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = agentTimeoutError(options.agentId, options.timeoutMs);
      controller.abort(error);
      reject(error);
    }, options.timeoutMs);
    if (outer) {
      onOuterAbort = () => {
        controller.abort(outer.reason);
        reject(outer.reason);
      };
      if (outer.aborted) onOuterAbort();
      else outer.addEventListener('abort', onOuterAbort, { once: true });
    }
  });
  try {
    const work = Promise.resolve().then(() => options.run(controller.signal));
    // Once the time is up the race is decided; the agent's own late rejection must not go unhandled.
    work.catch(() => undefined);
    return await Promise.race([work, stopped]);
  } finally {
    clearTimeout(timer);
    if (outer && onOuterAbort) outer.removeEventListener('abort', onOuterAbort);
    // Anything the agent left running (a straggling fetch) stops with it.
    if (!controller.signal.aborted) controller.abort(new DOMException('agent finished', 'AbortError'));
  }
}
