// The example corpus's shipped fragment vectors (corpora/example/vectors.*): they must be the vectors the
// embedding model computes for the fragments the pipeline cuts today; a change to the corpus ingest, the
// fragmenter or the model makes these tests fail until `npm run build:example-vectors` is run again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLyraError } from '../../core/index.js';
import { createEmbeddingModel, createRetrievalEncoder, createShippedEncoder } from '../../models/index.js';
import { PIPELINE_DEFAULTS, textFragments } from '../../pipeline/index.js';
import { documentPassages } from '../../sources/index.js';
import { corpusLead, corpusPassageText, openStore } from '../../store/index.js';
import { BUILTIN_CORPORA_DIR, ensureBuiltinCorpus } from '../index.js';
import { BUILTIN_LEAD_VECTORS_FILES, BUILTIN_VECTORS_FILES, loadBuiltinVectors, readBuiltinVectors } from './builtin-vectors.js';

const EXAMPLE_DIR = join(BUILTIN_CORPORA_DIR, 'example');

test('every fragment the pipeline cuts from the example corpus has its shipped vector, within 1e-4 of what the shipped encoder computes now', async () => {
  const shipped = readBuiltinVectors(EXAMPLE_DIR);
  assert.ok(shipped);
  const encoder = createShippedEncoder();
  assert.deepEqual([shipped.model, shipped.dimensions], [encoder.name, 384]);
  const store = openStore({ path: ':memory:' });
  try {
    await ensureBuiltinCorpus({ store, name: 'example' });
    const texts: string[] = [];
    for (const id of ['Coral_bleaching', 'Great_Barrier_Reef', 'Sea_level_rise', 'Global_warming'])
      texts.push(...textFragments('page', store.getCorpusDocument('example', id)!.text, PIPELINE_DEFAULTS.corpusFragmentChars).map((f) => f.text));
    assert.ok(texts.length > 50, `fragments of four articles: ${texts.length}`);
    const missing = texts.filter((t) => !shipped.get(t));
    assert.deepEqual(missing, [], 'fragments without a shipped vector: the corpus or the fragmenter changed');
    const sample = [texts[0]!, texts[texts.length - 1]!];
    const live = await encoder.embed(sample);
    sample.forEach((t, i) => {
      const diff = Math.max(...[...shipped.get(t)!].map((x, k) => Math.abs(x - live[i]![k]!)));
      assert.ok(diff < 1e-4, `shipped vector of “${t.slice(0, 40)}…” is off by ${diff}`);
    });
  } finally {
    store.close();
  }
  assert.deepEqual(
    loadBuiltinVectors().map((v) => v.size),
    [shipped.size],
  );
});

test('every example document has its shipped lead and passage vectors, within 1e-4 of what the retrieval encoder computes now', async () => {
  const shipped = readBuiltinVectors(EXAMPLE_DIR, BUILTIN_LEAD_VECTORS_FILES);
  assert.ok(shipped);
  const encoder = createRetrievalEncoder();
  assert.deepEqual([shipped.model, shipped.dimensions], [encoder.name, 384]);
  const store = openStore({ path: ':memory:' });
  try {
    await ensureBuiltinCorpus({ store, name: 'example' });
    const docs = ['Coral_bleaching', 'Great_Barrier_Reef', 'Sea_level_rise'].map((id) => store.getCorpusDocument('example', id)!);
    const leads = docs.map((doc) => corpusLead(doc.title, doc.text));
    // A search hit carries the opening of the text; its passages are cut from that.
    const passages = docs.flatMap((doc) => documentPassages(doc.title, corpusPassageText(doc.text)));
    assert.ok(passages.length > 0, 'these documents are longer than one passage');
    // Each of the 1,344 documents has its lead; the documents longer than one passage add theirs.
    assert.ok(shipped.size > 1344, `${shipped.size} vectors`);
    const texts = [...leads, ...passages];
    assert.deepEqual(
      texts.filter((t) => !shipped.get(t)),
      [],
      'texts without a shipped vector: the corpus, the lead or the passages changed',
    );
    const live = await encoder.embed(texts);
    texts.forEach((t, i) => {
      const diff = Math.max(...[...shipped.get(t)!].map((x, k) => Math.abs(x - live[i]![k]!)));
      assert.ok(diff < 1e-4, `shipped vector of “${t.slice(0, 40)}…” is off by ${diff}`);
    });
  } finally {
    store.close();
  }
});

test('vector files that do not agree are an error naming them; a corpus folder without them has none', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-vectors-'));
  try {
    const corpus = join(dir, 'c');
    mkdirSync(corpus);
    assert.equal(readBuiltinVectors(corpus), undefined);
    copyFileSync(join(EXAMPLE_DIR, BUILTIN_VECTORS_FILES.manifest), join(corpus, BUILTIN_VECTORS_FILES.manifest));
    writeFileSync(join(corpus, BUILTIN_VECTORS_FILES.vectors), Buffer.alloc(12));
    assert.throws(
      () => readBuiltinVectors(corpus),
      (e: unknown) => isLyraError(e) && e.code === 'builtin_vectors_invalid' && e.message.includes(join(corpus, 'vectors.f32')) && /12 bytes/.test(e.message),
    );
    writeFileSync(join(corpus, BUILTIN_VECTORS_FILES.manifest), '{"model":"use-lite"}');
    assert.throws(
      () => readBuiltinVectors(corpus),
      (e: unknown) => isLyraError(e) && e.code === 'builtin_vectors_invalid' && /dimensions/.test(e.message),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the embedding model answers a shipped fragment from the shipped vectors, before computing it', async () => {
  // A static vector no model would compute: getting it back shows the lookup came first.
  const model = createEmbeddingModel({
    staticVectors: () => [
      {
        model: createShippedEncoder().name,
        dimensions: 384,
        size: 1,
        get: (t: string) => (t === 'a shipped fragment' ? new Float32Array(384).fill(0.5) : undefined),
      },
    ],
  });
  const [v] = await model.embed(['a shipped fragment']);
  assert.deepEqual([...v!].slice(0, 3), [0.5, 0.5, 0.5]);
  model.close();
});
