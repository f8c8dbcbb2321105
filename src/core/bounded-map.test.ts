import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setNewest } from './bounded-map.js';

test('setNewest: the key becomes the newest; past the bound the oldest go', () => {
  const m = new Map<string, number>();
  setNewest(m, 'a', 1, 2);
  setNewest(m, 'b', 2, 2);
  setNewest(m, 'a', 3, 2); // refreshed: b is now the oldest
  setNewest(m, 'c', 4, 2);
  assert.deepEqual(
    [...m],
    [
      ['a', 3],
      ['c', 4],
    ],
  );
});
