// Feedback, calibration samples and calibration versions on both backends (a real SQLite file, a real PostgreSQL database).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CalibrationSample, FeedbackRecord } from '../core/index.js';
import { backendTest } from '../test-support/store-backends.js';
import { SCHEMA_VERSION } from './index.js';

const record = (id: string, label: FeedbackRecord['label'], at: string): FeedbackRecord => ({
  id,
  taskId: 'task_1',
  kind: 'edge_stance',
  targetId: 'edg_1',
  label,
  author: 'alice',
  reason: 'the passage says the opposite',
  createdAt: at,
  changes: [{ edgeId: 'edg_1', claimId: 'clm_1', fragmentId: 'frg_1', from: 'supports', to: label ?? 'neutral', model: 'embedded', confidence: 0.8 }],
});
const sample = (feedbackId: string, label: CalibrationSample['label'], at: string): CalibrationSample => ({
  edgeId: 'edg_1',
  taskId: 'task_1',
  feedbackId,
  backend: 'embedded',
  predicted: 'supports',
  confidence: 0.8,
  label,
  createdAt: at,
});

test('schema version 3 holds the feedback tables', () => {
  assert.ok(SCHEMA_VERSION >= 3);
});

backendTest('feedback round-trips; a later label for the same edge replaces the sample but keeps the backend judgement', (b) => {
  {
    const store = b.open();
    store.insertFeedback(record('fb_1', 'refutes', '2026-01-01T00:00:00.000Z'), [sample('fb_1', 'refutes', '2026-01-01T00:00:00.000Z')]);
    store.insertFeedback(record('fb_2', 'neutral', '2026-01-02T00:00:00.000Z'), [
      { ...sample('fb_2', 'neutral', '2026-01-02T00:00:00.000Z'), predicted: 'refutes', confidence: 1 },
    ]);
    assert.deepEqual(
      store.listFeedback({ taskId: 'task_1' }).map((f) => [f.id, f.label, f.author]),
      [
        ['fb_1', 'refutes', 'alice'],
        ['fb_2', 'neutral', 'alice'],
      ],
    );
    assert.equal(store.listFeedback({ targetId: 'nope' }).length, 0);
    assert.deepEqual(store.listFeedback({ targetId: 'edg_1' })[0]!.changes[0], record('fb_1', 'refutes', '').changes[0]);
    const samples = store.listCalibrationSamples({ backend: 'embedded' });
    assert.equal(samples.length, 1);
    assert.deepEqual([samples[0]!.label, samples[0]!.predicted, samples[0]!.confidence, samples[0]!.feedbackId], ['neutral', 'supports', 0.8, 'fb_2']);
    assert.equal(store.getCalibrationSample('edg_1')?.label, 'neutral');
  }
});

backendTest('calibration versions number per backend, the newest is active, rollback to an earlier one or to none', (b) => {
  {
    const store = b.open();
    const base = {
      backend: 'embedded',
      method: 'platt' as const,
      samples: 40,
      metrics: { brierBefore: 0.3, brierAfter: 0.2, eceBefore: 0.2, eceAfter: 0.05 },
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    assert.equal(store.getActiveCalibration('embedded'), undefined);
    assert.equal(store.addCalibration({ ...base, params: { a: 0.5, b: 0.1 } }).version, 1);
    assert.equal(store.addCalibration({ ...base, params: { a: 0.7, b: 0 } }).version, 2);
    assert.equal(store.addCalibration({ ...base, backend: 'llm:x', params: { a: 1, b: 0 } }).version, 1);
    assert.equal(store.getActiveCalibration('embedded')?.version, 2);
    store.setActiveCalibration('embedded', 1);
    assert.deepEqual(store.getActiveCalibration('embedded')?.params, { a: 0.5, b: 0.1 });
    store.setActiveCalibration('embedded', 0);
    assert.equal(store.getActiveCalibration('embedded'), undefined);
    assert.throws(() => store.setActiveCalibration('embedded', 9), /no calibration version 9/);
    assert.deepEqual(
      store.listCalibrations('embedded').map((v) => v.version),
      [1, 2],
    );
    assert.equal(store.listCalibrations().length, 3);
  }
});
