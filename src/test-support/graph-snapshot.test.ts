// The crash and worker comparisons: scores equal within SCORE_TOLERANCE (a resumed run judges its pairs
// in other batches, and the model's output moves in the 7th digit), everything else exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertSameMap, SCORE_TOLERANCE, type SnapshotValue } from './graph-snapshot.js';

const edges = (confidence: number, text = 'supports embedded'): Map<string, SnapshotValue> => new Map([['stance:a>b', { text, scores: [confidence] }]]);

test('scores within the tolerance are the same; beyond it, or another label, they differ', () => {
  assert.doesNotThrow(() => assertSameMap(edges(0.342413), edges(0.342412), 'edges'));
  assert.throws(() => assertSameMap(edges(0.342412 + 2 * SCORE_TOLERANCE), edges(0.342412), 'edges'), /1 different/);
  assert.throws(() => assertSameMap(edges(0.5, 'refutes embedded'), edges(0.5), 'edges'), /supports embedded 0\.500000 → refutes embedded 0\.500000/);
  assert.throws(() => assertSameMap(new Map(), edges(0.5), 'edges'), /1 missing/);
});
