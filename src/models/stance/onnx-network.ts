// The trained stance networks (scripts/stance/train_stance.py, exported to ONNX) run by onnxruntime-node
// on the CPU. Inputs are the featurizers' own rows (features.ts for English, ja-features.ts for
// Japanese), padded per batch; masks keep padding from changing any real token, so a pair's logits do
// not depend on the batch it is in.
import { existsSync } from 'node:fs';
import type * as OrtModule from 'onnxruntime-node';
import { NonRetryableError, throwIfAborted } from '../../core/index.js';
import type { JaPairInput } from './ja-features.js';
import type { PairInput } from './features.js';

type Ort = typeof OrtModule;
type Session = Awaited<ReturnType<Ort['InferenceSession']['create']>>;
type Tensor = InstanceType<Ort['Tensor']>;

let runtime: Promise<Ort> | undefined;

/** onnxruntime-node, loaded on first use (a native addon: commands that judge nothing never load it). */
export function loadOnnxRuntime(): Promise<Ort> {
  runtime ??= import('onnxruntime-node').catch((cause: unknown) => {
    runtime = undefined;
    throw new NonRetryableError(`cannot load onnxruntime-node: ${(cause as Error).message}`, { code: 'model_runtime_missing', cause });
  });
  return runtime;
}

export interface OnnxNetwork<X> {
  /** Raw logits [supports, refutes, neutral] of each input, in order. */
  logits(inputs: readonly X[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
}

interface Shape {
  m: number;
  n: number;
  sparse: Uint32Array;
  hand: Float32Array;
}

/** Tensors of one batch. */
type Feeds<X> = (ort: Ort, batch: readonly X[], dims: { B: number; M: number; N: number; S: number }) => Record<string, Tensor>;

function openNetwork<X extends Shape>(options: { path: string; batchSize?: number }, feeds: Feeds<X>): OnnxNetwork<X> {
  const { path } = options;
  const batchSize = options.batchSize ?? 64;
  let session: Promise<{ ort: Ort; session: Session }> | undefined;
  const open = (): Promise<{ ort: Ort; session: Session }> => {
    session ??= (async () => {
      const ort = await loadOnnxRuntime();
      try {
        // One thread: the pipeline already runs work side by side, and a second thread mostly spins.
        const s = await ort.InferenceSession.create(path, { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
        return { ort, session: s };
      } catch (cause) {
        const exists = existsSync(path);
        throw new NonRetryableError(`${exists ? 'stance network file is corrupt' : 'stance network file missing'}: ${path}: ${(cause as Error).message}`, {
          code: exists ? 'model_weights_corrupt' : 'model_weights_missing',
          details: { path },
          cause,
        });
      }
    })().catch((error: unknown) => {
      session = undefined;
      throw error;
    });
    return session;
  };
  return {
    async logits(inputs, callOptions = {}) {
      const { signal } = callOptions;
      if (inputs.length === 0) return [];
      const { ort, session: s } = await open();
      // Similar lengths together: less padding (the result of a pair never depends on its batch).
      const order = inputs.map((_, i) => i).sort((i, j) => inputs[i]!.m + inputs[i]!.n - (inputs[j]!.m + inputs[j]!.n) || i - j);
      const out: Float32Array[] = new Array(inputs.length);
      for (let k = 0; k < order.length; k += batchSize) {
        throwIfAborted(signal);
        const idx = order.slice(k, k + batchSize);
        const batch = idx.map((i) => inputs[i]!);
        const dims = {
          B: batch.length,
          M: Math.max(...batch.map((x) => x.m)),
          N: Math.max(...batch.map((x) => x.n)),
          S: Math.max(1, ...batch.map((x) => x.sparse.length)),
        };
        const result = await s.run(feeds(ort, batch, dims));
        const data = result.logits!.data as Float32Array;
        idx.forEach((i, j) => (out[i] = data.slice(j * 3, j * 3 + 3)));
      }
      return out;
    },
  };
}

function commonFeeds(ort: Ort, batch: readonly Shape[], d: { B: number; M: number; N: number; S: number }, handSize: number): Record<string, Tensor> {
  const am = new Float32Array(d.B * d.M);
  const bm = new Float32Array(d.B * d.N);
  const hand = new Float32Array(d.B * handSize);
  const sp = new BigInt64Array(d.B * d.S);
  const sm = new Float32Array(d.B * d.S);
  batch.forEach((x, k) => {
    am.fill(1, k * d.M, k * d.M + x.m);
    bm.fill(1, k * d.N, k * d.N + x.n);
    hand.set(x.hand, k * handSize);
    x.sparse.forEach((id, j) => {
      sp[k * d.S + j] = BigInt(id);
      sm[k * d.S + j] = 1;
    });
  });
  return {
    a_mask: new ort.Tensor('float32', am, [d.B, d.M]),
    b_mask: new ort.Tensor('float32', bm, [d.B, d.N]),
    hand: new ort.Tensor('float32', hand, [d.B, handSize]),
    sparse: new ort.Tensor('int64', sp, [d.B, d.S]),
    sparse_mask: new ort.Tensor('float32', sm, [d.B, d.S]),
  };
}

/** The English network: token rows (word vector × 4 and flags) per side. */
export function openEnglishNetwork(options: { path: string; tokenSize: number; handSize: number; batchSize?: number }): OnnxNetwork<PairInput> {
  const E = options.tokenSize;
  return openNetwork<PairInput>(options, (ort, batch, d) => {
    const a = new Float32Array(d.B * d.M * E);
    const b = new Float32Array(d.B * d.N * E);
    batch.forEach((x, k) => {
      a.set(x.a.subarray(0, x.m * E), k * d.M * E);
      b.set(x.b.subarray(0, x.n * E), k * d.N * E);
    });
    return { ...commonFeeds(ort, batch, d, options.handSize), a: new ort.Tensor('float32', a, [d.B, d.M, E]), b: new ort.Tensor('float32', b, [d.B, d.N, E]) };
  });
}

/** The Japanese network: hashed character n-gram ids and flag rows per side. */
export function openJapaneseNetwork(options: {
  path: string;
  idsPerToken: number;
  flags: number;
  handSize: number;
  batchSize?: number;
}): OnnxNetwork<JaPairInput> {
  const { idsPerToken: K, flags: F } = options;
  return openNetwork<JaPairInput>(options, (ort, batch, d) => {
    const side = (T: number, pick: (x: JaPairInput) => { ids: Int32Array; flags: Float32Array; count: number }) => {
      const ids = new BigInt64Array(d.B * T * K);
      const flags = new Float32Array(d.B * T * F);
      batch.forEach((x, k) => {
        const s = pick(x);
        for (let i = 0; i < s.count * K; i++) ids[k * T * K + i] = BigInt(s.ids[i]!);
        flags.set(s.flags.subarray(0, s.count * F), k * T * F);
      });
      return { ids: new ort.Tensor('int64', ids, [d.B, T, K]), flags: new ort.Tensor('float32', flags, [d.B, T, F]) };
    };
    const a = side(d.M, (x) => ({ ids: x.aIds, flags: x.aFlags, count: x.m }));
    const b = side(d.N, (x) => ({ ids: x.bIds, flags: x.bFlags, count: x.n }));
    return { ...commonFeeds(ort, batch, d, options.handSize), a_ids: a.ids, a_flags: a.flags, b_ids: b.ids, b_flags: b.flags };
  });
}
