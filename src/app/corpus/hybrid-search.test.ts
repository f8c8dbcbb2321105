// Corpus search's hybrid ranking with the real shipped retrieval encoder (models/minilm-retrieval-en) over a
// real SQLite store: BM25's pool re-ordered by meaning (sources/corpus/hybrid-rank.ts), and corpus.ranking choosing it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRetrievalEncoder } from '../../models/embedding/index.js';
import { createCorpusSearchProvider } from '../../sources/index.js';
import { PESTICIDE_CORPUS, withPesticideCorpus } from '../../test-support/pesticide-corpus.js';
import { loadConfig } from '../config/index.js';
import { createRuntime } from '../runtime.js';

test('hybrid corpus search: the imidacloprid study, which says "honeybees" once, rises above the varroa note by meaning', async () => {
  await withPesticideCorpus(async (store) => {
    const query = { query: 'Do pesticides harm honeybees?', limit: 5 };
    const words = await createCorpusSearchProvider({ store, corpus: PESTICIDE_CORPUS }).search(query);
    assert.deepEqual(
      words.map((h) => h.id),
      ['market', 'varroa', 'field'],
    );
    const hybrid = await createCorpusSearchProvider({ store, corpus: PESTICIDE_CORPUS, dense: { encoder: createRetrievalEncoder() } }).search(query);
    assert.deepEqual(
      hybrid.map((h) => h.id),
      ['market', 'field', 'varroa'],
    );
    assert.deepEqual(
      hybrid.map((h) => h.rank),
      [1, 2, 3],
    );
    // The fused score replaces the word score: higher first.
    assert.ok(hybrid[0]!.score >= hybrid[1]!.score && hybrid[1]!.score >= hybrid[2]!.score);
    // Weight 0: the words alone decide again.
    const none = await createCorpusSearchProvider({ store, corpus: PESTICIDE_CORPUS, dense: { encoder: createRetrievalEncoder(), weight: 0 } }).search(query);
    assert.deepEqual(
      none.map((h) => h.id),
      ['market', 'varroa', 'field'],
    );
  });
});

test('corpus.ranking: hybrid (the default) builds the shipped retrieval encoder for corpus search; bm25 builds none', async () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-ranking-'));
  try {
    const runtime = createRuntime(loadConfig({ env: { LYRA_HOME: home }, cwd: home }));
    assert.equal(runtime.retrievalEncoder()?.name, createRetrievalEncoder().name);
    await runtime.close();
    writeFileSync(join(home, 'bm25.yaml'), 'corpus:\n  ranking: bm25\n');
    const bm25 = createRuntime(loadConfig({ env: { LYRA_HOME: home }, cwd: home, configPath: join(home, 'bm25.yaml') }));
    assert.equal(bm25.retrievalEncoder(), undefined);
    await bm25.close();
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('the runtime builds the retrieval encoder once, on first use; an override of null means BM25 alone; close() closes it', async () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-ranking-'));
  try {
    const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
    assert.equal(createRuntime(config, { retrievalEncoder: null }).retrievalEncoder(), undefined);
    const runtime = createRuntime(config);
    const encoder = runtime.retrievalEncoder();
    assert.ok(encoder);
    assert.equal(runtime.retrievalEncoder(), encoder);
    await runtime.close();
    // Closed with the runtime: its vector cache (the SQLite file) no longer answers.
    await assert.rejects(encoder.embed(['closed']));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
