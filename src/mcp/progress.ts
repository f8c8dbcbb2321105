// Engine events of one task as MCP progress notifications, while a tool call runs. The progress
// number counts the events seen, so it only grows; there is no total (the client decides the scope).
import type { Engine, EngineEvent } from '../core/index.js';

/** Progress notifications one call sends at most; later events are dropped (the call itself goes on). */
export const MAX_PROGRESS_NOTIFICATIONS = 10_000;

export function describeEvent(e: EngineEvent): string {
  switch (e.type) {
    case 'task.created':
    case 'task.stopped':
    case 'task.completed':
    case 'task.failed':
    case 'task.resumed':
      return `${e.type}${e.reason ? `: ${e.reason}` : ''}`;
    case 'query.start':
    case 'query.end':
      return `${e.type} ${JSON.stringify(e.query)}${e.status ? ` (${e.status})` : ''}`;
    case 'phase.start':
    case 'phase.end':
      return `${e.type} ${e.phase}${e.count !== undefined ? ` (${e.count})` : ''}`;
    case 'page.registered':
    case 'page.fetched':
    case 'page.failed':
    case 'page.skipped':
      return `${e.type} ${e.url}${e.error ? `: ${e.error}` : ''}`;
    case 'claim.added':
      return `claim.added ${e.claimId}`;
    case 'domain.blocked':
    case 'domain.promoted':
      return `${e.type} ${e.domain}: ${e.reason}`;
    case 'warning':
      return `warning ${e.warning.source} ${e.warning.code}: ${e.warning.message}`;
  }
}

export interface ProgressSender {
  /** `keepAlive`: a heartbeat, sent even past the limit (at most one per interval), so a long call stays alive. */
  send(message: string, options?: { keepAlive?: boolean }): void;
}

/** A sender for one call: numbered, bounded, and silent when the client sent no progress token. */
export function createProgressSender(options: {
  token: string | number | undefined;
  notify: (params: { progressToken: string | number; progress: number; message: string }) => Promise<void>;
  limit?: number;
}): ProgressSender {
  let n = 0;
  const limit = options.limit ?? MAX_PROGRESS_NOTIFICATIONS;
  return {
    send(message: string, sendOptions: { keepAlive?: boolean } = {}): void {
      if (options.token === undefined || (n >= limit && !sendOptions.keepAlive)) return;
      n++;
      // A notification that cannot be sent (client gone) must not fail the call.
      options.notify({ progressToken: options.token, progress: n, message }).catch(() => undefined);
    },
  };
}

export function followTaskEvents(engine: Engine, taskId: string, sender: ProgressSender): () => void {
  return engine.on((e) => {
    if ('taskId' in e && e.taskId === taskId) sender.send(describeEvent(e));
  });
}

/**
 * While a call runs: a notification every `intervalMs` naming the tool and the seconds spent, so a
 * client that resets its request timeout on progress keeps waiting through a long phase with no
 * engine event (stance judging, a slow page). Returns the function that stops it.
 */
export function startHeartbeat(options: { sender: ProgressSender; tool: string; intervalMs: number; active: boolean }): () => void {
  if (!options.active || options.intervalMs <= 0) return () => undefined;
  const started = Date.now();
  const timer = setInterval(
    () => options.sender.send(`${options.tool}: working (${Math.round((Date.now() - started) / 1000)} s)`, { keepAlive: true }),
    options.intervalMs,
  );
  timer.unref();
  return () => clearInterval(timer);
}
