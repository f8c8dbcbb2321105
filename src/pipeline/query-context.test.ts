import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spentLimits } from './query-context.js';

const task = { pages: [3, 41], queries: [42, 151], seconds: [2.4, 225] } as const;

test('a budget warning names the limit that ran out: the query’s own page limit, not the task’s', () => {
  assert.deepEqual(spentLimits({ task, queryPages: [3, 3] }), { text: "spent: this query's pages, 3 of 3", limits: ['query_pages'] });
  assert.deepEqual(spentLimits({ task: { ...task, pages: [41, 41] }, queryPages: [2, 3] }), {
    text: "spent: the task's pages, 41 of 41",
    limits: ['task_pages'],
  });
});

test('every spent limit is named; with none spent (time ran out inside a phase) the task’s use is given', () => {
  assert.deepEqual(spentLimits({ task: { pages: [41, 41], queries: [151, 151], seconds: [230.4, 225] } }), {
    text: "spent: the task's pages, 41 of 41; the task's queries, 151 of 151; the task's seconds, 230 of 225",
    limits: ['task_pages', 'task_queries', 'task_seconds'],
  });
  assert.deepEqual(spentLimits({ task }), { text: 'used: pages 3, queries 42, seconds 2', limits: [] });
});
