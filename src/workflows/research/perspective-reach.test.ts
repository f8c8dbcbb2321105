import assert from 'node:assert/strict';
import { test } from 'node:test';
import { perspectiveReach } from './perspective-reach.js';
import type { SearchEntry } from './state.js';

function entry(key: string, perspective: SearchEntry['perspective'], sourcePageIds: string[] | undefined, status: SearchEntry['status'] = 'done'): SearchEntry {
  return {
    key,
    phase: 'wide',
    genre: perspective ?? 'topic',
    ...(perspective ? { perspective } : {}),
    text: key,
    language: 'en',
    refute: false,
    kind: 'search',
    status,
    newPageIds: [],
    newClaimIds: [],
    touchedClaimIds: [],
    ...(sourcePageIds ? { sourcePageIds } : {}),
  };
}

test('a claim is reached by the perspective that found it first and by every perspective whose searches returned its page again', () => {
  const state = {
    entries: [
      entry('wide:technology:en:0', 'technology', ['p1', 'p2']),
      entry('wide:risks:en:0', 'risks', ['p2', 'p3']),
      entry('wide:academic:en:0', 'academic', ['p2']),
      // A failed search and a search of no perspective (the topic, a refutation) reach nothing.
      entry('wide:outlook:en:0', 'outlook', ['p2'], 'failed'),
      entry('verify:c9:negation', undefined, ['p2']),
    ],
    foundBy: { c1: 'wide:technology:en:0', c2: 'wide:technology:en:0', c3: 'wide:risks:en:0' },
  };
  const reach = perspectiveReach(state, [
    { id: 'c1', origins: [{ pageId: 'p1' }] },
    { id: 'c2', origins: [{ pageId: 'p2' }] },
    { id: 'c3', origins: [{ pageId: 'p3' }] },
  ]);
  assert.deepEqual(reach('c1'), ['technology']);
  assert.deepEqual(reach('c2'), ['technology', 'risks', 'academic']);
  assert.deepEqual(reach('c3'), ['risks']);
  assert.deepEqual(reach('unknown'), []);
});

test('a run stored before searches recorded their pages counts each claim for its first finder only', () => {
  const state = {
    entries: [entry('wide:risks:en:0', 'risks', undefined), entry('wide:academic:en:0', 'academic', undefined)],
    foundBy: { c1: 'wide:risks:en:0' },
  };
  const reach = perspectiveReach(state, [{ id: 'c1', origins: [{ pageId: 'p1' }] }]);
  assert.deepEqual(reach('c1'), ['risks']);
});
