// The English featurizer's resources, shipped beside the ONNX network: the word vectors (a GloVe 100d
// vocabulary subset, int8) and the antonym pairs.
//   bytes 0-7   magic "LYRAVEC1"
//   bytes 8-11  uint32 LE: length N of the JSON header ({dims, hashBuckets, words, antonyms})
//   bytes 12..  UTF-8 JSON header, zero padding to a multiple of 4, then words.length × dims int8 values
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { NonRetryableError } from '../../core/index.js';
import type { FeatureResources } from './features.js';
import { dequantizeVectors, WordVectors } from './word-vectors.js';

const MAGIC = 'LYRAVEC1';

const HeaderSchema = z.object({
  dims: z.number().int().positive(),
  hashBuckets: z.number().int().positive(),
  words: z.array(z.string()),
  antonyms: z.array(z.tuple([z.string(), z.string()])),
});
export type VectorsHeader = z.infer<typeof HeaderSchema>;

export function encodeVectorsFile(header: VectorsHeader, quantized: Int8Array): Buffer {
  if (quantized.length !== header.words.length * header.dims) throw new Error('vectors: data size does not match words × dims');
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const start = Math.ceil((12 + json.length) / 4) * 4;
  const out = Buffer.alloc(start + quantized.length);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 8);
  json.copy(out, 12);
  out.set(new Uint8Array(quantized.buffer, quantized.byteOffset, quantized.byteLength), start);
  return out;
}

export function decodeVectorsFile(bytes: Buffer, path: string): FeatureResources {
  const corrupt = (why: string, cause?: unknown): NonRetryableError =>
    new NonRetryableError(`stance vectors file ${path} is corrupt: ${why}`, {
      code: 'model_weights_corrupt',
      details: { path },
      ...(cause === undefined ? {} : { cause }),
    });
  if (bytes.length < 12 || bytes.toString('latin1', 0, 8) !== MAGIC) throw corrupt(`missing magic ${MAGIC}`);
  const n = bytes.readUInt32LE(8);
  if (12 + n > bytes.length) throw corrupt('header longer than the file');
  let header: VectorsHeader;
  try {
    header = HeaderSchema.parse(JSON.parse(bytes.toString('utf8', 12, 12 + n)));
  } catch (error) {
    throw corrupt('unreadable header', error);
  }
  const start = Math.ceil((12 + n) / 4) * 4;
  const length = header.words.length * header.dims;
  if (start + length !== bytes.length) throw corrupt(`expected ${length} vector bytes after the header, found ${bytes.length - start}`);
  const q = new Int8Array(bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + start + length));
  const vectors = new WordVectors({ words: header.words, data: dequantizeVectors(q, header.dims), dimensions: header.dims });
  const antonyms = new Set<string>();
  for (const [a, b] of header.antonyms) antonyms.add(`${a}|${b}`).add(`${b}|${a}`);
  return { vectors, antonyms, hashBuckets: header.hashBuckets };
}

export async function loadVectorsFile(path: string, options: { signal?: AbortSignal } = {}): Promise<FeatureResources> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NonRetryableError(`cannot read stance vectors file ${path}: ${(error as Error).message}`, {
      code: 'model_weights_missing',
      details: { path },
      cause: error,
    });
  }
  return decodeVectorsFile(bytes, path);
}
