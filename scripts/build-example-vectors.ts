// Builds corpora/example/vectors.json + vectors.f32: the shipped encoder's (models/minilm-en, the default
// embedding model) vector of every fragment the pipeline makes of the example corpus's documents; and
// lead-vectors.json + lead-vectors.f32: the retrieval encoder's (models/minilm-retrieval-en) vector of each
// document's lead and of its passages (sources/corpus/passages.ts), which corpus search's hybrid ranking reads (docs/guide.md "Retrieval by meaning"). The graph phase embeds the
// fragments it shortlists for each claim; with these shipped, a run on the example corpus finds them
// beside its vector cache instead of computing them. The fragments are made exactly as the pipeline makes them: the corpus is indexed into an
// in-memory store and each stored document is cut by textFragments with the default
// pipeline.corpus_fragment_chars. Keys are the SHA-256 of the fragment text (the vector cache's key),
// so a fragment the pipeline cuts differently is simply not found and is embedded as before.
//   npm run build:example-vectors
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentHash, type EmbeddingModel } from '../src/core/index.js';
import { BUILTIN_CORPORA_DIR, ensureBuiltinCorpus } from '../src/app/index.js';
import { createRetrievalEncoder, createShippedEncoder } from '../src/models/embedding/index.js';
import { PIPELINE_DEFAULTS, textFragments } from '../src/pipeline/index.js';
import { documentPassages } from '../src/sources/index.js';
import { CORPUS_LEAD_CHARS, corpusLead, corpusPassageText, openStore } from '../src/store/index.js';
import { BUILTIN_LEAD_VECTORS_FILES, BUILTIN_VECTORS_FILES, type BuiltinVectorsFiles, type BuiltinVectorsManifest } from '../src/app/corpus/builtin-vectors.js';

const NAME = 'example';
const dir = join(BUILTIN_CORPORA_DIR, NAME);
const store = openStore({ path: ':memory:' });
await ensureBuiltinCorpus({ store, name: NAME });
const ids = readFileSync(join(dir, 'documents.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => (JSON.parse(l) as { id: string }).id);
const texts: string[] = [];
const leads: string[] = [];
const passages: string[] = [];
const seen = new Set<string>();
for (const id of ids) {
  const doc = store.getCorpusDocument(NAME, id);
  if (!doc) throw new Error(`build-example-vectors: document ${id} was not indexed`);
  leads.push(corpusLead(doc.title, doc.text));
  // Cut from the text a search hit carries, as corpus search cuts them.
  passages.push(...documentPassages(doc.title, corpusPassageText(doc.text)));
  for (const f of textFragments('page', doc.text, PIPELINE_DEFAULTS.corpusFragmentChars).slice(0, PIPELINE_DEFAULTS.maxFragmentsPerPage)) {
    if (seen.has(f.text)) continue;
    seen.add(f.text);
    texts.push(f.text);
  }
}
store.close();

const CHUNK = 256;

/** Embeds `texts` with `model` in chunks (progress on stderr) and writes them as one vector set beside the corpus. */
async function writeVectorSet(options: {
  model: EmbeddingModel;
  texts: string[];
  /** What the texts are, for the progress lines ("fragments", "document leads"). */
  label: string;
  key: string;
  chars: number;
  files: BuiltinVectorsFiles;
}): Promise<void> {
  const { model, texts, label, files } = options;
  const dims = model.dimensions;
  const vectors = new Float32Array(texts.length * dims);
  const t0 = Date.now();
  for (let k = 0; k < texts.length; k += CHUNK) {
    const got = await model.embed(texts.slice(k, k + CHUNK));
    got.forEach((v, j) => vectors.set(v, (k + j) * dims));
    process.stderr.write(`\rbuild-example-vectors: ${Math.min(k + CHUNK, texts.length)}/${texts.length} ${label}, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  process.stderr.write('\n');
  const manifest: BuiltinVectorsManifest = {
    model: model.name,
    dimensions: dims,
    count: texts.length,
    format: 'float32le',
    key: options.key,
    fragment_chars: options.chars,
    built_by: 'npm run build:example-vectors',
    hashes: texts.map(contentHash),
  };
  writeFileSync(join(dir, files.manifest), `${JSON.stringify(manifest)}\n`);
  writeFileSync(join(dir, files.vectors), Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength));
  console.log(
    `build-example-vectors: ${texts.length} ${label} of ${ids.length} documents → ${dir}/${files.vectors} (${(vectors.byteLength / 1e6).toFixed(1)} MB, ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
}

await writeVectorSet({
  model: createShippedEncoder(),
  texts,
  label: 'fragments',
  key: 'sha256 of the fragment text',
  chars: PIPELINE_DEFAULTS.corpusFragmentChars,
  files: BUILTIN_VECTORS_FILES,
});
// The retrieval encoder's vector of each document's lead, then of its passages, as corpus search's hybrid
// ranking reads them (one set: the same encoder, looked up by text).
await writeVectorSet({
  model: createRetrievalEncoder(),
  texts: [...new Set([...leads, ...passages])],
  label: 'document leads and passages',
  key: 'sha256 of the document lead (its title and the opening of its text, store corpusLead) or of a passage (sources/corpus/passages.ts)',
  chars: CORPUS_LEAD_CHARS,
  files: BUILTIN_LEAD_VECTORS_FILES,
});
