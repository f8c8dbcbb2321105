// Step 1 of `npm run train:stance`: the English training pairs, featurized by the very code that
// runs at inference (src/models/stance/features.ts), written as flat binary arrays for the PyTorch
// trainer (train_stance.py). Features live in one place: Python never re-implements tokenization,
// negation scope or alignment flags, it reads them.
//
// Output folder (--out): meta.json (counts, sources, shapes) and
//   vectors.f32   [V × dims] row 0 = zeros (numbers), then the vocabulary, then out-of-vocabulary words
//   tok_ids.i32   [T] vector row of each attention token (claim tokens, then sentence tokens, per pair)
//   tok_flags.i8  [T × flags] the token flags (features.ts TOKEN_FLAGS)
//   pairs.i32     [N × 4] claim token start, claim length, sentence token start, sentence length
//   hand.f32      [N × hand] hand features (features.ts HAND_FEATURES)
//   sparse.i32    [S] hashed sparse feature ids; sparse_off.i32 [N + 1]
//   label.i8, split.i8 (0 train, 1 dev), source.i16, weight.f32 [N]
// Also vocab.json (the vocabulary and antonyms the runtime needs), written next to the model later.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { englishPools } from '../../bench/lib/stance-pools.js';
import { loadVectorSubset, loadWordNetAntonyms } from '../../bench/lib/stance-resources.js';
import type { Stance } from '../../src/core/index.js';
import {
  CURATED_ANTONYMS,
  dequantizeVectors,
  HAND_FEATURES,
  pairFeatures,
  prepareText,
  quantizeVectors,
  TOKEN_FLAGS,
  tokenize,
  WordVectors,
  type FeatureResources,
  type PreparedText,
} from '../../src/models/stance/index.js';
import { oovVector } from '../../src/models/stance/word-vectors.js';
import { sharedDataPath } from '../../src/test-support/shared-data.js';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: '.scratch-stance/en' },
    vocab: { type: 'string', default: '100000' },
    buckets: { type: 'string', default: String(1 << 18) },
    quick: { type: 'boolean', default: false },
  },
});
const started = Date.now();
const log = (msg: string): void => console.error(`[dump ${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);
const LABEL_INDEX: Record<Stance, number> = { supports: 0, refutes: 1, neutral: 2 };

const root = sharedDataPath();
const pools = englishPools(root);
const rows = [...pools.train.map((p) => ({ ...p, split: 0 })), ...pools.dev.map((p) => ({ ...p, weight: 1, split: 1 }))].filter(
  (_, i) => !args.quick || i % 10 === 0,
);
log(`train ${pools.train.length}, dev ${pools.dev.length}, tune ${pools.tune.length} pairs${args.quick ? ' (quick: every 10th)' : ''}`);

// Vocabulary: the most frequent words plus every training word (never words seen only in evaluation).
const trainVocab = new Set<string>();
for (const p of pools.train) for (const t of tokenize(`${p.claim} ${p.passage}`)) trainVocab.add(t.word);
const subset = loadVectorSubset({ top: Number(args.vocab), extra: trainVocab });
const quantized = quantizeVectors(subset.data);
const vectors = new WordVectors({ words: subset.words, data: dequantizeVectors(quantized, subset.dims), dimensions: subset.dims });
const antonymPairs: [string, string][] = [...loadWordNetAntonyms(), ...CURATED_ANTONYMS.map(([a, b]) => [a, b] as [string, string])];
const antonyms = new Set<string>();
for (const [a, b] of antonymPairs) antonyms.add(`${a}|${b}`).add(`${b}|${a}`);
const resources: FeatureResources = { vectors, antonyms, hashBuckets: Number(args.buckets) };
const dims = subset.dims;
const E = dims + TOKEN_FLAGS.length;
log(`vocabulary ${subset.words.length} words, ${antonymPairs.length} antonym pairs`);

// Vector rows: 0 = zeros, 1..V = vocabulary, then each out-of-vocabulary word once.
const wordRow = new Map(subset.words.map((w, i) => [w, i + 1]));
const oovRows = new Map<string, number>();
const oovData: Float32Array[] = [];
const rowOf = (t: PreparedText, ti: number): number => {
  const token = t.tokens[ti]!;
  if (token.value !== undefined) return 0;
  if (t.vectors[ti]) return wordRow.get(token.word)!;
  let r = oovRows.get(token.word);
  if (r === undefined) {
    r = subset.words.length + 1 + oovData.length;
    oovRows.set(token.word, r);
    oovData.push(oovVector(token.word, dims));
  }
  return r;
};

const prepared = new Map<string, PreparedText>();
const prep = (text: string): PreparedText => {
  let p = prepared.get(text);
  if (!p) {
    p = prepareText(text, resources);
    prepared.set(text, p);
  }
  return p;
};

const tokIds: number[] = [];
const tokFlags: number[] = [];
const pairs = new Int32Array(rows.length * 4);
const hand = new Float32Array(rows.length * HAND_FEATURES.length);
const sparse: number[] = [];
const sparseOff = new Int32Array(rows.length + 1);
const label = new Int8Array(rows.length);
const split = new Int8Array(rows.length);
const weight = new Float32Array(rows.length);
const sourceNames: string[] = [];
const source = new Int16Array(rows.length);

const pushSide = (t: PreparedText, x: Float32Array, count: number): void => {
  for (let r = 0; r < count; r++) {
    const ti = t.attention[r];
    tokIds.push(ti === undefined ? 0 : rowOf(t, ti));
    for (let f = 0; f < TOKEN_FLAGS.length; f++) tokFlags.push(Math.round(x[r * E + dims + f]!));
  }
};

rows.forEach((p, i) => {
  const h = prep(p.claim);
  const s = prep(p.passage);
  const x = pairFeatures(h, s, resources);
  pairs[i * 4] = tokIds.length;
  pairs[i * 4 + 1] = x.m;
  pushSide(h, x.a, x.m);
  pairs[i * 4 + 2] = tokIds.length;
  pairs[i * 4 + 3] = x.n;
  pushSide(s, x.b, x.n);
  hand.set(x.hand, i * HAND_FEATURES.length);
  for (const id of x.sparse) sparse.push(id);
  sparseOff[i + 1] = sparse.length;
  label[i] = LABEL_INDEX[p.label];
  split[i] = p.split;
  weight[i] = p.weight;
  let si = sourceNames.indexOf(p.source);
  if (si < 0) si = sourceNames.push(p.source) - 1;
  source[i] = si;
  if (i % 20000 === 0) {
    log(`${i}/${rows.length} pairs featurized`);
    if (prepared.size > 200_000) prepared.clear();
  }
});

mkdirSync(args.out, { recursive: true });
const write = (name: string, a: ArrayBufferView): void => writeFileSync(join(args.out, name), new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
const table = new Float32Array((1 + subset.words.length + oovData.length) * dims);
table.set(dequantizeVectors(quantized, dims), dims);
oovData.forEach((v, k) => table.set(v, (1 + subset.words.length + k) * dims));
write('vectors.f32', table);
write('tok_ids.i32', Int32Array.from(tokIds));
write('tok_flags.i8', Int8Array.from(tokFlags));
write('pairs.i32', pairs);
write('hand.f32', hand);
write('sparse.i32', Int32Array.from(sparse));
write('sparse_off.i32', sparseOff);
write('label.i8', label);
write('split.i8', split);
write('source.i16', source);
write('weight.f32', weight);
const counts = Object.fromEntries(sourceNames.map((n, k) => [n, source.filter((s, i) => s === k && split[i] === 0).length]));
writeFileSync(
  join(args.out, 'meta.json'),
  JSON.stringify(
    {
      pairs: rows.length,
      tokens: tokIds.length,
      dims,
      flags: TOKEN_FLAGS,
      vectorScale: 4,
      hand: HAND_FEATURES,
      hashBuckets: Number(args.buckets),
      vocabulary: subset.words.length,
      oov: oovData.length,
      sources: sourceNames,
      trainCounts: counts,
      labels: {
        train: [0, 1, 2].map((l) => label.filter((x, i) => x === l && split[i] === 0).length),
        dev: [0, 1, 2].map((l) => label.filter((x, i) => x === l && split[i] === 1).length),
      },
    },
    null,
    1,
  ),
);
writeFileSync(join(args.out, 'vocab.json'), JSON.stringify({ words: subset.words, antonyms: antonymPairs }));
writeFileSync(join(args.out, 'vocab.i8'), new Uint8Array(quantized.buffer, quantized.byteOffset, quantized.byteLength));
log(`wrote ${args.out}: ${rows.length} pairs, ${tokIds.length} tokens, ${oovData.length} OOV words, train sources ${JSON.stringify(counts)}`);
