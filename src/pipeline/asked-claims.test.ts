import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAskedStatement, splitAskedClaims } from './asked-claims.js';

const claims = [{ statement: 'Varroa mites harm honey bees.' }, { statement: 'Meeting notes, 3 March.' }, { statement: 'varroa  mites harm honey bees' }];

test('a verify task counts the statement it asks (case, spacing and end punctuation aside); the rest are side claims', () => {
  const split = splitAskedClaims({ kind: 'verify', question: 'Varroa mites harm honey bees!' }, claims);
  assert.deepEqual(split.counted, [claims[0], claims[2]]);
  assert.deepEqual(split.side, [claims[1]]);
  assert.ok(isAskedStatement('「ミツバチ」は減った。', '「ミツバチ」は減った'));
});

test('a research task, or one stored before kinds (no kind), has no side claims even when its question reads as a claim', () => {
  for (const kind of ['research', undefined] as const) {
    const split = splitAskedClaims({ kind, question: 'Varroa mites harm honey bees.' }, claims);
    assert.deepEqual(split, { counted: claims, side: [] });
  }
});
