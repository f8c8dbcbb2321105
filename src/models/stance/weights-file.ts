// The shipped weights: one binary file.
//   bytes 0-7   magic "LYRASTM2"
//   bytes 8-11  uint32 LE: length N of the JSON header
//   bytes 12..  UTF-8 JSON header (WeightsHeader), then zero padding to a multiple of 4
//   then the sections listed in the header, each at its byte offset from the start of the data block.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { NonRetryableError } from '../../core/index.js';
import { HAND_FEATURES, tokenInputSize } from './features.js';
import { DENSE_TENSORS, NUM_CLASSES, tensorSizes, type NetworkParams } from './network.js';
import { dequantizeVectors, WordVectors } from './word-vectors.js';

const MAGIC = 'LYRASTM2';

const SectionSchema = z.object({
  name: z.string(),
  dtype: z.enum(['f32', 'i8']),
  offset: z.number().int().nonnegative(),
  length: z.number().int().nonnegative(),
});

const HeaderSchema = z.object({
  format: z.literal(2),
  embedDims: z.number().int().positive(),
  hidden: z.number().int().positive(),
  handSize: z.number().int().positive(),
  top: z.number().int().positive(),
  hashBuckets: z.number().int().positive(),
  /** Tokens per side the attention saw in training. */
  maxTokens: z.number().int().positive(),
  vectorDims: z.number().int().positive(),
  temperature: z.number().positive(),
  threshold: z.number().min(0).max(1),
  words: z.array(z.string()),
  antonyms: z.array(z.tuple([z.string(), z.string()])),
  sections: z.array(SectionSchema),
  /**
   * Further networks of an ensemble (same features and hash buckets; their tensors are the sections
   * named `<prefix><tensor>`). The judgement averages the logits of the main network and these.
   */
  members: z.array(z.object({ prefix: z.string().min(1), hidden: z.number().int().positive(), top: z.number().int().positive() })).optional(),
  /** Free-form training record (data, seed, scores) for the model card. */
  training: z.record(z.string(), z.unknown()).optional(),
});
export type WeightsHeader = z.infer<typeof HeaderSchema>;

export interface StanceWeights {
  /** The main network (the first member). */
  params: NetworkParams;
  /** Every network of the ensemble, the main one first (length 1 without an ensemble). */
  members: NetworkParams[];
  vectors: WordVectors;
  antonyms: Set<string>;
  temperature: number;
  threshold: number;
  maxTokens: number;
  header: WeightsHeader;
}

export interface EncodeInput {
  params: NetworkParams;
  /** Further ensemble members (same embedDims, handSize and hashBuckets as params). */
  ensemble?: NetworkParams[];
  words: string[];
  /** int8-quantized unit vectors, words.length × vectorDims. */
  vectors: Int8Array;
  vectorDims: number;
  antonyms: [string, string][];
  temperature: number;
  threshold: number;
  maxTokens: number;
  training?: Record<string, unknown>;
}

const F32_SECTIONS = ['handMean', 'handStd', ...DENSE_TENSORS, 'wide'] as const;

export function encodeWeights(input: EncodeInput): Buffer {
  const { params } = input;
  const extra = input.ensemble ?? [];
  for (const m of extra) {
    if (m.embedDims !== params.embedDims || m.handSize !== params.handSize || m.hashBuckets !== params.hashBuckets) {
      throw new Error('ensemble members must share embedDims, handSize and hashBuckets');
    }
  }
  const tensorBlocks = (p: NetworkParams, prefix: string): { name: string; dtype: 'f32'; bytes: Uint8Array }[] =>
    F32_SECTIONS.map((name) => ({ name: `${prefix}${name}`, dtype: 'f32' as const, bytes: new Uint8Array(p[name].buffer, p[name].byteOffset, p[name].byteLength) }));
  const members = extra.map((m, i) => ({ prefix: `m${i + 1}.`, hidden: m.hidden, top: m.top }));
  const blocks: { name: string; dtype: 'f32' | 'i8'; bytes: Uint8Array }[] = [
    ...tensorBlocks(params, ''),
    ...extra.flatMap((m, i) => tensorBlocks(m, members[i]!.prefix)),
    { name: 'vectors', dtype: 'i8', bytes: new Uint8Array(input.vectors.buffer, input.vectors.byteOffset, input.vectors.byteLength) },
  ];
  let offset = 0;
  const sections = blocks.map((b) => {
    const s = { name: b.name, dtype: b.dtype, offset, length: b.bytes.byteLength / (b.dtype === 'f32' ? 4 : 1) };
    offset += Math.ceil(b.bytes.byteLength / 4) * 4;
    return s;
  });
  const header: WeightsHeader = {
    format: 2, embedDims: params.embedDims, hidden: params.hidden, handSize: params.handSize, top: params.top,
    hashBuckets: params.hashBuckets, maxTokens: input.maxTokens, vectorDims: input.vectorDims, temperature: input.temperature, threshold: input.threshold,
    words: input.words, antonyms: input.antonyms, sections, ...(members.length ? { members } : {}), ...(input.training ? { training: input.training } : {}),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const headerEnd = Math.ceil((12 + json.length) / 4) * 4;
  const out = Buffer.alloc(headerEnd + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 8);
  json.copy(out, 12);
  blocks.forEach((b, i) => out.set(b.bytes, headerEnd + sections[i]!.offset));
  return out;
}

function corrupt(path: string, why: string, cause?: unknown): NonRetryableError {
  return new NonRetryableError(`stance weights file ${path} is corrupt: ${why}`, {
    code: 'model_weights_corrupt', details: { path }, ...(cause === undefined ? {} : { cause }),
  });
}

export function decodeWeights(bytes: Buffer, path: string): StanceWeights {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 8) !== MAGIC) throw corrupt(path, `missing magic ${MAGIC}`);
  const jsonLength = bytes.readUInt32LE(8);
  if (12 + jsonLength > bytes.length) throw corrupt(path, 'header longer than the file');
  let header: WeightsHeader;
  try {
    header = HeaderSchema.parse(JSON.parse(bytes.toString('utf8', 12, 12 + jsonLength)));
  } catch (error) {
    throw corrupt(path, 'unreadable header', error);
  }
  const base = Math.ceil((12 + jsonLength) / 4) * 4;
  const section = (name: string, dtype: 'f32' | 'i8', length: number): Float32Array | Int8Array => {
    const s = header.sections.find((x) => x.name === name);
    if (!s || s.dtype !== dtype || s.length !== length) throw corrupt(path, `section ${name} missing or of the wrong size`);
    const start = base + s.offset;
    const byteLength = s.length * (dtype === 'f32' ? 4 : 1);
    if (start + byteLength > bytes.length) throw corrupt(path, `section ${name} truncated`);
    const copy = new Uint8Array(bytes.subarray(start, start + byteLength)); // aligned copy
    return dtype === 'f32' ? new Float32Array(copy.buffer) : new Int8Array(copy.buffer);
  };
  const { embedDims, hidden, handSize, top, hashBuckets, vectorDims } = header;
  if (embedDims !== tokenInputSize(vectorDims) || handSize !== HAND_FEATURES.length) {
    throw corrupt(path, `made for other feature code (embedDims ${embedDims}, handSize ${handSize}; this code needs ${tokenInputSize(vectorDims)}, ${HAND_FEATURES.length})`);
  }
  const f32 = (name: string, length: number): Float32Array => section(name, 'f32', length) as Float32Array;
  const network = (prefix: string, hidden: number, top: number): NetworkParams => {
    const shape = { embedDims, hidden, handSize, top, hashBuckets };
    const sizes = tensorSizes(shape);
    const dense = Object.fromEntries(DENSE_TENSORS.map((name) => [name, f32(`${prefix}${name}`, sizes[name])])) as Record<(typeof DENSE_TENSORS)[number], Float32Array>;
    const p: NetworkParams = {
      ...shape, ...dense, handMean: f32(`${prefix}handMean`, handSize), handStd: f32(`${prefix}handStd`, handSize), wide: f32(`${prefix}wide`, hashBuckets * NUM_CLASSES),
    };
    for (const name of F32_SECTIONS) {
      if (p[name].some((v) => !Number.isFinite(v))) throw corrupt(path, `section ${prefix}${name} holds a non-finite number`);
    }
    return p;
  };
  const params = network('', hidden, top);
  const members = [params, ...(header.members ?? []).map((m) => network(m.prefix, m.hidden, m.top))];
  const q = section('vectors', 'i8', header.words.length * vectorDims) as Int8Array;
  const vectors = new WordVectors({ words: header.words, data: dequantizeVectors(q, vectorDims), dimensions: vectorDims });
  const antonyms = new Set<string>();
  for (const [a, b] of header.antonyms) {
    antonyms.add(`${a}|${b}`);
    antonyms.add(`${b}|${a}`);
  }
  return { params, members, vectors, antonyms, temperature: header.temperature, threshold: header.threshold, maxTokens: header.maxTokens, header };
}

export async function loadWeights(path: string, options: { signal?: AbortSignal } = {}): Promise<StanceWeights> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NonRetryableError(`cannot read stance weights file ${path}: ${(error as Error).message}`, {
      code: 'model_weights_missing', details: { path }, cause: error,
    });
  }
  return decodeWeights(bytes, path);
}
