// taskCounts, listCheckpointKeys and dataVersion on both backends (a real SQLite file, a real PostgreSQL database), with a second connection
// standing for another lyra process.
import assert from 'node:assert/strict';
import type { Claim, Page, Task } from '../core/index.js';
import { backendTest } from '../test-support/store-backends.js';

const now = '2026-01-01T00:00:00.000Z';
const task: Task = {
  id: 'task_c',
  question: 'Q?',
  status: 'running',
  budget: { maxPages: 5, maxQueries: 5, maxSeconds: 60 },
  priorityDomains: [],
  createdAt: now,
  configSnapshot: {},
};
const page = (id: string, fetchStatus: Page['fetchStatus']): Page => ({
  id,
  taskId: 'task_c',
  url: `https://example.org/${id}`,
  domain: 'example.org',
  sourceType: 'other',
  fetchStatus,
  authors: [],
  identifiers: {},
  abstractOnly: false,
  trustLevel: 'LOW',
  createdAt: now,
});
const claim = (id: string, status?: Claim['status']): Claim => ({
  id,
  taskId: 'task_c',
  statement: `claim ${id}`,
  slots: {},
  decisionRelevance: 'medium',
  conditions: [],
  createdAt: now,
  ...(status ? { status } : {}),
});

backendTest("a task's rows counted by state; checkpoint keys by prefix without payloads; data_version moves on another connection's commit only", (b) => {
  const store = b.open();
  const other = b.open();
  {
    store.createTask(task);
    store.insertQuery({ id: 'q1', taskId: 'task_c', text: 'a', mode: 'normal', origin: 'client', status: 'done', attempts: 1, metrics: {}, createdAt: now });
    store.insertQuery({ id: 'q2', taskId: 'task_c', text: 'b', mode: 'normal', origin: 'client', status: 'running', attempts: 1, metrics: {}, createdAt: now });
    store.upsertPage(page('p1', 'fetched'));
    store.upsertPage(page('p2', 'pending'));
    store.upsertPage(page('p3', 'fetched'));
    store.upsertClaim(claim('c1', 'VERIFIED'));
    store.upsertClaim(claim('c2'));
    const counts = store.taskCounts('task_c');
    assert.deepEqual(counts.queries, { done: 1, running: 1 });
    assert.deepEqual(counts.pages, { fetched: 2, pending: 1 });
    assert.deepEqual(counts.claims, { VERIFIED: 1, PENDING: 1 });
    assert.deepEqual(counts.edges, {});
    assert.equal(counts.feedback, 0);

    store.saveCheckpoint('task_c', 'q:q2:serp', { big: 'x'.repeat(1000) });
    store.saveCheckpoint('task_c', 'q:q2:academic', {});
    store.saveCheckpoint('task_c', 'q:q20:serp', {});
    store.saveCheckpoint('task_c', 'q_q2%serp', {});
    assert.deepEqual(
      store.listCheckpointKeys('task_c', 'q:q2:').map((k) => k.stepKey),
      ['q:q2:academic', 'q:q2:serp'],
    );
    assert.equal(store.listCheckpointKeys('task_c').length, 4);

    const v = store.dataVersion();
    store.updateTask('task_c', { status: 'completed' });
    assert.equal(store.dataVersion(), v, 'own writes leave it unchanged');
    other.updateTask('task_c', { status: 'running' });
    assert.notEqual(store.dataVersion(), v, "another connection's commit changes it");
  }
});
