import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spentLimits } from './query-context.js';

const task = { pages: [3, 41], queries: [42, 151], seconds: [2.4, 225] } as const;

test('a budget warning names the limit that ran out: the query’s own page limit, not the task’s', () => {
  assert.equal(spentLimits({ task, queryPages: [3, 3] }), "spent: this query's pages, 3 of 3");
  assert.equal(spentLimits({ task: { ...task, pages: [41, 41] }, queryPages: [2, 3] }), "spent: the task's pages, 41 of 41");
});

test('every spent limit is named; with none spent (time ran out inside a phase) the task’s use is given', () => {
  assert.equal(
    spentLimits({ task: { pages: [41, 41], queries: [151, 151], seconds: [230.4, 225] } }),
    "spent: the task's pages, 41 of 41; the task's queries, 151 of 151; the task's seconds, 230 of 225",
  );
  assert.equal(spentLimits({ task }), 'used: pages 3, queries 42, seconds 2');
});
