// Embedding vectors shipped beside a built-in corpus, written by `npm run build:example-vectors`:
// vectors.json + vectors.f32, the default embedding model's vector of every fragment the pipeline cuts
// from the corpus's documents, and lead-vectors.json + lead-vectors.f32, the retrieval encoder's
// (models/minilm-retrieval-en) vector of each document's lead (what the hybrid corpus search reads), so a run on the example corpus does not
// compute them again. Optional: a corpus without the files has none; files that are there but do not agree are an
// error naming them, never a silent fallback.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { NonRetryableError } from '../../core/index.js';
import { createStaticVectors, type StaticVectors } from '../../models/index.js';
import { BUILTIN_CORPORA_DIR, listBuiltinCorpora } from './builtin-corpora.js';
import { readJsonFile } from '../json-file.js';

export interface BuiltinVectorsFiles {
  manifest: string;
  vectors: string;
}
/** The default embedding model's vectors of the pipeline's fragments. */
export const BUILTIN_VECTORS_FILES: BuiltinVectorsFiles = { manifest: 'vectors.json', vectors: 'vectors.f32' };
/** The retrieval encoder's vectors of each document's lead (corpus search's hybrid ranking, corpus.ranking). */
export const BUILTIN_LEAD_VECTORS_FILES: BuiltinVectorsFiles = { manifest: 'lead-vectors.json', vectors: 'lead-vectors.f32' };

const manifestSchema = z
  .strictObject({
    /** The embedding model's name (the shipped encoder's, `transformers:minilm-en:q8`): only that model's lookups are answered. */
    model: z.string().min(1),
    dimensions: z.number().int().min(1).max(4096),
    count: z.number().int().min(0),
    format: z.literal('float32le'),
    key: z.string(),
    /**
     * Characters per text: pipeline.corpus_fragment_chars the fragments were cut with, or the lead's length
     * (store CORPUS_LEAD_CHARS). Another setting makes other texts, found by none.
     */
    fragment_chars: z.number().int().min(1),
    built_by: z.string(),
    hashes: z.array(z.string().regex(/^[0-9a-f]{64}$/)),
  })
  .refine((m) => m.hashes.length === m.count, 'hashes must hold count entries');
export type BuiltinVectorsManifest = z.infer<typeof manifestSchema>;

function invalid(path: string, why: string): NonRetryableError {
  return new NonRetryableError(`built-in corpus vectors ${path}: ${why} (rebuild with npm run build:example-vectors)`, {
    code: 'builtin_vectors_invalid',
    details: { file: path },
  });
}

/** One set of vectors of a built-in corpus folder, or undefined when it ships none. */
export function readBuiltinVectors(corpusDir: string, files: BuiltinVectorsFiles = BUILTIN_VECTORS_FILES): StaticVectors | undefined {
  const manifestPath = join(corpusDir, files.manifest);
  if (!existsSync(manifestPath)) return undefined;
  const m = readJsonFile(manifestPath, manifestSchema, (p) => invalid(manifestPath, p.kind === 'unreadable' ? `unreadable: ${p.why}` : p.why));
  const vectorsPath = join(corpusDir, files.vectors);
  let bytes: Buffer;
  try {
    bytes = readFileSync(vectorsPath);
  } catch (cause) {
    throw invalid(vectorsPath, `unreadable: ${(cause as Error).message}`);
  }
  const expected = m.count * m.dimensions * 4;
  if (bytes.byteLength !== expected) throw invalid(vectorsPath, `${bytes.byteLength} bytes, expected ${expected} (${m.count} × ${m.dimensions} float32)`);
  // Copied into an aligned buffer: a Buffer from readFileSync may start at any offset of its pool.
  const vectors = new Float32Array(m.count * m.dimensions);
  new Uint8Array(vectors.buffer).set(bytes);
  return createStaticVectors({ model: m.model, dimensions: m.dimensions, hashes: m.hashes, vectors });
}

/** The vectors (one set of `files`) of every built-in corpus that ships them. */
export function loadBuiltinVectors(dir = BUILTIN_CORPORA_DIR, files: BuiltinVectorsFiles = BUILTIN_VECTORS_FILES): StaticVectors[] {
  return listBuiltinCorpora(dir).flatMap((c) => {
    const v = readBuiltinVectors(dirname(c.files[0]!), files);
    return v ? [v] : [];
  });
}
