// Live updates over server-sent events: an open tasks list follows every task, a task page its own.
// While streams are open the store is polled every ui.live_poll_ms (counts and checkpoint keys only,
// never the graph: taskProgress) and a stream gets a `progress` event when its task's counters or
// phase changed, plus `changed` when the claims did (the page offers a reload). Bounded: at most
// ui.max_live_clients streams (more get 503), a heartbeat comment keeps idle ones open, each ends
// when its request's signal aborts (the client left or the server closes).
import type { ServerResponse } from 'node:http';
import type { Store } from '../core/index.js';
import { taskProgress } from '../pipeline/index.js';
import { listTaskSummaries } from '../app/index.js';
import { liveProgress, type LiveProgress } from './pages/progress.js';
import { securityHeaders } from './security.js';

interface Client {
  res: ServerResponse;
  taskId?: string;
  /** Last JSON sent per task, and the claim counts of it (to tell a claims change). */
  sent: Map<string, { json: string; claims: string }>;
}

export interface LiveHub {
  /** Opens a stream; false when ui.max_live_clients are open already. */
  open(res: ServerResponse, taskId: string | undefined, signal: AbortSignal): boolean;
  clients(): number;
  /** Polls now (tests and after an action). */
  tick(): void;
  close(): void;
}

export function createLiveHub(deps: { store: Store }, options: { pollMs: number; heartbeatMs: number; maxClients: number }): LiveHub {
  const clients = new Set<Client>();
  let poll: NodeJS.Timeout | undefined;
  let beat: NodeJS.Timeout | undefined;

  const progressOf = (c: Client): LiveProgress[] => {
    if (c.taskId) {
      const p = taskProgress(deps.store, c.taskId);
      return p ? [liveProgress(p)] : [];
    }
    return listTaskSummaries(deps.store).map((s) => liveProgress(s.progress));
  };
  const push = (c: Client): void => {
    for (const p of progressOf(c)) {
      const json = JSON.stringify(p);
      const claims = JSON.stringify(p.claims) + p.feedback;
      const before = c.sent.get(p.taskId);
      if (before?.json === json) continue;
      c.sent.set(p.taskId, { json, claims });
      c.res.write(`event: progress\ndata: ${json}\n\n`);
      if (before && before.claims !== claims) c.res.write(`event: changed\ndata: ${JSON.stringify({ taskId: p.taskId })}\n\n`);
    }
  };
  const tick = (): void => {
    for (const c of clients) {
      try {
        push(c);
      } catch (err) {
        c.res.write(`event: error\ndata: ${JSON.stringify({ message: err instanceof Error ? err.message : String(err) })}\n\n`);
      }
    }
  };
  const stopTimers = (): void => {
    clearInterval(poll);
    clearInterval(beat);
    poll = beat = undefined;
  };
  return {
    open(res, taskId, signal) {
      if (clients.size >= options.maxClients) return false;
      const c: Client = { res, ...(taskId ? { taskId } : {}), sent: new Map() };
      res.writeHead(200, { ...securityHeaders(), 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      res.write(`retry: ${Math.max(1000, options.pollMs)}\n\n`);
      clients.add(c);
      push(c);
      const end = (): void => {
        clients.delete(c);
        if (!res.writableEnded) res.end();
        if (clients.size === 0) stopTimers();
      };
      if (signal.aborted) end();
      else signal.addEventListener('abort', end, { once: true });
      if (!poll) {
        poll = setInterval(tick, options.pollMs);
        beat = setInterval(() => {
          for (const x of clients) x.res.write(': keep-alive\n\n');
        }, options.heartbeatMs);
        poll.unref();
        beat.unref();
      }
      return true;
    },
    clients: () => clients.size,
    tick,
    close() {
      stopTimers();
      for (const c of clients) c.res.end();
      clients.clear();
    },
  };
}
