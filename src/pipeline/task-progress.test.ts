import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../store/index.js';
import { lastStoredPhase, taskProgress } from './task-progress.js';

const now = '2026-01-01T00:00:00.000Z';

test('progress: counts, budget, and the last stored phase of a running query across identifier rounds', () => {
  const store = openStore({ path: ':memory:' });
  try {
    store.createTask({
      id: 'task_p',
      question: 'Q?',
      status: 'running',
      budget: { maxPages: 10, maxQueries: 5, maxSeconds: 60 },
      priorityDomains: [],
      createdAt: now,
      configSnapshot: {},
    });
    store.insertQuery({
      id: 'q1',
      taskId: 'task_p',
      text: 'coral',
      mode: 'normal',
      origin: 'client',
      status: 'running',
      attempts: 1,
      metrics: {},
      createdAt: now,
    });
    assert.equal(lastStoredPhase(store, 'task_p', 'q1'), undefined);
    store.saveCheckpoint('task_p', 'q:q1:input', {});
    store.saveCheckpoint('task_p', 'q:q1:serp', {});
    store.saveCheckpoint('task_p', 'q:q1:academic', {});
    assert.deepEqual(lastStoredPhase(store, 'task_p', 'q1'), { phase: 'academic', round: 0 });
    for (const p of ['enrich', 'register', 'citations', 'fetch-plan', 'fetch']) store.saveCheckpoint('task_p', `q:q1:${p}`, {});
    store.saveCheckpoint('task_p', 'q:q1:r1:enrich', {});
    assert.deepEqual(lastStoredPhase(store, 'task_p', 'q1'), { phase: 'enrich', round: 1 });
    const p = taskProgress(store, 'task_p')!;
    assert.equal(p.status, 'running');
    assert.deepEqual(p.queries, { running: 1 });
    assert.deepEqual(p.running, [{ queryId: 'q1', text: 'coral', lastPhase: { phase: 'enrich', round: 1 } }]);
    assert.equal(p.budget.maxPages, 10);
    store.saveCheckpoint('task_p', 'q:q1:graph', {});
    assert.deepEqual(lastStoredPhase(store, 'task_p', 'q1'), { phase: 'graph', round: 0 });
    assert.equal(taskProgress(store, 'task_nope'), undefined);
  } finally {
    store.close();
  }
});
