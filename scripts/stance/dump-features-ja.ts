// Step 1 of the Japanese model in `npm run train:stance`: the Japanese training pairs featurized by
// src/models/stance/ja-features.ts (the code that runs at inference), as flat arrays for
// train_stance.py --lang ja. Layout as dump-features.ts, except that tokens carry hashed n-gram ids
// (tok_ids.i32 [T × 3]) instead of vector rows, and label 3 means "not supports" (JaNLI's binary label).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { japaneseTrainingPairs } from '../../bench/lib/stance-data-ja.js';
import { splitFraction } from '../../bench/lib/stance-data.js';
import { JA_HAND_FEATURES, JA_IDS_PER_TOKEN, JA_TOKEN_FLAGS, jaPairFeatures, prepareJa, type JaPrepared } from '../../src/models/stance/ja-features.js';
import { sharedDataPath } from '../../src/test-support/shared-data.js';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: '.scratch-stance/ja' },
    'id-buckets': { type: 'string', default: String(1 << 15) },
    buckets: { type: 'string', default: String(1 << 16) },
  },
});
const started = Date.now();
const log = (msg: string): void => console.error(`[dump-ja ${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}`);
const LABEL = { supports: 0, refutes: 1, neutral: 2, not_supports: 3 } as const;
const WEIGHT: Record<string, number> = { jsick_train: 1.5, jamp_train: 0.7, 'jnli-neg_train': 1.5, janli_train: 0.5, jsem_test: 0.5 };

const pairs = japaneseTrainingPairs(sharedDataPath());
const idBuckets = Number(args['id-buckets']);
const hashBuckets = Number(args.buckets);
const cache = new Map<string, JaPrepared>();
const prep = (t: string): JaPrepared => {
  let p = cache.get(t);
  if (!p) cache.set(t, (p = prepareJa(t)));
  return p;
};
const F = JA_TOKEN_FLAGS.length;
const ids: number[] = [];
const flags: number[] = [];
const N = pairs.length;
const pairIdx = new Int32Array(N * 4);
const hand = new Float32Array(N * JA_HAND_FEATURES.length);
const sparse: number[] = [];
const sparseOff = new Int32Array(N + 1);
const label = new Int8Array(N);
const split = new Int8Array(N);
const weight = new Float32Array(N);
const source = new Int16Array(N);
const sources: string[] = [];
pairs.forEach((p, i) => {
  const x = jaPairFeatures(prep(p.claim), prep(p.passage), { idBuckets, hashBuckets });
  pairIdx[i * 4] = ids.length / JA_IDS_PER_TOKEN;
  pairIdx[i * 4 + 1] = x.m;
  ids.push(...x.aIds);
  flags.push(...x.aFlags);
  pairIdx[i * 4 + 2] = ids.length / JA_IDS_PER_TOKEN;
  pairIdx[i * 4 + 3] = x.n;
  ids.push(...x.bIds);
  flags.push(...x.bFlags);
  hand.set(x.hand, i * JA_HAND_FEATURES.length);
  for (const s of x.sparse) sparse.push(s);
  sparseOff[i + 1] = sparse.length;
  label[i] = LABEL[p.label];
  split[i] = splitFraction(p.group, 'ja-dev') < 0.1 ? 1 : 0;
  weight[i] = WEIGHT[p.source] ?? 1;
  let si = sources.indexOf(p.source);
  if (si < 0) si = sources.push(p.source) - 1;
  source[i] = si;
});
mkdirSync(args.out, { recursive: true });
const write = (name: string, a: ArrayBufferView): void => writeFileSync(join(args.out, name), new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
write('tok_ids.i32', Int32Array.from(ids));
write('tok_flags.i8', Int8Array.from(flags));
write('pairs.i32', pairIdx);
write('hand.f32', hand);
write('sparse.i32', Int32Array.from(sparse));
write('sparse_off.i32', sparseOff);
write('label.i8', label);
write('split.i8', split);
write('source.i16', source);
write('weight.f32', weight);
const counts = Object.fromEntries(sources.map((n, k) => [n, source.filter((s) => s === k).length]));
writeFileSync(
  join(args.out, 'meta.json'),
  JSON.stringify(
    {
      lang: 'ja',
      pairs: N,
      tokens: ids.length / JA_IDS_PER_TOKEN,
      idsPerToken: JA_IDS_PER_TOKEN,
      idBuckets,
      flags: JA_TOKEN_FLAGS,
      hand: JA_HAND_FEATURES,
      hashBuckets,
      sources,
      counts,
      weights: WEIGHT,
    },
    null,
    1,
  ),
);
log(
  `wrote ${args.out}: ${N} pairs (${split.filter((s) => s === 1).length} dev), ${ids.length / JA_IDS_PER_TOKEN} tokens; ${JSON.stringify(counts)}; flags per token ${F}`,
);
