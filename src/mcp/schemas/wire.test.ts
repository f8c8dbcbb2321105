import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { searchOutcomeSchema as coreSearchOutcome } from '../../core/index.js';
import { snakeKey } from '../naming.js';
import { searchOutcomeSchema } from './views.js';
import { wireObject } from './wire.js';

test("wireObject: keys snake_case in the view's order, objects loose at every depth, record keys left as data", () => {
  const view = z.object({
    taskId: z.string(),
    hasPrimarySource: z.boolean().optional(),
    nested: z.array(z.object({ pageId: z.string(), blocked_at: z.string().nullable() })),
    claimCounts: z.record(z.enum(['VERIFIED', 'PENDING']), z.number()),
  });
  const wire = wireObject(view);
  assert.deepEqual(Object.keys(wire.shape), ['task_id', 'has_primary_source', 'nested', 'claim_counts']);
  const value = { task_id: 't', nested: [{ page_id: 'p', blocked_at: null, extra: 1 }], claim_counts: { VERIFIED: 1, PENDING: 0 }, added_later: true };
  assert.deepEqual(wire.parse(value), value);
  assert.equal(wire.safeParse({ ...value, task_id: 1 }).success, false);
  assert.equal(wire.safeParse({ ...value, nested: [{ page_id: 'p' }] }).success, false, 'a nested required field stays required');
});

test("the search tool's output schema is the engine's SearchOutcome, field for field, but the unread pages the tool leaves out", () => {
  assert.deepEqual(
    Object.keys(searchOutcomeSchema.shape),
    Object.keys(coreSearchOutcome.shape)
      .filter((k) => k !== 'unread')
      .map(snakeKey),
  );
});
