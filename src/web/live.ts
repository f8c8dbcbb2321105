// Live updates over server-sent events: an open tasks list follows every task, a task page its own.
// While streams are open the store is polled every ui.live_poll_ms (counts and checkpoint keys only,
// never the graph: taskProgress) and a stream gets a `progress` event when its task's counters or
// phase changed, plus `changed` when the claims did (the page offers a reload). Bounded: at most
// ui.max_live_clients streams, and a new one makes the oldest yield (32 streams held open by another
// local program once shut the person's own page out with 503); a stream ends after ui.live_max_stream_ms
// in all or ui.live_idle_ms without an event (the browser's EventSource reconnects by itself, so an open
// page keeps following); a heartbeat comment keeps quiet ones open until then; each ends when its
// request's signal aborts (the client left or the server closes).
import type { ServerResponse } from 'node:http';
import type { Store } from '../core/index.js';
import { taskProgress } from '../pipeline/index.js';
import { listTaskSummaries } from '../app/tasks/task-views.js';
import { liveProgress, type LiveProgress } from './pages/progress.js';
import { securityHeaders } from './security.js';

interface Client {
  res: ServerResponse;
  /** Ends the stream (and its timers) once. */
  end: () => void;
  /** When it last got an event (not a heartbeat). */
  lastEventAt: number;
  taskId?: string;
  /** Last JSON sent per task, and the claim counts of it (to tell a claims change). */
  sent: Map<string, { json: string; claims: string }>;
}

export interface LiveHub {
  /** Opens a stream; when ui.max_live_clients are open already the oldest yields to it. */
  open(res: ServerResponse, taskId: string | undefined, signal: AbortSignal): void;
  clients(): number;
  /** Polls now (tests and after an action). */
  tick(): void;
  close(): void;
}

export interface LiveHubOptions {
  pollMs: number;
  heartbeatMs: number;
  maxClients: number;
  /** A stream ends after this long in all (ms). */
  maxStreamMs: number;
  /** A stream that got no event for this long ends (ms). */
  idleMs: number;
}

export function createLiveHub(deps: { store: Store }, options: LiveHubOptions): LiveHub {
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
      c.lastEventAt = Date.now();
      c.res.write(`event: progress\ndata: ${json}\n\n`);
      if (before && before.claims !== claims) c.res.write(`event: changed\ndata: ${JSON.stringify({ taskId: p.taskId })}\n\n`);
    }
  };
  const tick = (): void => {
    for (const c of clients) {
      if (Date.now() - c.lastEventAt >= options.idleMs) {
        c.end();
        continue;
      }
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
      // Sets iterate in insertion order: the first is the oldest.
      while (clients.size >= options.maxClients) clients.values().next().value?.end();
      res.writeHead(200, { ...securityHeaders(), 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      res.write(`retry: ${Math.max(1000, options.pollMs)}\n\n`);
      const lifetime = setTimeout(() => c.end(), options.maxStreamMs);
      lifetime.unref();
      const c: Client = {
        res,
        ...(taskId ? { taskId } : {}),
        sent: new Map(),
        lastEventAt: Date.now(),
        end: () => {
          // Once: a stream is open while it is in the set.
          if (!clients.has(c)) return;
          clearTimeout(lifetime);
          signal.removeEventListener('abort', c.end);
          clients.delete(c);
          if (!res.writableEnded) res.end();
          if (clients.size === 0) stopTimers();
        },
      };
      clients.add(c);
      push(c);
      if (signal.aborted) c.end();
      else signal.addEventListener('abort', c.end, { once: true });
      if (!poll && clients.size > 0) {
        poll = setInterval(tick, options.pollMs);
        beat = setInterval(() => {
          for (const x of clients) x.res.write(': keep-alive\n\n');
        }, options.heartbeatMs);
        poll.unref();
        beat.unref();
      }
    },
    clients: () => clients.size,
    tick,
    close() {
      for (const c of [...clients]) c.end();
      stopTimers();
    },
  };
}
