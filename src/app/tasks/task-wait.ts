// A long poll on a task: a client that cannot hold one request open while a search runs queues the
// work and asks for the status with a wait; the answer comes at the first milestone (a search ends,
// the task changes state, a domain is blocked, a page needs a person), when nothing is left running,
// or at the deadline. Milestones are the difference between the status before and after, read from
// the store, so work running in another process (`lyra task resume`) counts as well as this one's.
// The engine's events only wake the check early; a poll catches what they cannot see.
import { delay, throwIfAborted, type Engine, type EngineEvent, type Store, type TaskStatusView } from '../../core/index.js';

/** How often the store is looked at while waiting, in ms (events of this process wake it sooner). */
export const WAIT_POLL_MS = 1_000;
/** Auth-queue items listed in waitingFor at most (the count is in the status). */
export const MAX_WAITING_AUTH_ITEMS = 50;

export interface TaskMilestone {
  kind: 'search_done' | 'search_failed' | 'search_cancelled' | 'task_status' | 'domain_blocked' | 'auth_required';
  queryId?: string;
  text?: string;
  status?: string;
  domain?: string;
  /** auth_required: pending auth-queue items now. */
  count?: number;
}

/** What the task still waits on: a search pending or running, or a page waiting for a person. */
export interface WaitingItem {
  kind: 'search' | 'auth';
  id: string;
  text: string;
  status: string;
}

export interface TaskWaitOutcome {
  status: TaskStatusView;
  milestones: TaskMilestone[];
  waitingFor: WaitingItem[];
  /** Why the call returned: no wait asked, a milestone, nothing left running, the deadline. */
  endedBy: 'no_wait' | 'milestone' | 'idle' | 'timeout';
  waitedMs: number;
}

const FINAL = new Set(['done', 'failed', 'cancelled']);
const WAKING: ReadonlySet<EngineEvent['type']> = new Set(['query.end', 'task.stopped', 'task.completed', 'task.failed', 'domain.blocked']);

/** A search still to run or running. */
const isInFlight = (s: { status: string }): boolean => s.status === 'pending' || s.status === 'running';
/** Whether any search of the task is pending or running. */
const inFlight = (s: TaskStatusView): boolean => s.searches.some(isInFlight);

export function waitingFor(store: Store, status: TaskStatusView): WaitingItem[] {
  const searches: WaitingItem[] = status.searches.filter(isInFlight).map((s) => ({ kind: 'search', id: s.queryId, text: s.text, status: s.status }));
  const auth: WaitingItem[] = store
    .listAuth({ taskId: status.task.id, status: 'pending' })
    .slice(0, MAX_WAITING_AUTH_ITEMS)
    .map((a) => ({ kind: 'auth', id: a.id, text: a.url, status: a.status }));
  return [...searches, ...auth];
}

export function milestonesBetween(before: TaskStatusView, after: TaskStatusView): TaskMilestone[] {
  const out: TaskMilestone[] = [];
  const was = new Map(before.searches.map((s) => [s.queryId, s.status]));
  for (const s of after.searches) {
    if (!FINAL.has(s.status) || FINAL.has(was.get(s.queryId) ?? '')) continue;
    const kind = s.status === 'done' ? 'search_done' : s.status === 'failed' ? 'search_failed' : 'search_cancelled';
    out.push({ kind, queryId: s.queryId, text: s.text, status: s.status });
  }
  if (after.status !== before.status) out.push({ kind: 'task_status', status: after.status });
  const blocked = new Set(before.blocked_domains.map((d) => d.domain));
  for (const d of after.blocked_domains) if (!blocked.has(d.domain)) out.push({ kind: 'domain_blocked', domain: d.domain });
  if (after.authQueueSize > before.authQueueSize) out.push({ kind: 'auth_required', count: after.authQueueSize });
  return out;
}

/** The task's status now, or after waiting up to `timeoutMs` for its first milestone while work is in flight. */
export async function waitForTask(
  deps: { engine: Pick<Engine, 'status' | 'on'>; store: Store },
  input: { taskId: string; timeoutMs: number; pollMs?: number; signal?: AbortSignal },
): Promise<TaskWaitOutcome> {
  const started = Date.now();
  const first = deps.engine.status(input.taskId);
  const done = (status: TaskStatusView, endedBy: TaskWaitOutcome['endedBy']): TaskWaitOutcome => ({
    status,
    milestones: milestonesBetween(first, status),
    waitingFor: waitingFor(deps.store, status),
    endedBy,
    waitedMs: Date.now() - started,
  });
  if (input.timeoutMs <= 0) return done(first, 'no_wait');
  if (!inFlight(first)) return done(first, 'idle');
  let wake: (() => void) | undefined;
  const off = deps.engine.on((e) => {
    if (WAKING.has(e.type) && 'taskId' in e && e.taskId === input.taskId) wake?.();
  });
  try {
    const deadline = started + input.timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return done(deps.engine.status(input.taskId), 'timeout');
      const early = new AbortController();
      wake = () => early.abort();
      try {
        await delay(Math.min(left, input.pollMs ?? WAIT_POLL_MS), input.signal ? AbortSignal.any([early.signal, input.signal]) : early.signal);
      } catch (err) {
        throwIfAborted(input.signal);
        if (!early.signal.aborted) throw err;
      }
      wake = undefined;
      const now = deps.engine.status(input.taskId);
      if (milestonesBetween(first, now).length > 0) return done(now, 'milestone');
      if (!inFlight(now)) return done(now, 'idle');
    }
  } finally {
    off();
  }
}

/**
 * Waits until nothing of the task is pending or running (its queries ran here, in `lyra worker`s or in
 * another process), or until `timeoutMs`: `lyra task wait` after `lyra task search --queue`.
 */
export async function waitUntilIdle(
  deps: { engine: Pick<Engine, 'status' | 'on'>; store: Store },
  input: { taskId: string; timeoutMs: number; pollMs?: number; signal?: AbortSignal; settleMs?: number },
): Promise<TaskWaitOutcome> {
  const started = Date.now();
  const first = deps.engine.status(input.taskId);
  const sawWork = inFlight(first);
  for (;;) {
    const left = input.timeoutMs - (Date.now() - started);
    let w = await waitForTask(deps, { ...input, timeoutMs: Math.max(1, left) });
    if (w.endedBy === 'idle' && sawWork && w.status.status === 'running') w = await settled(deps, input, w, started);
    if (w.endedBy === 'idle' || w.endedBy === 'timeout' || left <= 0) {
      // Milestones over the whole wait, not only its last round.
      return { ...w, milestones: milestonesBetween(first, w.status), waitedMs: Date.now() - started };
    }
  }
}

/**
 * How long a wait that saw the task's last search end gives the process that ran it to mark the task
 * completed: a worker settles the query, then releases its lease, then sets the task's status, so a
 * reader polling another process can find nothing in flight and the task still `running` for a moment
 * (seen in the worker kill e2e run on a loaded machine). A worker that dies in that moment leaves the
 * task to the job's retry (after workers.job_expire_seconds), which marks it; a wait that ends before
 * then reports the task `running` with nothing in flight.
 */
export const SETTLE_GRACE_MS = 5_000;
const SETTLE_POLL_MS = 200;

/** The idle outcome once the task has left `running`, or as it stands after the grace (and within the deadline). */
async function settled(
  deps: { engine: Pick<Engine, 'status' | 'on'>; store: Store },
  input: { taskId: string; timeoutMs: number; signal?: AbortSignal; settleMs?: number },
  idle: TaskWaitOutcome,
  started: number,
): Promise<TaskWaitOutcome> {
  const until = Math.min(Date.now() + (input.settleMs ?? SETTLE_GRACE_MS), started + input.timeoutMs);
  while (Date.now() < until) {
    await delay(Math.min(SETTLE_POLL_MS, Math.max(1, until - Date.now())), input.signal);
    const now = deps.engine.status(input.taskId);
    // New work queued meanwhile: the caller's loop waits for it as for any other.
    if (inFlight(now)) return { ...idle, status: now, endedBy: 'milestone' };
    if (now.status !== 'running') return { ...idle, status: now, waitingFor: waitingFor(deps.store, now), waitedMs: Date.now() - started };
  }
  return idle;
}
