// Feedback corrections, calibration samples, fitting, rollback and the calibrated stance model,
// against a real SQLite store holding a small graph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeOfModelName, judgeFields, modelJudge, modelNameOf } from '../../core/index.js';
import type { StanceEdge, StanceJudgement, StanceModel, Store } from '../../core/index.js';
import { openStore } from '../../store/index.js';
import { applyFeedback, rejectedClaims } from './feedback.js';
import { calibratedStanceModel, calibrationMetrics, fitStanceCalibration, rawConfidence, rollbackStanceCalibration } from './calibration.js';

const now = '2026-01-01T00:00:00.000Z';

function withGraph(fn: (store: Store) => void | Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-fb-'));
  const store = openStore({ path: join(dir, 'lyra.db') });
  store.createTask({
    id: 'task_1',
    question: 'q',
    status: 'running',
    budget: { maxPages: 10, maxQueries: 10, maxSeconds: 60 },
    priorityDomains: [],
    createdAt: now,
    configSnapshot: {},
  });
  store.createTask({
    id: 'task_2',
    question: 'other',
    status: 'running',
    budget: { maxPages: 10, maxQueries: 10, maxSeconds: 60 },
    priorityDomains: [],
    createdAt: now,
    configSnapshot: {},
  });
  for (const [id, url] of [
    ['pg_a', 'https://a.example/x'],
    ['pg_b', 'https://b.example/y'],
  ] as const) {
    store.upsertPage({
      id,
      taskId: 'task_1',
      url,
      domain: url.split('/')[2]!,
      sourceType: 'other',
      fetchStatus: 'fetched',
      authors: [],
      identifiers: {},
      abstractOnly: false,
      trustLevel: 'UNVERIFIED',
      createdAt: now,
    });
  }
  store.insertFragments([
    { id: 'frg_a', pageId: 'pg_a', text: 'Cats purr when content.', locator: { paragraph: 0 }, quotable: true },
    { id: 'frg_b', pageId: 'pg_b', text: 'Cats never purr.', locator: { paragraph: 0 }, quotable: true },
  ]);
  store.upsertClaim({
    id: 'clm_1',
    taskId: 'task_1',
    statement: 'Cats purr when content.',
    slots: {},
    decisionRelevance: 'high',
    conditions: [],
    createdAt: now,
  });
  const edge = (id: string, kind: StanceEdge['kind'], fragmentId: string, model: string, confidence: number): StanceEdge => ({
    id,
    taskId: 'task_1',
    kind,
    fragmentId,
    claimId: 'clm_1',
    confidence,
    judge: judgeOfModelName(model),
    model,
    createdAt: now,
  });
  store.insertEdge(edge('edg_origin', 'supports', 'frg_a', 'origin', 1));
  store.insertEdge(edge('edg_b', 'supports', 'frg_b', 'embedded', 0.9));
  const run = async (): Promise<void> => {
    try {
      await fn(store);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return run();
}

test('an edge stance correction replaces the edge, keeps the backend judgement as a sample and recomputes', () =>
  withGraph((store) => {
    const recomputed: string[] = [];
    const out = applyFeedback(
      { store, recompute: (t) => (recomputed.push(t), { claimCounts: { VERIFIED: 0 }, blocked: [], promoted: [] }) },
      {
        taskId: 'task_1',
        kind: 'edge_stance',
        targetId: 'edg_b',
        label: 'refutes',
        author: ' alice ',
        reason: 'the passage denies it',
      },
    );
    const edge = store.getEdge('edg_b') as StanceEdge;
    assert.deepEqual([edge.kind, edge.confidence, edge.model, edge.fragmentId], ['refutes', 1, 'feedback:alice', 'frg_b']);
    assert.deepEqual(
      out.feedback.changes.map((c) => [c.from, c.to, c.model, c.confidence]),
      [['supports', 'refutes', 'embedded', 0.9]],
    );
    assert.deepEqual([out.feedback.author, out.feedback.reason, out.samples], ['alice', 'the passage denies it', 1]);
    assert.deepEqual(recomputed, ['task_1']);
    // A second correction of the same edge relabels the sample; the backend's own judgement stays.
    applyFeedback({ store }, { taskId: 'task_1', kind: 'edge_stance', targetId: 'edg_b', label: 'neutral', author: 'bob', reason: 'off topic' });
    const [sample] = store.listCalibrationSamples({ backend: 'embedded' });
    assert.deepEqual([sample!.predicted, sample!.confidence, sample!.label], ['supports', 0.9, 'neutral']);
    assert.equal(store.listFeedback({ taskId: 'task_1' }).length, 2);
  }));

test('invalid corrections are invalid_input and change nothing', () =>
  withGraph((store) => {
    const base = { taskId: 'task_1', author: 'a', reason: 'r' };
    assert.throws(() => applyFeedback({ store }, { ...base, kind: 'edge_stance', targetId: 'edg_origin', label: 'refutes' }), /extracted from/);
    assert.throws(() => applyFeedback({ store }, { ...base, kind: 'edge_stance', targetId: 'edg_b' }), /needs label/);
    assert.throws(() => applyFeedback({ store }, { ...base, kind: 'edge_stance', targetId: 'edg_nope', label: 'neutral' }), /no edge edg_nope/);
    assert.throws(() => applyFeedback({ store }, { ...base, taskId: 'task_2', kind: 'edge_stance', targetId: 'edg_b', label: 'neutral' }), /no edge/);
    assert.throws(() => applyFeedback({ store }, { ...base, taskId: 'task_x', kind: 'claim_rejected', targetId: 'clm_1' }), /no task task_x/);
    assert.throws(() => applyFeedback({ store }, { ...base, kind: 'fragment_irrelevant', targetId: 'frg_zz' }), /no fragment/);
    assert.equal(store.listFeedback().length, 0);
    assert.equal((store.getEdge('edg_b') as StanceEdge).kind, 'supports');
  }));

test('an irrelevant fragment turns its judged edges neutral and names claims extracted from it; a rejected claim is recorded', () =>
  withGraph((store) => {
    const a = applyFeedback({ store }, { taskId: 'task_1', kind: 'fragment_irrelevant', targetId: 'frg_a', author: 'a', reason: 'boilerplate' });
    assert.deepEqual(a.originClaims, ['clm_1']);
    assert.equal(a.samples, 0);
    const b = applyFeedback({ store }, { taskId: 'task_1', kind: 'fragment_irrelevant', targetId: 'frg_b', author: 'a', reason: 'boilerplate' });
    assert.equal((store.getEdge('edg_b') as StanceEdge).kind, 'neutral');
    assert.equal(b.samples, 1);
    applyFeedback({ store }, { taskId: 'task_1', kind: 'claim_rejected', targetId: 'clm_1', author: 'carol', reason: 'not a claim' });
    assert.equal(rejectedClaims(store, 'task_1').get('clm_1')?.author, 'carol');
  }));

test('a restored claim is no longer rejected; restoring a claim that is not rejected is invalid input; both records stay', () =>
  withGraph((store) => {
    const base = { taskId: 'task_1', targetId: 'clm_1', author: 'dan' };
    assert.throws(
      () => applyFeedback({ store }, { ...base, kind: 'claim_restored', reason: 'r' }),
      (e: Error & { code?: string }) => e.code === 'claim_not_rejected',
    );
    applyFeedback({ store }, { ...base, kind: 'claim_rejected', reason: 'not a claim' });
    applyFeedback({ store }, { ...base, kind: 'claim_restored', reason: 'it is one after all' });
    assert.equal(rejectedClaims(store, 'task_1').has('clm_1'), false);
    applyFeedback({ store }, { ...base, kind: 'claim_rejected', reason: 'again' });
    assert.equal(rejectedClaims(store, 'task_1').get('clm_1')?.reason, 'again');
    assert.deepEqual(
      store.listFeedback({ taskId: 'task_1' }).map((f) => f.kind),
      ['claim_rejected', 'claim_restored', 'claim_rejected'],
    );
  }));

test('calibration: metrics from samples, fit activates a version, the wrapper applies it and names it, rollback restores', async () =>
  withGraph(async (store) => {
    // 40 edges judged 0.9 "supports" by embedded, of which people said 24 are right.
    for (let i = 0; i < 40; i++) {
      store.insertEdge({
        id: `edg_${i}`,
        taskId: 'task_1',
        kind: 'supports',
        fragmentId: `frg_${i}`,
        claimId: 'clm_1',
        confidence: 0.9,
        ...judgeFields(modelJudge('embedded')),
        createdAt: now,
      });
      applyFeedback(
        { store },
        { taskId: 'task_1', kind: 'edge_stance', targetId: `edg_${i}`, label: i < 24 ? 'supports' : 'neutral', author: 'a', reason: 'checked' },
      );
    }
    const [before] = calibrationMetrics({ store });
    assert.deepEqual([before!.backend, before!.samples, before!.accuracy], ['embedded', 40, 0.6]);
    assert.ok(Math.abs(before!.brier - (24 * 0.01 + 16 * 0.81) / 40) < 1e-6);
    assert.ok(Math.abs(before!.ece - 0.3) < 1e-6);
    const v1 = fitStanceCalibration({ store, backend: 'embedded', method: 'temperature' });
    assert.equal(v1.version, 1);
    assert.ok(v1.metrics.eceAfter < 0.05, JSON.stringify(v1.metrics));
    const [after] = calibrationMetrics({ store, backend: 'embedded' });
    assert.equal(after!.active?.version, 1);
    assert.ok(after!.active!.ece < before!.ece);

    const base: StanceModel = {
      name: 'embedded',
      judge: async (pairs) =>
        pairs.map(
          (): StanceJudgement => ({ stance: 'supports', confidence: 0.9, scores: { supports: 0.9, refutes: 0.05, neutral: 0.05 }, decisiveSentence: 's' }),
        ),
    };
    const model = calibratedStanceModel({ base: () => base, store });
    const [j] = await model.judge([{ claim: 'c', passage: 'p' }]);
    assert.equal(model.name, 'embedded+cal1');
    // The judge as fields: what edges store (the name above is written from it).
    assert.deepEqual(model.calibration, { backend: 'embedded', version: 1 });
    assert.ok(Math.abs(j!.confidence - 0.6) < 0.02, `calibrated ${j!.confidence}`);
    assert.ok(Math.abs(j!.scores.supports + j!.scores.refutes + j!.scores.neutral - 1) < 1e-9);
    assert.equal(j!.scores.refutes, j!.scores.neutral);
    // A sample from an edge judged under cal1 recovers the raw 0.9.
    assert.ok(Math.abs(rawConfidence(store, { backend: 'embedded', calibration: 1 }, j!.confidence).confidence - 0.9) < 1e-9);
    // Edges stored before the judge was a field are read by their name.
    assert.deepEqual(judgeOfModelName('transformers:Xenova/x+cal12'), { by: 'model', backend: 'transformers:Xenova/x', calibration: 12 });
    assert.deepEqual(judgeOfModelName('feedback:ana'), { by: 'feedback', author: 'ana' });
    assert.deepEqual(judgeOfModelName('origin'), { by: 'origin' });
    for (const j of [judgeOfModelName('embedded+cal3'), judgeOfModelName('feedback:ana'), judgeOfModelName('nli')])
      assert.deepEqual(judgeOfModelName(modelNameOf(j)), j);

    assert.deepEqual(rollbackStanceCalibration({ store, backend: 'embedded', version: 0 }), { backend: 'embedded', previous: 1, active: 0 });
    const [raw] = await model.judge([{ claim: 'c', passage: 'p' }]);
    assert.equal(raw!.confidence, 0.9);
    assert.equal(model.name, 'embedded');
    assert.throws(() => rollbackStanceCalibration({ store, backend: 'embedded', version: 7 }), /no version 7/);
  }));
