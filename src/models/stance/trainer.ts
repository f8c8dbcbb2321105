// Training of the stance network (network.ts): softmax cross-entropy with per-example weights, Adam
// on the dense tensors, lazy (sparse) Adam on the wide table, dropout on the classifier input and
// hidden layer, L2 on the weight matrices. Also temperature scaling (Guo et al. 2017) on held-out logits.
import type { PairFeatures } from './features.js';
import {
  backward, createGradients, DENSE_TENSORS, forward, NUM_CLASSES, softmax, Workspace, type NetworkParams,
} from './network.js';

export interface TrainExample {
  /** Built lazily so that the whole training set need not sit in memory as attention rows. */
  x: () => PairFeatures;
  label: number;
  weight: number;
}

export interface TrainOptions {
  epochs: number;
  batchSize: number;
  learningRate: number;
  wideLearningRate: number;
  dropout: number;
  l2: number;
  random: () => number;
  maxTokens: number;
  /** Learning rates are multiplied by this after each epoch (1 = constant). */
  lrDecay?: number;
  /** Called after each epoch, e.g. to log dev scores; return false to stop. */
  onEpoch?: (epoch: number, loss: number) => boolean | void;
}

/** Sets params.handMean / handStd from the training inputs. */
export function fitStandardization(params: NetworkParams, hands: readonly Float32Array[]): void {
  const D = params.handSize;
  const mean = new Float64Array(D);
  const sq = new Float64Array(D);
  for (const h of hands) for (let d = 0; d < D; d++) mean[d]! += h[d]!;
  for (let d = 0; d < D; d++) mean[d]! /= hands.length;
  for (const h of hands) for (let d = 0; d < D; d++) sq[d]! += (h[d]! - mean[d]!) ** 2;
  for (let d = 0; d < D; d++) {
    params.handMean[d] = mean[d]!;
    const sd = Math.sqrt(sq[d]! / hands.length);
    params.handStd[d] = sd > 1e-6 ? sd : 1;
  }
}

class Adam {
  private readonly m: Float32Array;
  private readonly v: Float32Array;
  private t = 0;
  constructor(size: number, public lr: number) {
    this.m = new Float32Array(size);
    this.v = new Float32Array(size);
  }
  tick(): void {
    this.t++;
  }
  update(params: Float32Array, grad: Float32Array, indices?: Iterable<number>): void {
    const b1 = 0.9, b2 = 0.999, eps = 1e-8;
    const c1 = 1 - b1 ** this.t, c2 = 1 - b2 ** this.t;
    const step = (i: number): void => {
      const g = grad[i]!;
      this.m[i] = b1 * this.m[i]! + (1 - b1) * g;
      this.v[i] = b2 * this.v[i]! + (1 - b2) * g * g;
      params[i]! -= (this.lr * (this.m[i]! / c1)) / (Math.sqrt(this.v[i]! / c2) + eps);
      grad[i] = 0;
    };
    if (indices) for (const i of indices) step(i);
    else for (let i = 0; i < params.length; i++) step(i);
  }
}

export function train(params: NetworkParams, examples: readonly TrainExample[], options: TrainOptions): void {
  const ws = new Workspace(params, options.maxTokens);
  const grads = createGradients(params);
  const adams = DENSE_TENSORS.map((name) => new Adam(params[name].length, options.learningRate));
  const wideAdam = new Adam(params.wide.length, options.wideLearningRate);
  const order = examples.map((_, i) => i);
  const keep = 1 - options.dropout;
  const dLogits = new Float32Array(NUM_CLASSES);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, options.random);
    let lossSum = 0;
    let weightSum = 0;
    for (let start = 0; start < order.length; start += options.batchSize) {
      const batch = order.slice(start, start + options.batchSize);
      let batchWeight = 0;
      for (const i of batch) batchWeight += examples[i]!.weight;
      for (const i of batch) {
        const e = examples[i]!;
        const x = e.x();
        for (let k = 0; k < ws.zMask.length; k++) ws.zMask[k] = options.random() < keep ? 1 / keep : 0;
        for (let k = 0; k < ws.tMask.length; k++) ws.tMask[k] = options.random() < keep ? 1 / keep : 0;
        const p = softmax(forward(params, x, ws));
        const w = e.weight / batchWeight;
        lossSum += -Math.log(Math.max(p[e.label]!, 1e-12)) * e.weight;
        weightSum += e.weight;
        for (let c = 0; c < NUM_CLASSES; c++) dLogits[c] = (p[c]! - (c === e.label ? 1 : 0)) * w;
        backward(params, x, ws, dLogits, grads);
      }
      if (options.l2 > 0) {
        for (const name of ['wf', 'wg', 'wh', 'wo'] as const) {
          const g = grads.dense[name], p = params[name];
          for (let i = 0; i < g.length; i++) g[i]! += options.l2 * p[i]!;
        }
      }
      DENSE_TENSORS.forEach((name, k) => {
        adams[k]!.tick();
        adams[k]!.update(params[name], grads.dense[name]);
      });
      wideAdam.tick();
      wideAdam.update(params.wide, grads.wide, grads.touched);
      grads.touched.clear();
    }
    ws.zMask.fill(1);
    ws.tMask.fill(1);
    for (const a of [...adams, wideAdam]) a.lr *= options.lrDecay ?? 1;
    if (options.onEpoch?.(epoch, lossSum / weightSum) === false) break;
  }
  ws.zMask.fill(1);
  ws.tMask.fill(1);
}

function shuffle<T>(array: T[], random: () => number): void {
  for (let i = array.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [array[i], array[j]] = [array[j]!, array[i]!];
  }
}

/** Temperature T minimizing the negative log-likelihood of softmax(logits / T), by golden-section search on [0.25, 10]. */
export function fitTemperature(logits: readonly Float32Array[], labels: readonly number[]): number {
  const nll = (t: number): number => {
    let s = 0;
    logits.forEach((l, i) => {
      s -= Math.log(Math.max(softmax(l, t)[labels[i]!]!, 1e-12));
    });
    return s / logits.length;
  };
  let a = Math.log(0.25), b = Math.log(10);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 60; k++) {
    const c = b - g * (b - a), d = a + g * (b - a);
    if (nll(Math.exp(c)) < nll(Math.exp(d))) b = d;
    else a = c;
  }
  return Math.exp((a + b) / 2);
}

/** Deterministic PRNG (mulberry32) for reproducible training. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
