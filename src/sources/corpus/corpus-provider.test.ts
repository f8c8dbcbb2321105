// The corpus provider's hybrid ranking over a real SQLite store: Japanese queries never reach the
// encoder. (The real shipped encoder re-ordering BM25's pool: app/corpus/hybrid-search.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EmbeddingModel } from '../../core/index.js';
import { PESTICIDE_CORPUS, withPesticideCorpus } from '../../test-support/pesticide-corpus.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../store/index.js';
import { createCorpusSearchProvider, ingestCorpus } from './index.js';

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

test('hybrid corpus search reads a long document in passages: a finding past what the encoder reads of the lead still counts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-passages-'));
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    const filler = Array.from({ length: 12 }, (_, i) => `Hive inspection ${i} recorded the weather, the brood and the stores of the honeybee colony.`).join(
      ' ',
    );
    const docs = [
      { id: 'report', title: 'Pesticide report', text: 'Pesticide sales rose. Pesticide prices and pesticide imports are listed; honeybees get a footnote.' },
      { id: 'diary', title: 'Apiary diary', text: `${filler} Clothianidin dust from sowing killed the foragers of three colonies near the maize field.` },
    ];
    writeFileSync(join(dir, 'docs.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n'));
    await ingestCorpus({
      store,
      extractor: { extract: () => Promise.reject(new Error('no extraction for JSONL')) },
      name: 'apiary',
      paths: [join(dir, 'docs.jsonl')],
    });
    // An encoder that, like the real one, reads only the opening of a text (here its first 80 characters)
    // and puts texts naming clothianidin nearest the query. The diary names it in its last sentence only:
    // past the lead's opening, at the start of the diary's last passage.
    const opening: EmbeddingModel = {
      name: 'opening',
      dimensions: 2,
      embed: (texts) => Promise.resolve(texts.map((t) => Float32Array.from(t.startsWith('Do ') || /clothianidin/i.test(t.slice(0, 80)) ? [1, 0] : [0, 1]))),
    };
    const query = { query: 'Do pesticides harm honeybees?', limit: 2 };
    const bm25 = await createCorpusSearchProvider({ store, corpus: 'apiary' }).search(query);
    const leadOnly = await createCorpusSearchProvider({ store, corpus: 'apiary', dense: { encoder: opening, passages: false } }).search(query);
    const hybrid = createCorpusSearchProvider({ store, corpus: 'apiary', dense: { encoder: opening } });
    const passages = await hybrid.search(query);
    assert.deepEqual(
      bm25.map((h) => h.id),
      ['report', 'diary'],
    );
    assert.deepEqual(
      leadOnly.map((h) => h.id),
      ['report', 'diary'],
    );
    assert.deepEqual(
      passages.map((h) => h.id),
      ['diary', 'report'],
    );
    // The provider keeps each document's passages cut; a document whose text changed is cut again.
    assert.deepEqual(
      (await hybrid.search(query)).map((h) => [h.id, h.score]),
      passages.map((h) => [h.id, h.score]),
    );
    const changed = docs.map((d) => (d.id === 'diary' ? { ...d, text: d.text.replace('Clothianidin dust from sowing', 'A late frost') } : d));
    writeFileSync(join(dir, 'docs.jsonl'), changed.map((d) => JSON.stringify(d)).join('\n'));
    await ingestCorpus({
      store,
      extractor: { extract: () => Promise.reject(new Error('no extraction for JSONL')) },
      name: 'apiary',
      paths: [join(dir, 'docs.jsonl')],
    });
    assert.deepEqual(
      (await hybrid.search(query)).map((h) => h.id),
      ['report', 'diary'],
    );
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
