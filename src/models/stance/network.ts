// The stance network: decomposable attention (Parikh et al. 2016) over word vectors, joined with the
// hand contrast features and a hashed lexical ("wide") layer.
//   attend:    F(x) = relu(Wf x + bf) per token; e_ij = F(a_i)·F(b_j); soft-aligned phrases
//              beta_i = Σ_j softmax_j(e_ij) b_j and alpha_j = Σ_i softmax_i(e_ij) a_i
//   compare:   v_i = relu(Wg [a_i; beta_i; a_i ⊙ beta_i] + bg) (same G for both sides)
//   aggregate: mean and max over tokens of each side, then the standardized hand features
//   classify:  logits = Wo relu(Wh z + bh) + bo + Σ_k wide[k]
// `a` is the claim (NLI hypothesis), `b` the passage sentence (premise). Word vectors are fixed
// inputs, so no gradient flows into them; that keeps training cheap enough for plain TypeScript.

/** Class order of the logits and of every score array in this folder. */
export const CLASSES = ['supports', 'refutes', 'neutral'] as const;
export const NUM_CLASSES = CLASSES.length;

export interface NetworkShape {
  /** Per-token input size (word vector + token flags). */
  embedDims: number;
  /** Width of F and G. */
  hidden: number;
  /** Number of hand features. */
  handSize: number;
  /** Width of the classifier's hidden layer. */
  top: number;
  /** Buckets of the hashed sparse features (a power of two). */
  hashBuckets: number;
}

export interface NetworkParams extends NetworkShape {
  handMean: Float32Array;
  handStd: Float32Array;
  wf: Float32Array; bf: Float32Array;
  wg: Float32Array; bg: Float32Array;
  wh: Float32Array; bh: Float32Array;
  wo: Float32Array; bo: Float32Array;
  wide: Float32Array;
}

/** The trainable dense tensors, in a fixed order (used by the trainer and the weights file). */
export const DENSE_TENSORS = ['wf', 'bf', 'wg', 'bg', 'wh', 'bh', 'wo', 'bo'] as const;
export type DenseTensor = (typeof DENSE_TENSORS)[number];

/** One (claim, sentence) pair as network input. */
export interface PairInput {
  /** m × embedDims, row-major: the claim tokens. */
  a: Float32Array;
  m: number;
  /** n × embedDims: the sentence tokens. */
  b: Float32Array;
  n: number;
  hand: Float32Array;
  sparse: Uint32Array;
}

export function tensorSizes(s: NetworkShape): Record<DenseTensor, number> {
  const z = 4 * s.hidden + s.handSize;
  return {
    wf: s.hidden * s.embedDims, bf: s.hidden, wg: s.hidden * 3 * s.embedDims, bg: s.hidden,
    wh: s.top * z, bh: s.top, wo: NUM_CLASSES * s.top, bo: NUM_CLASSES,
  };
}

export function createParams(shape: NetworkShape, random: () => number): NetworkParams {
  const sizes = tensorSizes(shape);
  const fanIn: Record<DenseTensor, number> = {
    wf: shape.embedDims, bf: 0, wg: 3 * shape.embedDims, bg: 0, wh: 4 * shape.hidden + shape.handSize, bh: 0, wo: shape.top, bo: 0,
  };
  const tensors = {} as Record<DenseTensor, Float32Array>;
  for (const name of DENSE_TENSORS) {
    const t = new Float32Array(sizes[name]);
    if (fanIn[name] > 0) {
      const scale = Math.sqrt(2 / fanIn[name]);
      for (let i = 0; i < t.length; i++) t[i] = gaussian(random) * scale;
    }
    tensors[name] = t;
  }
  return {
    ...shape, ...tensors,
    handMean: new Float32Array(shape.handSize), handStd: new Float32Array(shape.handSize).fill(1),
    wide: new Float32Array(shape.hashBuckets * NUM_CLASSES),
  };
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * Buffers of one forward/backward pass, sized for `maxTokens` per side; reused across pairs so the
 * inner loop allocates nothing. One workspace per concurrent caller.
 */
export class Workspace {
  readonly maxTokens: number;
  readonly fa: Float32Array; readonly fb: Float32Array;
  readonly pa: Float32Array; readonly pb: Float32Array;
  readonly xa: Float32Array; readonly xb: Float32Array;
  readonly va: Float32Array; readonly vb: Float32Array;
  readonly argA: Int32Array; readonly argB: Int32Array;
  readonly z: Float32Array; readonly zMask: Float32Array;
  readonly t: Float32Array; readonly tMask: Float32Array;
  readonly logits = new Float32Array(NUM_CLASSES);
  // backward
  readonly dz: Float32Array; readonly dt: Float32Array;
  readonly dva: Float32Array; readonly dvb: Float32Array;
  readonly dxa: Float32Array; readonly dxb: Float32Array;
  readonly dpa: Float32Array; readonly dpb: Float32Array; readonly ds: Float32Array;
  readonly dfa: Float32Array; readonly dfb: Float32Array;

  constructor(s: NetworkShape, maxTokens: number) {
    const T = maxTokens, H = s.hidden, E = s.embedDims, Z = 4 * H + s.handSize;
    this.maxTokens = T;
    this.fa = new Float32Array(T * H); this.fb = new Float32Array(T * H);
    this.pa = new Float32Array(T * T); this.pb = new Float32Array(T * T);
    this.xa = new Float32Array(T * 3 * E); this.xb = new Float32Array(T * 3 * E);
    this.va = new Float32Array(T * H); this.vb = new Float32Array(T * H);
    this.argA = new Int32Array(H); this.argB = new Int32Array(H);
    this.z = new Float32Array(Z); this.zMask = new Float32Array(Z).fill(1);
    this.t = new Float32Array(s.top); this.tMask = new Float32Array(s.top).fill(1);
    this.dz = new Float32Array(Z); this.dt = new Float32Array(s.top);
    this.dva = new Float32Array(T * H); this.dvb = new Float32Array(T * H);
    this.dxa = new Float32Array(T * 3 * E); this.dxb = new Float32Array(T * 3 * E);
    this.dpa = new Float32Array(T * T); this.dpb = new Float32Array(T * T); this.ds = new Float32Array(T * T);
    this.dfa = new Float32Array(T * H); this.dfb = new Float32Array(T * H);
  }
}

/** y[r] = relu(b + W x_r) for `rows` inputs of size `inDim` (W is out × inDim). */
function denseRelu(w: Float32Array, bias: Float32Array, x: Float32Array, rows: number, inDim: number, out: number, y: Float32Array): void {
  for (let r = 0; r < rows; r++) {
    const xo = r * inDim;
    for (let o = 0; o < out; o++) {
      let s = bias[o]!;
      const wo = o * inDim;
      for (let k = 0; k < inDim; k++) s += w[wo + k]! * x[xo + k]!;
      y[r * out + o] = s > 0 ? s : 0;
    }
  }
}

/** Builds [x_i; y_i; x_i ⊙ y_i] rows where y_i = Σ_j p_ij other_j. */
function attendAndConcat(p: Float32Array, pStride: number, transpose: boolean, self: Float32Array, rows: number, other: Float32Array, otherRows: number, E: number, out: Float32Array): void {
  for (let i = 0; i < rows; i++) {
    const o = i * 3 * E;
    out.fill(0, o + E, o + 2 * E);
    for (let j = 0; j < otherRows; j++) {
      const w = transpose ? p[j * pStride + i]! : p[i * pStride + j]!;
      if (w < 1e-7) continue;
      const oj = j * E;
      for (let k = 0; k < E; k++) out[o + E + k]! += w * other[oj + k]!;
    }
    for (let k = 0; k < E; k++) {
      const x = self[i * E + k]!;
      out[o + k] = x;
      out[o + 2 * E + k] = x * out[o + E + k]!;
    }
  }
}

/** Logits of one pair (left in ws.logits). Masks in ws (zMask, tMask) are applied as set by the caller. */
export function forward(p: NetworkParams, x: PairInput, ws: Workspace): Float32Array {
  const { embedDims: E, hidden: H, handSize: D, top: T } = p;
  const { m, n } = x;
  denseRelu(p.wf, p.bf, x.a, m, E, H, ws.fa);
  denseRelu(p.wf, p.bf, x.b, n, E, H, ws.fb);
  // Scores, row softmax into pa (m × n) and column softmax into pb (m × n, normalized over i).
  const pa = ws.pa, pb = ws.pb;
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0;
      const fi = i * H, fj = j * H;
      for (let h = 0; h < H; h++) s += ws.fa[fi + h]! * ws.fb[fj + h]!;
      pa[i * n + j] = s;
    }
  }
  for (let j = 0; j < n; j++) {
    let max = -Infinity;
    for (let i = 0; i < m; i++) max = Math.max(max, pa[i * n + j]!);
    let sum = 0;
    for (let i = 0; i < m; i++) sum += pb[i * n + j] = Math.exp(pa[i * n + j]! - max);
    for (let i = 0; i < m; i++) pb[i * n + j]! /= sum;
  }
  for (let i = 0; i < m; i++) {
    let max = -Infinity;
    for (let j = 0; j < n; j++) max = Math.max(max, pa[i * n + j]!);
    let sum = 0;
    for (let j = 0; j < n; j++) sum += pa[i * n + j] = Math.exp(pa[i * n + j]! - max);
    for (let j = 0; j < n; j++) pa[i * n + j]! /= sum;
  }
  attendAndConcat(pa, n, false, x.a, m, x.b, n, E, ws.xa);
  attendAndConcat(pb, n, true, x.b, n, x.a, m, E, ws.xb);
  denseRelu(p.wg, p.bg, ws.xa, m, 3 * E, H, ws.va);
  denseRelu(p.wg, p.bg, ws.xb, n, 3 * E, H, ws.vb);
  const z = ws.z;
  pool(ws.va, m, H, z, 0, ws.argA);
  pool(ws.vb, n, H, z, 2 * H, ws.argB);
  for (let d = 0; d < D; d++) z[4 * H + d] = (x.hand[d]! - p.handMean[d]!) / p.handStd[d]!;
  for (let k = 0; k < z.length; k++) z[k]! *= ws.zMask[k]!;
  const Z = z.length;
  for (let o = 0; o < T; o++) {
    let s = p.bh[o]!;
    const wo = o * Z;
    for (let k = 0; k < Z; k++) s += p.wh[wo + k]! * z[k]!;
    ws.t[o] = (s > 0 ? s : 0) * ws.tMask[o]!;
  }
  for (let c = 0; c < NUM_CLASSES; c++) {
    let s = p.bo[c]!;
    for (let o = 0; o < T; o++) s += p.wo[c * T + o]! * ws.t[o]!;
    for (let k = 0; k < x.sparse.length; k++) s += p.wide[x.sparse[k]! * NUM_CLASSES + c]!;
    ws.logits[c] = s;
  }
  return ws.logits;
}

/**
 * Mean of the members' logits (an ensemble; one workspace per member, same order). With one member
 * this is forward(). Returns a new array.
 */
export function ensembleLogits(members: readonly NetworkParams[], x: PairInput, workspaces: readonly Workspace[]): Float32Array {
  const out = new Float32Array(NUM_CLASSES);
  members.forEach((p, k) => {
    const logits = forward(p, x, workspaces[k]!);
    for (let c = 0; c < NUM_CLASSES; c++) out[c]! += logits[c]! / members.length;
  });
  return out;
}

/** Mean into z[at..at+H), max into z[at+H..at+2H), argmax rows into arg. */
function pool(v: Float32Array, rows: number, H: number, z: Float32Array, at: number, arg: Int32Array): void {
  for (let h = 0; h < H; h++) {
    let sum = 0, max = -Infinity, best = 0;
    for (let r = 0; r < rows; r++) {
      const x = v[r * H + h]!;
      sum += x;
      if (x > max) {
        max = x;
        best = r;
      }
    }
    z[at + h] = sum / rows;
    z[at + H + h] = max;
    arg[h] = best;
  }
}

/** Gradient accumulators with the same layout as the dense params, plus touched wide rows. */
export interface Gradients {
  dense: Record<DenseTensor, Float32Array>;
  wide: Float32Array;
  touched: Set<number>;
}

export function createGradients(p: NetworkParams): Gradients {
  const sizes = tensorSizes(p);
  const dense = {} as Record<DenseTensor, Float32Array>;
  for (const name of DENSE_TENSORS) dense[name] = new Float32Array(sizes[name]);
  return { dense, wide: new Float32Array(p.wide.length), touched: new Set() };
}

/** Adds the gradient of the loss to g, given dLogits = ∂loss/∂logits, after forward() on the same ws. */
export function backward(p: NetworkParams, x: PairInput, ws: Workspace, dLogits: ArrayLike<number>, g: Gradients): void {
  const { embedDims: E, hidden: H, top: T } = p;
  const { m, n } = x;
  const G = g.dense;
  const Z = ws.z.length;
  // Classifier.
  ws.dt.fill(0);
  for (let c = 0; c < NUM_CLASSES; c++) {
    const d = dLogits[c]!;
    G.bo[c]! += d;
    for (let o = 0; o < T; o++) {
      G.wo[c * T + o]! += d * ws.t[o]!;
      ws.dt[o]! += d * p.wo[c * T + o]!;
    }
    for (let k = 0; k < x.sparse.length; k++) {
      const idx = x.sparse[k]! * NUM_CLASSES + c;
      g.wide[idx]! += d;
      g.touched.add(idx);
    }
  }
  ws.dz.fill(0);
  for (let o = 0; o < T; o++) {
    if (ws.t[o]! <= 0) continue;
    const d = ws.dt[o]! * ws.tMask[o]!;
    G.bh[o]! += d;
    const wo = o * Z;
    for (let k = 0; k < Z; k++) {
      G.wh[wo + k]! += d * ws.z[k]!;
      ws.dz[k]! += d * p.wh[wo + k]!;
    }
  }
  for (let k = 0; k < Z; k++) ws.dz[k]! *= ws.zMask[k]!;
  // Pooling → dV.
  unpool(ws.dz, 0, m, H, ws.argA, ws.dva);
  unpool(ws.dz, 2 * H, n, H, ws.argB, ws.dvb);
  // Compare layer G.
  compareBackward(p, ws.xa, ws.va, ws.dva, m, ws.dxa, G);
  compareBackward(p, ws.xb, ws.vb, ws.dvb, n, ws.dxb, G);
  // d(beta_i) = dx[E..2E) + dx[2E..3E) ⊙ a_i; dP_ij = d(beta_i) · b_j (likewise alpha with pb).
  const dpa = ws.dpa, dpb = ws.dpb, ds = ws.ds;
  for (let i = 0; i < m; i++) {
    const o = i * 3 * E;
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let k = 0; k < E; k++) s += (ws.dxa[o + E + k]! + ws.dxa[o + 2 * E + k]! * x.a[i * E + k]!) * x.b[j * E + k]!;
      dpa[i * n + j] = s;
    }
  }
  for (let j = 0; j < n; j++) {
    const o = j * 3 * E;
    for (let i = 0; i < m; i++) {
      let s = 0;
      for (let k = 0; k < E; k++) s += (ws.dxb[o + E + k]! + ws.dxb[o + 2 * E + k]! * x.b[j * E + k]!) * x.a[i * E + k]!;
      dpb[i * n + j] = s;
    }
  }
  // Softmax backward: rows of pa, columns of pb, both into ds (scores).
  for (let i = 0; i < m; i++) {
    let dot = 0;
    for (let j = 0; j < n; j++) dot += dpa[i * n + j]! * ws.pa[i * n + j]!;
    for (let j = 0; j < n; j++) ds[i * n + j] = ws.pa[i * n + j]! * (dpa[i * n + j]! - dot);
  }
  for (let j = 0; j < n; j++) {
    let dot = 0;
    for (let i = 0; i < m; i++) dot += dpb[i * n + j]! * ws.pb[i * n + j]!;
    for (let i = 0; i < m; i++) ds[i * n + j]! += ws.pb[i * n + j]! * (dpb[i * n + j]! - dot);
  }
  // Scores → F outputs → Wf.
  ws.dfa.fill(0, 0, m * H);
  ws.dfb.fill(0, 0, n * H);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      const d = ds[i * n + j]!;
      if (d === 0) continue;
      const fi = i * H, fj = j * H;
      for (let h = 0; h < H; h++) {
        ws.dfa[fi + h]! += d * ws.fb[fj + h]!;
        ws.dfb[fj + h]! += d * ws.fa[fi + h]!;
      }
    }
  }
  reluLinearBackward(ws.fa, ws.dfa, x.a, m, E, H, G.wf, G.bf);
  reluLinearBackward(ws.fb, ws.dfb, x.b, n, E, H, G.wf, G.bf);
}

function unpool(dz: Float32Array, at: number, rows: number, H: number, arg: Int32Array, dv: Float32Array): void {
  for (let h = 0; h < H; h++) {
    const dMean = dz[at + h]! / rows;
    for (let r = 0; r < rows; r++) dv[r * H + h] = dMean;
    dv[arg[h]! * H + h]! += dz[at + H + h]!;
  }
}

function compareBackward(p: NetworkParams, xs: Float32Array, v: Float32Array, dv: Float32Array, rows: number, dx: Float32Array, G: Record<DenseTensor, Float32Array>): void {
  const H = p.hidden, K = 3 * p.embedDims;
  dx.fill(0, 0, rows * K);
  for (let r = 0; r < rows; r++) {
    for (let h = 0; h < H; h++) {
      if (v[r * H + h]! <= 0) continue;
      const d = dv[r * H + h]!;
      G.bg[h]! += d;
      const wo = h * K, xo = r * K;
      for (let k = 0; k < K; k++) {
        G.wg[wo + k]! += d * xs[xo + k]!;
        dx[xo + k]! += d * p.wg[wo + k]!;
      }
    }
  }
}

function reluLinearBackward(y: Float32Array, dy: Float32Array, x: Float32Array, rows: number, inDim: number, out: number, gw: Float32Array, gb: Float32Array): void {
  for (let r = 0; r < rows; r++) {
    for (let o = 0; o < out; o++) {
      if (y[r * out + o]! <= 0) continue;
      const d = dy[r * out + o]!;
      if (d === 0) continue;
      gb[o]! += d;
      const wo = o * inDim, xo = r * inDim;
      for (let k = 0; k < inDim; k++) gw[wo + k]! += d * x[xo + k]!;
    }
  }
}

/** Softmax of logits / temperature. */
export function softmax(logits: ArrayLike<number>, temperature = 1): Float32Array {
  const out = new Float32Array(logits.length);
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) max = Math.max(max, logits[i]! / temperature);
  let sum = 0;
  for (let i = 0; i < logits.length; i++) {
    out[i] = Math.exp(logits[i]! / temperature - max);
    sum += out[i]!;
  }
  for (let i = 0; i < out.length; i++) out[i]! /= sum;
  return out;
}
