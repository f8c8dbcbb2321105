import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queriesUpTo } from './task-queue.js';

test('queriesUpTo: the recorded queries up to and including the one named, none for an unknown one', () => {
  const queries = [{ id: 'q1' }, { id: 'q2' }, { id: 'q3' }];
  assert.deepEqual(
    queriesUpTo(queries, 'q2').map((q) => q.id),
    ['q1', 'q2'],
  );
  assert.deepEqual(
    queriesUpTo(queries, 'q3').map((q) => q.id),
    ['q1', 'q2', 'q3'],
  );
  assert.deepEqual(queriesUpTo(queries, 'q9'), []);
});
