import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTaskGraph } from '../materials/index.js';
import { buildCandidateIndex } from './candidates.js';
import { createGraphFixture } from './graph.fixture.js';

// Found trying a folder of one's own: a corpus document's title is stored as its first paragraph, and
// `lyra verify "One night without sleep reduces recall of words."` showed the heading "Sleep deprivation
// and memory: a randomised trial" as supporting evidence (0.78).
test("a page's own title is never a candidate passage; its other paragraphs, and the same words on another page, are", () => {
  const fx = createGraphFixture();
  try {
    const trial = fx.addPage({
      url: 'corpus://sleep/trial.md',
      title: 'Sleep deprivation and memory: a randomised trial',
      paragraphs: [
        'Sleep deprivation and memory: a randomised trial',
        'One night of total sleep deprivation reduced recall of a word list by 40% compared with a night of normal sleep.',
      ],
    });
    const other = fx.addPage({ url: 'corpus://sleep/other.md', title: 'Notes', paragraphs: ['Sleep deprivation and memory: a randomised trial.'] });
    const index = buildCandidateIndex(loadTaskGraph(fx.store, fx.taskId));
    const held = index.fragments.map((f) => `${f.pageId === trial.id ? 'trial' : f.pageId === other.id ? 'other' : '?'}: ${f.text}`).sort();
    assert.deepEqual(held, [
      'other: Sleep deprivation and memory: a randomised trial.',
      'trial: One night of total sleep deprivation reduced recall of a word list by 40% compared with a night of normal sleep.',
    ]);
  } finally {
    fx.close();
  }
});
