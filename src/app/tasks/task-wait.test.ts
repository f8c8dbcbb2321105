// get_status's long poll over a scripted engine: no wait, nothing to wait for, a milestone waking the
// wait (an engine event or the store changing under it), the deadline, and cancellation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Engine, EngineEvent, Store, TaskStatusView } from '../../core/index.js';
import { milestonesBetween, waitForTask, waitUntilIdle } from './task-wait.js';

type SearchState = { queryId: string; text: string; status: string };

function scripted(searches: SearchState[]): {
  engine: Pick<Engine, 'status' | 'on'>;
  store: Store;
  set(s: SearchState[], status?: string): void;
  emit(e: EngineEvent): void;
} {
  let current = searches;
  let taskStatus = 'running';
  const listeners = new Set<(e: EngineEvent) => void>();
  const view = (): TaskStatusView =>
    ({ task: { id: 'task_w' }, status: taskStatus, searches: current, blocked_domains: [], authQueueSize: 0 }) as unknown as TaskStatusView;
  return {
    engine: { status: view, on: (l) => (listeners.add(l), () => listeners.delete(l)) },
    store: { listAuth: () => [] } as unknown as Store,
    set: (s, status) => {
      current = s;
      if (status) taskStatus = status;
    },
    emit: (e) => listeners.forEach((l) => l(e)),
  };
}

const running = [
  { queryId: 'q_1', text: 'one', status: 'running' },
  { queryId: 'q_2', text: 'two', status: 'pending' },
];

test('no wait asked, or nothing in flight: the status at once', async () => {
  const s = scripted(running);
  const now = await waitForTask(s, { taskId: 'task_w', timeoutMs: 0 });
  assert.equal(now.endedBy, 'no_wait');
  assert.deepEqual(
    now.waitingFor.map((w) => [w.kind, w.id, w.status]),
    [
      ['search', 'q_1', 'running'],
      ['search', 'q_2', 'pending'],
    ],
  );
  const idle = await waitForTask(scripted([{ queryId: 'q_1', text: 'one', status: 'done' }]), { taskId: 'task_w', timeoutMs: 60_000 });
  assert.deepEqual([idle.endedBy, idle.waitingFor, idle.milestones], ['idle', [], []]);
});

test('an engine event wakes the wait at the first milestone, with what happened and what is still waited for', async () => {
  const s = scripted(running);
  const waiting = waitForTask(s, { taskId: 'task_w', timeoutMs: 60_000, pollMs: 60_000 });
  setTimeout(() => {
    s.set([
      { queryId: 'q_1', text: 'one', status: 'done' },
      { queryId: 'q_2', text: 'two', status: 'running' },
    ]);
    s.emit({ type: 'query.end', taskId: 'task_w', queryId: 'q_1', query: 'one', status: 'done', at: '' });
  }, 20);
  const r = await waiting;
  assert.equal(r.endedBy, 'milestone');
  assert.deepEqual(r.milestones, [{ kind: 'search_done', queryId: 'q_1', text: 'one', status: 'done' }]);
  assert.deepEqual(
    r.waitingFor.map((w) => w.id),
    ['q_2'],
  );
});

test('work done elsewhere is seen by the poll; the deadline returns the status; a cancelled wait rejects', async () => {
  const s = scripted(running);
  const polled = waitForTask(s, { taskId: 'task_w', timeoutMs: 60_000, pollMs: 10 });
  setTimeout(
    () =>
      s.set(
        [
          { queryId: 'q_1', text: 'one', status: 'failed' },
          { queryId: 'q_2', text: 'two', status: 'cancelled' },
        ],
        'stopped',
      ),
    20,
  );
  const r = await polled;
  assert.deepEqual(
    r.milestones.map((m) => m.kind),
    ['search_failed', 'search_cancelled', 'task_status'],
  );
  const late = await waitForTask(scripted(running), { taskId: 'task_w', timeoutMs: 30, pollMs: 10 });
  assert.deepEqual([late.endedBy, late.milestones], ['timeout', []]);
  const controller = new AbortController();
  const cancelled = waitForTask(scripted(running), { taskId: 'task_w', timeoutMs: 60_000, pollMs: 60_000, signal: controller.signal });
  setTimeout(() => controller.abort(new Error('client gone')), 10);
  await assert.rejects(cancelled, /client gone/);
  assert.deepEqual(milestonesBetween(scripted(running).engine.status('task_w'), scripted(running).engine.status('task_w')), []);
});

test('task wait until idle: a task whose last search just ended is given a moment to be marked completed, and is reported as it stands after it', async () => {
  const done = [
    { queryId: 'q_1', text: 'one', status: 'done' },
    { queryId: 'q_2', text: 'two', status: 'done' },
  ];
  const end = { type: 'query.end', taskId: 'task_w', queryId: 'q_2', query: 'two', status: 'done', at: '' } as const;
  // The searches end, and the process that ran them marks the task completed 300 ms later.
  const s = scripted(running);
  const waiting = waitUntilIdle(s, { taskId: 'task_w', timeoutMs: 60_000, pollMs: 60_000 });
  setTimeout(() => {
    s.set(done);
    s.emit(end);
    setTimeout(() => s.set(done, 'completed'), 300);
  }, 20);
  const w = await waiting;
  assert.deepEqual([w.endedBy, w.status.status], ['idle', 'completed']);
  assert.ok(w.milestones.some((m) => m.kind === 'task_status' && m.status === 'completed'));

  // Never marked (its process died in between): the status as it stands once the grace is over.
  const stuck = scripted(running);
  const gave = waitUntilIdle(stuck, { taskId: 'task_w', timeoutMs: 60_000, pollMs: 60_000, settleMs: 400 });
  setTimeout(() => {
    stuck.set(done);
    stuck.emit(end);
  }, 20);
  const g = await gave;
  assert.deepEqual([g.endedBy, g.status.status], ['idle', 'running']);
  assert.ok(g.waitedMs >= 400, `waited ${g.waitedMs} ms`);

  // Nothing was in flight when the wait began: no grace, the status at once.
  const quiet = scripted(done);
  const q = await waitUntilIdle(quiet, { taskId: 'task_w', timeoutMs: 60_000 });
  assert.deepEqual([q.endedBy, q.status.status], ['idle', 'running']);
  assert.ok(q.waitedMs < 200);
});
