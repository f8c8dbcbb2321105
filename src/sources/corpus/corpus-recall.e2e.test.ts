// Check-COVID's 347 abstracts as a corpus, each of its 1,068 train claims as a query: the gold abstract
// must stay in the top 5 as often as measured (a long run: `npm run test:e2e`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { TextExtractor } from '../../core/index.js';
import { openStore } from '../../store/index.js';
import { sharedDataPath, skipUnlessShared } from '../../test-support/shared-data.js';
import { createCorpusSearchProvider, ingestCorpus } from './index.js';

/** JSONL files never reach the extractor; a call is a test failure. */
const noExtractor: TextExtractor = { extract: () => Promise.reject(new Error('extractor must not be called for JSONL')) };

// The target is 80 %. BM25 alone measures 74.1 % here; re-ranking its top 50 by tf-idf with
// a softened length norm measures 75.5 % (dev 67.1 -> 70.5 %; plain cosine reached 76.1 % but buried
// long articles). Lexical variants (title weights, k1/b, RM3, Rocchio, trigram and passage fusion,
// prefix stems, LSA fusion) and USE-lite dense fusion stayed within 73-78 % (figures in the commit
// log). This floor guards against regressions of the measured figure.
const RECALL_FLOOR = 0.75;

test('Check-COVID: the gold abstract is in the top 5 for most train claims', { skip: skipUnlessShared('check-covid/corpus.json') }, async () => {
  const store = openStore({ path: ':memory:' });
  try {
    const report = await ingestCorpus({ store, extractor: noExtractor, name: 'check-covid', paths: [sharedDataPath('check-covid/corpus.json')] });
    assert.equal(report.inserted, 347);
    const claims = readFileSync(sharedDataPath('check-covid/train/covidCheck_train_composed+extracted.json'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { claim: string; cord_id: string });
    const provider = createCorpusSearchProvider({ store, corpus: 'check-covid' });
    let found = 0;
    for (const c of claims) {
      const hits = await provider.search({ query: c.claim, limit: 5 });
      if (hits.some((h) => h.id === c.cord_id)) found++;
    }
    const recall = found / claims.length;
    console.log(`check-covid train: gold abstract in top 5 for ${found}/${claims.length} claims (${(recall * 100).toFixed(1)}%)`);
    assert.ok(recall >= RECALL_FLOOR, `recall@5 ${recall}`);
  } finally {
    store.close();
  }
});
