// Unit-length word vectors (a vocabulary subset of GloVe 100d, shipped int8-quantized in the weights file).

export class WordVectors {
  readonly dimensions: number;
  private readonly index: Map<string, number>;
  private readonly data: Float32Array;

  constructor(options: { words: readonly string[]; data: Float32Array; dimensions: number }) {
    this.dimensions = options.dimensions;
    this.data = options.data;
    this.index = new Map(options.words.map((w, i) => [w, i]));
  }

  get size(): number {
    return this.index.size;
  }

  /** The unit vector of `word`, or undefined when it is not in the vocabulary. */
  get(word: string): Float32Array | undefined {
    const i = this.index.get(word);
    if (i === undefined) return undefined;
    return this.data.subarray(i * this.dimensions, (i + 1) * this.dimensions);
  }
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Quantizes unit vectors to int8 (value × 127); the error on cosines is below 0.01. */
export function quantizeVectors(data: Float32Array): Int8Array {
  const out = new Int8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = Math.max(-127, Math.min(127, Math.round(data[i]! * 127)));
  return out;
}

/** Inverse of quantizeVectors, re-normalizing each row to unit length. */
export function dequantizeVectors(q: Int8Array, dimensions: number): Float32Array {
  const out = new Float32Array(q.length);
  for (let row = 0; row < q.length / dimensions; row++) {
    let norm = 0;
    for (let j = 0; j < dimensions; j++) norm += q[row * dimensions + j]! ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let j = 0; j < dimensions; j++) out[row * dimensions + j] = q[row * dimensions + j]! * scale;
  }
  return out;
}

/**
 * A fixed pseudo-random unit vector for a word outside the vocabulary (hashed from the word), so that
 * the same unknown word ("remdesivir", "SARS-CoV-2") on both sides gets the same vector and can align.
 */
export function oovVector(word: string, dimensions: number): Float32Array {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  const out = new Float32Array(dimensions);
  let norm = 0;
  for (let d = 0; d < dimensions; d++) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) + d;
    h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
    const v = ((h >>> 0) / 4294967296) * 2 - 1;
    out[d] = v;
    norm += v * v;
  }
  const s = 1 / Math.sqrt(norm || 1);
  for (let d = 0; d < dimensions; d++) out[d]! *= s;
  return out;
}
