// The SQLite store against a real file in a temp folder.
import { test } from 'node:test';
import { backendTest } from '../test-support/store-backends.js';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeFields, modelJudge } from '../core/index.js';
import type { Claim, DomainState, Edge, Fragment, Page, Query, StanceEdge, Task } from '../core/index.js';
import Database from 'better-sqlite3';
import { openStore } from './index.js';
import { MIGRATIONS } from './migrations.js';

function tempDb(): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-store-'));
  return { path: join(dir, 'lyra.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const now = '2026-01-01T00:00:00.000Z';
const task: Task = {
  id: 'task_1',
  question: 'Does X cause Y?',
  status: 'created',
  budget: { maxPages: 50, maxQueries: 10, maxSeconds: 600 },
  language: 'en',
  priorityDomains: ['nih.gov'],
  createdAt: now,
  configSnapshot: { a: 1 },
};
const page = (id: string, url: string, extra: Partial<Page> = {}): Page => ({
  id,
  taskId: 'task_1',
  url,
  domain: 'example.org',
  sourceType: 'other',
  fetchStatus: 'fetched',
  authors: ['A. Author'],
  identifiers: {},
  abstractOnly: false,
  trustLevel: 'UNVERIFIED',
  createdAt: now,
  ...extra,
});

backendTest('tasks and queries round-trip, queries keep insertion order, updates patch', (b) => {
  const store = b.open();
  store.createTask(task);
  assert.deepEqual(store.getTask('task_1'), task);
  const q = (id: string, text: string): Query => ({
    id,
    taskId: 'task_1',
    text,
    mode: 'normal',
    origin: 'client',
    status: 'pending',
    attempts: 0,
    metrics: {},
    createdAt: now,
  });
  store.insertQuery(q('q_b', 'second'));
  store.insertQuery(q('q_a', 'first'));
  assert.deepEqual(
    store.listQueries('task_1').map((x) => x.text),
    ['second', 'first'],
  );
  const updated = store.updateQuery('q_a', { status: 'failed', attempts: 2, lastError: 'timeout', metrics: { novelty: 0.5 } });
  assert.equal(updated.status, 'failed');
  assert.deepEqual(store.getQuery('q_a')?.metrics, { novelty: 0.5 });
  assert.equal(store.updateTask('task_1', { status: 'stopped', stopReason: 'done' }).stopReason, 'done');
  assert.equal(store.getTask('task_1')?.status, 'stopped');
  assert.throws(() => store.updateTask('nope', { status: 'running' }), /no task nope/);
  // A status set only while it is the expected one: a stop is not overwritten by a completion decided before it.
  assert.equal(store.setTaskStatusIf('task_1', 'running', 'completed'), false);
  assert.equal(store.getTask('task_1')?.status, 'stopped');
  assert.equal(store.setTaskStatusIf('task_1', 'stopped', 'running'), true);
  assert.equal(store.getTask('task_1')?.status, 'running');
  assert.equal(store.getTask('task_1')?.stopReason, 'done', 'nothing but the status changes');
  assert.equal(store.setTaskStatusIf('nope', 'running', 'completed'), false);
});

backendTest('pages are unique per task and URL, found by identifier; fragments keep order and are idempotent', (b) => {
  const store = b.open();
  store.createTask(task);
  const first = store.upsertPage(page('pg_1', 'https://example.org/a', { identifiers: { doi: '10.1/abc' } }));
  const again = store.upsertPage(page('pg_2', 'https://example.org/a'));
  assert.equal(again.id, 'pg_1');
  assert.equal(first.identifiers.doi, '10.1/abc');
  assert.equal(store.findPageByIdentifier('task_1', 'doi', '10.1/abc')?.id, 'pg_1');
  assert.equal(store.findPageByIdentifier('task_1', 'pmid', '1'), undefined);
  const updated = store.updatePage('pg_1', { title: 'T', identifiers: { pmid: '123' } });
  assert.deepEqual(updated.identifiers, { doi: '10.1/abc', pmid: '123' });
  const frags: Fragment[] = [
    { id: 'fr_1', pageId: 'pg_1', text: 'one', locator: { paragraph: 0, headingPath: ['H'] }, quotable: true },
    { id: 'fr_2', pageId: 'pg_1', text: 'two', locator: { paragraph: 1 }, quotable: false },
  ];
  store.insertFragments(frags);
  store.insertFragments(frags);
  assert.deepEqual(
    store.listFragments('pg_1').map((f) => f.text),
    ['one', 'two'],
  );
  assert.deepEqual(
    store.listTaskFragments('task_1').map((f) => f.id),
    ['fr_1', 'fr_2'],
  );
  assert.deepEqual(store.getFragment('fr_1')?.locator, { paragraph: 0, headingPath: ['H'] });
});

backendTest('claims merge conditions and slots; edges are unique per endpoints', (b) => {
  const store = b.open();
  store.createTask(task);
  const claim: Claim = {
    id: 'clm_1',
    taskId: 'task_1',
    statement: 'X causes Y',
    slots: { subject: 'X' },
    decisionRelevance: 'high',
    conditions: ['adults'],
    createdAt: now,
  };
  store.upsertClaim(claim);
  const merged = store.upsertClaim({ ...claim, slots: { subject: 'other', object: 'Y' }, conditions: ['adults', 'in 2020'] });
  assert.deepEqual(merged.conditions, ['adults', 'in 2020']);
  assert.deepEqual(merged.slots, { subject: 'X', object: 'Y' });
  assert.equal(store.updateClaim('task_1', 'clm_1', { status: 'VERIFIED', confidence: 0.8 }).status, 'VERIFIED');
  const edge = {
    id: 'e_1',
    taskId: 'task_1',
    kind: 'supports' as const,
    fragmentId: 'fr_1',
    claimId: 'clm_1',
    confidence: 0.9,
    judge: modelJudge('embedded'),
    createdAt: now,
  };
  assert.equal(store.insertEdge(edge), true);
  assert.equal(store.insertEdge({ ...edge, id: 'e_2', kind: 'refutes' }), false);
  store.replaceEdge({ ...edge, kind: 'refutes' });
  assert.deepEqual(
    store.listEdges('task_1').map((e) => e.kind),
    ['refutes'],
  );
  const c1 = {
    id: 'e_3',
    taskId: 'task_1',
    kind: 'contradicts' as const,
    claimId: 'clm_a',
    otherClaimId: 'clm_b',
    contradictionType: 'contested' as const,
    trustLevel: 'ACADEMIC' as const,
    otherTrustLevel: 'ACADEMIC' as const,
    createdAt: now,
  };
  assert.equal(store.insertEdge(c1), true);
  assert.equal(store.insertEdge({ ...c1, id: 'e_4', claimId: 'clm_b', otherClaimId: 'clm_a' }), false, 'a contradiction is symmetric');
  assert.equal(store.listEdges('task_1', 'contradicts').length, 1);
});

backendTest('a stance edge stored before its judge was a field is read with the judge its model name meant', (b) => {
  const store = b.open();
  store.createTask(task);
  const old = { taskId: 'task_1', kind: 'supports' as const, claimId: 'clm_1', confidence: 0.9, createdAt: now };
  // As an older Lyra wrote them: the name only.
  for (const [id, model] of [
    ['e_o', 'origin'],
    ['e_c', 'embedded+cal2'],
    ['e_f', 'feedback:ana'],
  ] as const)
    store.insertEdge({ ...old, id, fragmentId: `fr_${id}`, model } as unknown as Edge);
  const judges = Object.fromEntries(store.listEdges('task_1').map((e) => [e.id, e.kind === 'supports' ? e.judge : undefined]));
  assert.deepEqual(judges, {
    e_o: { by: 'origin' },
    e_c: { by: 'model', backend: 'embedded', calibration: 2 },
    e_f: { by: 'feedback', author: 'ana' },
  });
  assert.deepEqual((store.getEdge('e_c') as StanceEdge).judge, { by: 'model', backend: 'embedded', calibration: 2 });
  // New edges carry the fields and the name written from them.
  store.insertEdge({ ...old, id: 'e_n', fragmentId: 'fr_n', ...judgeFields(modelJudge('nli', 4)) });
  assert.equal((store.getEdge('e_n') as StanceEdge).model, 'nli+cal4');
});

backendTest('domain states, checkpoints and the auth queue', (b) => {
  const store = b.open();
  const state: DomainState = {
    domain: 'bad.example',
    trustLevel: 'BLOCKED',
    origin: 'verification',
    originalTrustLevel: 'UNVERIFIED',
    blockedAt: now,
    reason: 'Contradiction with pubmed.ncbi.nlm.nih.gov',
    causingClaimIds: ['clm_1'],
    acceptedCount: 0,
    rejectedCount: 2,
    canRestore: true,
    restoreVia: 'domains.yaml user_overrides',
    updatedAt: now,
  };
  store.upsertDomainState(state);
  store.upsertDomainState({ ...state, domain: 'ok.example', trustLevel: 'LOW', origin: 'verification' });
  assert.deepEqual(store.listDomainStates({ blockedOnly: true }), [state]);
  assert.equal(store.listDomainStates().length, 2);
  store.saveCheckpoint('task_1', 'phase:1', { done: [1, 2] });
  store.saveCheckpoint('task_1', 'phase:1', { done: [1, 2, 3] });
  assert.deepEqual(store.loadCheckpoint('task_1', 'phase:1')?.payload, { done: [1, 2, 3] });
  const item = {
    id: 'au_1',
    taskId: 'task_1',
    url: 'https://x.example/p',
    domain: 'x.example',
    kind: 'captcha' as const,
    status: 'pending' as const,
    createdAt: now,
  };
  store.enqueueAuth(item);
  store.enqueueAuth({ ...item, id: 'au_2' });
  assert.equal(store.listAuth({ status: 'pending' }).length, 1, 'one pending item per task and URL');
  store.updateAuthStatus('au_1', 'skipped');
  assert.deepEqual(store.listAuth({ status: 'pending' }), []);
  assert.throws(() => store.updateAuthStatus('au_9', 'resolved'), /no auth queue item au_9/);
});

test('migration 4: a failed query written by an older Lyra gets its error as data, split from "category: message" once', () => {
  const { path, cleanup } = tempDb();
  const db = new Database(path);
  try {
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    for (const m of MIGRATIONS.filter((x) => x.version <= 3)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, now);
    }
    db.prepare(`INSERT INTO tasks (id, question, status, budget_json, created_at) VALUES ('task_1', 'q', 'running', '{}', ?)`).run(now);
    const insert = db.prepare(`INSERT INTO queries (id, task_id, seq, text, mode, origin, status, attempts, last_error, metrics_json, created_at)
      VALUES (?, 'task_1', ?, 'q', 'normal', 'client', ?, 1, ?, '{}', ?)`);
    insert.run('q_old', 1, 'failed', 'non_retryable: provider corpus: no corpus named x', now);
    insert.run('q_odd', 2, 'failed', 'something broke', now);
    insert.run('q_wait', 3, 'pending', 'pending: page budget used', now);
  } finally {
    db.close();
  }
  const store = openStore({ path });
  try {
    assert.deepEqual(store.getQuery('q_old')?.error, { category: 'non_retryable', code: 'query_failed', message: 'provider corpus: no corpus named x' });
    assert.deepEqual(store.getQuery('q_odd')?.error, { category: 'retryable', code: 'query_failed', message: 'something broke' });
    assert.equal(store.getQuery('q_wait')?.error, undefined);
    assert.equal(store.getQuery('q_wait')?.lastError, 'pending: page budget used');
  } finally {
    store.close();
    cleanup();
  }
});

backendTest('a failed transaction leaves nothing behind; reopening applies no migration twice', (b) => {
  let store = b.open();
  store.createTask(task);
  assert.throws(() =>
    store.transaction(() => {
      store.upsertPage(page('pg_1', 'https://example.org/a'));
      throw new Error('boom');
    }),
  );
  assert.deepEqual(store.listPages('task_1'), []);
  store.close();
  store = b.open();
  assert.equal(store.getTask('task_1')?.question, task.question);
  if (b.backend === 'sqlite') assert.equal((store as ReturnType<typeof openStore>).integrityCheck(), 'ok');
});

backendTest('domain contributions are replaced per task and summed per domain', (b) => {
  const store = b.open();
  store.replaceDomainContributions('t1', [{ domain: 'a.example', accepted: 2, rejected: 1, causingClaimIds: ['clm_1'] }]);
  store.replaceDomainContributions('t2', [
    { domain: 'a.example', accepted: 1, rejected: 1, causingClaimIds: ['clm_2', 'clm_1'] },
    { domain: 'b.example', accepted: 3, rejected: 0, causingClaimIds: [] },
  ]);
  store.replaceDomainContributions('t1', [{ domain: 'a.example', accepted: 2, rejected: 1, causingClaimIds: ['clm_1'] }]);
  assert.deepEqual(store.domainContributionTotals('a.example'), [{ domain: 'a.example', accepted: 3, rejected: 2, causingClaimIds: ['clm_1', 'clm_2'] }]);
  assert.equal(store.domainContributionTotals().length, 2);
  store.replaceDomainContributions('t2', []);
  assert.deepEqual(
    store.domainContributionTotals().map((d) => [d.domain, d.accepted]),
    [['a.example', 2]],
  );
});
