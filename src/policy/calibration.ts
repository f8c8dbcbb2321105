// Calibration of a stance backend's confidences against labels people gave (MCP `feedback`):
// Brier score, expected calibration error, and a one-dimensional logistic recalibration of the
// top-label confidence — temperature scaling (p' = σ(logit(p)/T)) or Platt scaling
// (p' = σ(a·logit(p) + b)). Pure functions: the samples come in, numbers go out.
import { InvalidInputError } from '../core/index.js';

/** A backend's confidence in the label it chose, and whether that label was right. */
export interface ConfidenceSample {
  confidence: number;
  correct: boolean;
}

/** p' = σ(a·logit(p) + b). Identity: a = 1, b = 0; temperature T: a = 1/T, b = 0. */
export interface CalibrationParams {
  a: number;
  b: number;
}

export type CalibrationMethod = 'temperature' | 'platt';

/** Equal-width confidence bins of the expected calibration error (Guo et al. 2017 use 15; 10 is usual for small sets). */
export const ECE_BINS = 10;
/** Fewest labelled samples a calibration is fitted on; fewer is an invalid_input error, never a guess. */
export const MIN_CALIBRATION_SAMPLES = 10;
/** From this many samples (with right and wrong answers both present) `auto` fits Platt's two parameters, below it one temperature. */
export const PLATT_MIN_SAMPLES = 50;
/** Confidences are clamped to [ε, 1 − ε] before logit so 0 and 1 stay finite. */
export const LOGIT_EPS = 1e-6;
/** Newton iterations of a fit at most. */
export const MAX_FIT_ITERATIONS = 100;
/** Bounds of the temperature slope a = 1/T: T in [0.05, 20]. */
export const TEMPERATURE_SLOPE_BOUNDS = [0.05, 20] as const;

const clamp = (p: number): number => Math.min(1 - LOGIT_EPS, Math.max(LOGIT_EPS, p));

export function logit(p: number): number {
  const q = clamp(p);
  return Math.log(q / (1 - q));
}

export function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

export const IDENTITY_CALIBRATION: CalibrationParams = { a: 1, b: 0 };

export function applyCalibration(p: number, params: CalibrationParams): number {
  return sigmoid(params.a * logit(p) + params.b);
}

/** The raw confidence a calibrated one came from (a ≠ 0), so samples keep the backend's own numbers. */
export function invertCalibration(calibrated: number, params: CalibrationParams): number {
  if (params.a === 0) throw new InvalidInputError('calibration: a slope of 0 cannot be inverted', { code: 'calibration_not_invertible' });
  return sigmoid((logit(calibrated) - params.b) / params.a);
}

/** Mean squared difference between confidence and outcome (0 best, 1 worst). */
export function brierScore(samples: readonly ConfidenceSample[]): number {
  if (samples.length === 0) return Number.NaN;
  let sum = 0;
  for (const s of samples) sum += (s.confidence - (s.correct ? 1 : 0)) ** 2;
  return sum / samples.length;
}

export interface CalibrationBin {
  lower: number;
  upper: number;
  count: number;
  meanConfidence: number;
  accuracy: number;
}

/** Equal-width bins over [0, 1]; the last bin includes 1. */
export function calibrationBins(samples: readonly ConfidenceSample[], bins = ECE_BINS): CalibrationBin[] {
  const out: CalibrationBin[] = Array.from({ length: bins }, (_, i) => ({ lower: i / bins, upper: (i + 1) / bins, count: 0, meanConfidence: 0, accuracy: 0 }));
  for (const s of samples) {
    const i = Math.min(bins - 1, Math.max(0, Math.floor(s.confidence * bins)));
    const b = out[i]!;
    b.count++;
    b.meanConfidence += s.confidence;
    b.accuracy += s.correct ? 1 : 0;
  }
  for (const b of out) {
    if (b.count === 0) continue;
    b.meanConfidence /= b.count;
    b.accuracy /= b.count;
  }
  return out;
}

/** Σ (n_b / N) · |accuracy_b − mean confidence_b| over equal-width bins. */
export function expectedCalibrationError(samples: readonly ConfidenceSample[], bins = ECE_BINS): number {
  if (samples.length === 0) return Number.NaN;
  let sum = 0;
  for (const b of calibrationBins(samples, bins)) if (b.count > 0) sum += (b.count / samples.length) * Math.abs(b.accuracy - b.meanConfidence);
  return sum;
}

export function recalibrated(samples: readonly ConfidenceSample[], params: CalibrationParams): ConfidenceSample[] {
  return samples.map((s) => ({ confidence: applyCalibration(s.confidence, params), correct: s.correct }));
}

/** Mean negative log-likelihood of the outcomes under σ(a·x + b). */
function nll(xs: readonly number[], ys: readonly number[], a: number, b: number): number {
  let sum = 0;
  for (let i = 0; i < xs.length; i++) {
    const p = clamp(sigmoid(a * xs[i]! + b));
    sum -= ys[i]! * Math.log(p) + (1 - ys[i]!) * Math.log(1 - p);
  }
  return sum / xs.length;
}

/** Temperature scaling: the slope a = 1/T minimising the log-loss, b = 0 (Newton on a, kept within bounds). */
export function fitTemperature(samples: readonly ConfidenceSample[]): CalibrationParams {
  const xs = samples.map((s) => logit(s.confidence));
  const ys = samples.map((s) => (s.correct ? 1 : 0));
  const [lo, hi] = TEMPERATURE_SLOPE_BOUNDS;
  let a = 1;
  for (let it = 0; it < MAX_FIT_ITERATIONS; it++) {
    let g = 0;
    let h = 0;
    for (let i = 0; i < xs.length; i++) {
      const p = sigmoid(a * xs[i]!);
      g += (p - ys[i]!) * xs[i]!;
      h += p * (1 - p) * xs[i]! ** 2;
    }
    if (h < 1e-12) break;
    const next = Math.min(hi, Math.max(lo, a - g / h));
    if (Math.abs(next - a) < 1e-10) {
      a = next;
      break;
    }
    a = next;
  }
  return { a, b: 0 };
}

/**
 * Platt scaling: logistic regression of the outcome on logit(confidence), with Platt's smoothed
 * targets ((N₊+1)/(N₊+2), 1/(N₋+2)) so a small set never drives the fit to 0 or 1. Newton steps
 * with step halving keep the log-loss decreasing.
 */
export function fitPlatt(samples: readonly ConfidenceSample[]): CalibrationParams {
  const xs = samples.map((s) => logit(s.confidence));
  const positives = samples.filter((s) => s.correct).length;
  const negatives = samples.length - positives;
  const hiT = (positives + 1) / (positives + 2);
  const loT = 1 / (negatives + 2);
  const ys = samples.map((s) => (s.correct ? hiT : loT));
  let a = 1;
  let b = 0;
  let loss = nll(xs, ys, a, b);
  for (let it = 0; it < MAX_FIT_ITERATIONS; it++) {
    let ga = 0,
      gb = 0,
      haa = 0,
      hab = 0,
      hbb = 0;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      const p = sigmoid(a * x + b);
      const d = p - ys[i]!;
      const w = p * (1 - p);
      ga += d * x;
      gb += d;
      haa += w * x * x;
      hab += w * x;
      hbb += w;
    }
    // A small ridge keeps the 2×2 system solvable when all confidences are equal.
    haa += 1e-9;
    hbb += 1e-9;
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-15) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    let step = 1;
    let improved = false;
    for (let k = 0; k < 30; k++) {
      const na = a - step * da;
      const nb = b - step * db;
      const nl = nll(xs, ys, na, nb);
      if (nl <= loss + 1e-15) {
        improved = Math.abs(loss - nl) > 1e-12;
        a = na;
        b = nb;
        loss = nl;
        break;
      }
      step /= 2;
    }
    if (!improved) break;
  }
  return { a, b };
}

export interface CalibrationFit {
  method: CalibrationMethod;
  params: CalibrationParams;
  samples: number;
  metrics: { brierBefore: number; brierAfter: number; eceBefore: number; eceAfter: number };
}

/**
 * Fits a calibration on labelled samples. `auto` (default) takes Platt's two parameters when there
 * are PLATT_MIN_SAMPLES or more with both outcomes present, else one temperature.
 */
export function fitCalibration(samples: readonly ConfidenceSample[], options: { method?: CalibrationMethod | 'auto' } = {}): CalibrationFit {
  if (samples.length < MIN_CALIBRATION_SAMPLES) {
    throw new InvalidInputError(
      `calibration: ${samples.length} labelled samples, at least ${MIN_CALIBRATION_SAMPLES} are needed (give feedback on more edges)`,
      {
        code: 'calibration_too_few_samples',
        details: { samples: samples.length, required: MIN_CALIBRATION_SAMPLES },
      },
    );
  }
  for (const s of samples) {
    if (!Number.isFinite(s.confidence) || s.confidence < 0 || s.confidence > 1) {
      throw new InvalidInputError(`calibration: confidence ${s.confidence} is not a probability`, { code: 'calibration_bad_sample' });
    }
  }
  const bothOutcomes = samples.some((s) => s.correct) && samples.some((s) => !s.correct);
  const requested = options.method ?? 'auto';
  const method: CalibrationMethod = requested === 'auto' ? (samples.length >= PLATT_MIN_SAMPLES && bothOutcomes ? 'platt' : 'temperature') : requested;
  const params = method === 'platt' ? fitPlatt(samples) : fitTemperature(samples);
  const after = recalibrated(samples, params);
  return {
    method,
    params,
    samples: samples.length,
    metrics: {
      brierBefore: brierScore(samples),
      brierAfter: brierScore(after),
      eceBefore: expectedCalibrationError(samples),
      eceAfter: expectedCalibrationError(after),
    },
  };
}
