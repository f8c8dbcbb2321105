// Classification metrics for the stance benchmark and the training report.
import type { Stance } from '../../src/core/index.js';

export const LABELS: readonly Stance[] = ['supports', 'refutes', 'neutral'];

export interface StanceMetrics {
  n: number;
  accuracy: number;
  macroF1: number;
  f1: Record<Stance, number>;
  /** confusion[gold][predicted] */
  confusion: Record<Stance, Record<Stance, number>>;
  /** Gold supports predicted refutes, and gold refutes predicted supports: the costly errors. */
  supportRefuteErrors: number;
  /** Accuracy on gold supports/refutes pairs predicted as supports or refutes (the binary question). */
  binaryAccuracy: number;
}

/**
 * Metrics over the labels present in gold (a set with no neutral gold, e.g. FEVER, averages F1
 * over supports and refutes only).
 */
export function computeMetrics(gold: readonly Stance[], predicted: readonly Stance[]): StanceMetrics {
  const confusion = Object.fromEntries(LABELS.map((g) => [g, Object.fromEntries(LABELS.map((p) => [p, 0]))])) as Record<Stance, Record<Stance, number>>;
  gold.forEach((g, i) => confusion[g][predicted[i]!]++);
  const present = LABELS.filter((l) => gold.includes(l));
  const f1 = {} as Record<Stance, number>;
  for (const l of LABELS) {
    const tp = confusion[l][l];
    const fp = LABELS.reduce((s, g) => s + (g === l ? 0 : confusion[g][l]), 0);
    const fn = LABELS.reduce((s, p) => s + (p === l ? 0 : confusion[l][p]), 0);
    f1[l] = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  const correct = LABELS.reduce((s, l) => s + confusion[l][l], 0);
  const srRight = confusion.supports.supports + confusion.refutes.refutes;
  const srErrors = confusion.supports.refutes + confusion.refutes.supports;
  return {
    n: gold.length,
    accuracy: gold.length ? correct / gold.length : 0,
    macroF1: present.length ? present.reduce((s, l) => s + f1[l], 0) / present.length : 0,
    f1,
    confusion,
    supportRefuteErrors: srErrors,
    binaryAccuracy: srRight + srErrors ? srRight / (srRight + srErrors) : 0,
  };
}

export function majorityClass(gold: readonly Stance[]): Stance {
  const counts = LABELS.map((l) => gold.filter((g) => g === l).length);
  return LABELS[counts.indexOf(Math.max(...counts))]!;
}

export function formatConfusion(m: StanceMetrics): string {
  const short = { supports: 'S', refutes: 'R', neutral: 'N' } as const;
  return LABELS.map((g) => `${short[g]}→` + LABELS.map((p) => `${short[p]}${m.confusion[g][p]}`).join('/')).join(' ');
}

export const pct = (x: number): string => x.toFixed(3);

/**
 * Expected calibration error over 10 equal-width confidence bins: Σ (bin size / n) · |accuracy − mean confidence|.
 * 0 is perfectly calibrated.
 */
export function expectedCalibrationError(confidences: readonly number[], correct: readonly boolean[], bins = 10): number {
  const count = new Array<number>(bins).fill(0);
  const conf = new Array<number>(bins).fill(0);
  const hits = new Array<number>(bins).fill(0);
  confidences.forEach((c, i) => {
    const b = Math.min(bins - 1, Math.floor(c * bins));
    count[b]!++;
    conf[b]! += c;
    if (correct[i]) hits[b]!++;
  });
  let ece = 0;
  for (let b = 0; b < bins; b++) if (count[b]! > 0) ece += (count[b]! / confidences.length) * Math.abs(hits[b]! / count[b]! - conf[b]! / count[b]!);
  return ece;
}
