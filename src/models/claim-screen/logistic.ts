// L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least squares).
// Deterministic: the same rows in the same order give the same weights bit for bit, which is what lets
// `npm run train:claim-screen` reproduce the shipped weights. Sized for a few thousand rows of a few
// hundred features: each step builds the (d+1)² Hessian and solves it by Cholesky.
import { InvalidInputError } from '../../core/index.js';

export interface LogisticFitOptions {
  /** Feature rows, all of the same length. */
  x: ReadonlyArray<ArrayLike<number>>;
  /** 1 for the positive class, 0 for the negative one. */
  y: ReadonlyArray<0 | 1>;
  /** Per-row weights (default 1 each). */
  rowWeights?: readonly number[];
  /** L2 penalty on the feature weights (never on the bias). */
  lambda: number;
  /** Newton steps at most (default 25); the fit stops earlier when the step is below 1e-8. */
  maxIterations?: number;
}

export interface LogisticModel {
  weights: number[];
  bias: number;
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export function predictLogistic(model: LogisticModel, row: ArrayLike<number>): number {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j++) z += model.weights[j]! * row[j]!;
  return sigmoid(z);
}

/** Solves A·s = b in place for a symmetric positive definite A (row-major, n×n). */
function choleskySolve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let k = 0; k < j; k++) d -= a[j * n + k]! * a[j * n + k]!;
    if (!(d > 0)) throw new InvalidInputError('logistic fit: the Hessian is not positive definite (raise lambda)', { code: 'fit_singular' });
    const l = Math.sqrt(d);
    a[j * n + j] = l;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= a[i * n + k]! * a[j * n + k]!;
      a[i * n + j] = s / l;
    }
  }
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= a[i * n + k]! * z[k]!;
    z[i] = s / a[i * n + i]!;
  }
  const out = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let k = i + 1; k < n; k++) s -= a[k * n + i]! * out[k]!;
    out[i] = s / a[i * n + i]!;
  }
  return out;
}

export function fitLogistic(options: LogisticFitOptions): LogisticModel {
  const { x, y, lambda } = options;
  const rows = x.length;
  if (rows === 0 || rows !== y.length) throw new InvalidInputError(`logistic fit: ${rows} rows and ${y.length} labels`, { code: 'fit_input_invalid' });
  const d = x[0]!.length;
  if (x.some((r) => r.length !== d)) throw new InvalidInputError('logistic fit: rows of different lengths', { code: 'fit_input_invalid' });
  const rw = options.rowWeights ?? new Array<number>(rows).fill(1);
  const n = d + 1; // the bias is the last coordinate
  const beta = new Float64Array(n);
  for (let iteration = 0; iteration < (options.maxIterations ?? 25); iteration++) {
    const grad = new Float64Array(n);
    const hess = new Float64Array(n * n);
    for (let i = 0; i < rows; i++) {
      const row = x[i]!;
      let z = beta[d]!;
      for (let j = 0; j < d; j++) z += beta[j]! * row[j]!;
      const p = sigmoid(z);
      const w = rw[i]!;
      const r = w * (p - y[i]!);
      const h = w * p * (1 - p);
      for (let j = 0; j < d; j++) {
        const xj = row[j]!;
        grad[j]! += r * xj;
        const hx = h * xj;
        const base = j * n;
        for (let k = 0; k <= j; k++) hess[base + k]! += hx * row[k]!;
        hess[d * n + j]! += hx;
      }
      grad[d]! += r;
      hess[d * n + d]! += h;
    }
    for (let j = 0; j < n; j++) for (let k = 0; k < j; k++) hess[k * n + j] = hess[j * n + k]!;
    for (let j = 0; j < d; j++) {
      grad[j]! += lambda * beta[j]!;
      hess[j * n + j]! += lambda;
    }
    hess[d * n + d]! += 1e-9; // keeps the bias row positive definite when every row has p ∈ {0, 1}
    const step = choleskySolve(hess, grad, n);
    let size = 0;
    for (let j = 0; j < n; j++) {
      beta[j]! -= step[j]!;
      size = Math.max(size, Math.abs(step[j]!));
    }
    if (size < 1e-8) break;
  }
  return { weights: Array.from(beta.subarray(0, d)), bias: beta[d]! };
}
