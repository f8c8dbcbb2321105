// The corpus provider's hybrid ranking over a real SQLite store: Japanese queries never reach the
// encoder. (The real shipped encoder re-ordering BM25's pool: app/corpus/hybrid-search.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EmbeddingModel } from '../../core/index.js';
import { PESTICIDE_CORPUS, withPesticideCorpus } from '../../test-support/pesticide-corpus.js';
import { createCorpusSearchProvider } from './index.js';

test('hybrid corpus search: a Japanese query keeps BM25 order and never reaches the English encoder; limit cuts the fused ranking, not BM25’s', async () => {
  await withPesticideCorpus(async (store) => {
    const refusing: EmbeddingModel = {
      name: 'refusing',
      dimensions: 1,
      embed: () => Promise.reject(new Error('the encoder must not read a Japanese query')),
    };
    // Both Japanese documents match, so only the language guard keeps the encoder from re-ordering them.
    const hits = await createCorpusSearchProvider({ store, corpus: PESTICIDE_CORPUS, dense: { encoder: refusing } }).search({
      query: 'ミツバチ 農薬',
      limit: 5,
    });
    const words = await createCorpusSearchProvider({ store, corpus: PESTICIDE_CORPUS }).search({ query: 'ミツバチ 農薬', limit: 5 });
    assert.equal(hits.length, 2);
    assert.deepEqual(
      hits.map((h) => [h.id, h.score]),
      words.map((h) => [h.id, h.score]),
    );
    // An encoder that puts the imidacloprid study (BM25's third) nearest the query: it reaches the top two,
    // so the cut to `limit` comes after fusing, not before.
    const fieldFirst: EmbeddingModel = {
      name: 'fixed',
      dimensions: 2,
      embed: (texts) => Promise.resolve(texts.map((t) => Float32Array.from(t.startsWith('Field') || t.startsWith('Do ') ? [1, 0] : [0, 1]))),
    };
    const bm25 = await createCorpusSearchProvider({ store, corpus: PESTICIDE_CORPUS }).search({ query: 'Do pesticides harm honeybees?', limit: 3 });
    assert.deepEqual(
      bm25.map((h) => h.id),
      ['market', 'varroa', 'field'],
    );
    const top = await createCorpusSearchProvider({ store, corpus: PESTICIDE_CORPUS, dense: { encoder: fieldFirst } }).search({
      query: 'Do pesticides harm honeybees?',
      limit: 2,
    });
    assert.deepEqual(
      top.map((h) => h.id),
      ['field', 'market'],
    );
  });
});
