import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EmbeddingModel, Fragment } from '../../core/index.js';
import { contentTerms, loadTaskGraph } from '../materials/index.js';
import { buildCandidateIndex, selectCandidates, type CandidateIndex } from './candidates.js';
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

test('the encoder re-ranks only the lexical shortlist: past K × shortlistFactor by words a fragment is never a candidate, within it meaning can lift it', async () => {
  // Fewer and fewer of the claim's words; the encoder reads the last one as the claim's meaning.
  const statement = 'Masks reduce influenza transmission.';
  const texts = ['Masks reduce influenza transmission, some argued.', 'Masks reduce influenza.', 'Masks cut flu spread among pupils.'];
  const fragments: Fragment[] = texts.map((text, i) => ({ id: `f${i}`, pageId: `p${i}`, text, locator: { paragraph: 0 }, quotable: true }));
  const postings = new Map<string, number[]>();
  fragments.forEach((f, i) => {
    for (const t of contentTerms(f.text)) postings.set(t, [...(postings.get(t) ?? []), i]);
  });
  const index: CandidateIndex = { fragments, postings, idf: () => 1 };
  const embedding: EmbeddingModel = {
    name: 'meaning-test',
    dimensions: 2,
    embed: async (ts) => ts.map((t) => Float32Array.from(t === statement || t.includes('pupils') ? [1, 0] : [0, 1])),
  };
  const requests = [{ claimId: 'c', statement, excludePages: new Set<string>(), k: 1 }];
  const pick = async (shortlistFactor?: number): Promise<string[]> =>
    ((await selectCandidates({ index, requests, minRelevance: 0, embedding, ...(shortlistFactor ? { shortlistFactor } : {}) })).get('c') ?? []).map(
      (c) => c.fragmentId,
    );
  assert.deepEqual(await pick(1), ['f0']);
  assert.deepEqual(await pick(2), ['f0']);
  assert.deepEqual(await pick(3), ['f2']);
  // The default, SHORTLIST_FACTOR (4), reaches it too.
  assert.deepEqual(await pick(), ['f2']);
});
