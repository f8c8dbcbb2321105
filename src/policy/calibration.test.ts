import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyCalibration,
  brierScore,
  calibrationBins,
  expectedCalibrationError,
  fitCalibration,
  fitPlatt,
  fitTemperature,
  invertCalibration,
  MIN_CALIBRATION_SAMPLES,
  type ConfidenceSample,
} from './calibration.js';

/** Deterministic pseudo-random numbers (LCG), so the synthetic sets are the same on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** An overconfident backend: says `shown`, is right with probability `truth(shown)`. */
function synthetic(n: number, truth: (p: number) => number, seed = 7): ConfidenceSample[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const shown = 0.5 + 0.5 * r();
    return { confidence: shown, correct: r() < truth(shown) };
  });
}

test('Brier score and ECE on hand-computed values', () => {
  const s: ConfidenceSample[] = [
    { confidence: 0.9, correct: true },
    { confidence: 0.9, correct: false },
    { confidence: 0.2, correct: false },
    { confidence: 0.6, correct: true },
  ];
  // (0.01 + 0.81 + 0.04 + 0.16) / 4
  assert.ok(Math.abs(brierScore(s) - 0.255) < 1e-12);
  // bins: [0.2) → conf 0.2, acc 0 → |0-0.2|·1/4; [0.6) → |1-0.6|·1/4; [0.9) → |0.5-0.9|·2/4
  assert.ok(Math.abs(expectedCalibrationError(s) - (0.05 + 0.1 + 0.2)) < 1e-12);
  assert.equal(
    calibrationBins(s).reduce((n, b) => n + b.count, 0),
    4,
  );
  assert.ok(Number.isNaN(brierScore([])));
  assert.equal(calibrationBins([{ confidence: 1, correct: true }])[9]!.count, 1);
});

test('applying then inverting a calibration returns the raw confidence', () => {
  for (const p of [0.01, 0.3, 0.5, 0.77, 0.99]) {
    const params = { a: 0.6, b: -0.4 };
    assert.ok(Math.abs(invertCalibration(applyCalibration(p, params), params) - p) < 1e-9);
  }
  assert.equal(applyCalibration(0.8, { a: 1, b: 0 }).toFixed(12), (0.8).toFixed(12));
});

test('an overconfident backend is cooled: temperature above 1, ECE and Brier fall', () => {
  // Right only (p − 0.5)·0.6 + 0.5 of the time: confidences 0.5…1 are worth 0.5…0.8.
  const samples = synthetic(400, (p) => 0.5 + (p - 0.5) * 0.6);
  const t = fitTemperature(samples);
  assert.ok(t.a < 1, `slope ${t.a} should be below 1 (T > 1)`);
  const fit = fitCalibration(samples, { method: 'temperature' });
  assert.ok(fit.metrics.eceAfter < fit.metrics.eceBefore / 2, JSON.stringify(fit.metrics));
  assert.ok(fit.metrics.brierAfter < fit.metrics.brierBefore);
});

test('Platt scaling reduces ECE on the same set and auto picks it from 50 samples', () => {
  const samples = synthetic(400, (p) => 0.5 + (p - 0.5) * 0.6, 11);
  const fit = fitCalibration(samples);
  assert.equal(fit.method, 'platt');
  assert.ok(fit.metrics.eceAfter < fit.metrics.eceBefore / 2, JSON.stringify(fit.metrics));
  const p = fitPlatt(samples);
  assert.deepEqual(p, fit.params);
});

test('a well-calibrated backend keeps a slope near 1', () => {
  const samples = synthetic(2000, (p) => p, 3);
  const t = fitTemperature(samples);
  assert.ok(Math.abs(t.a - 1) < 0.35, `slope ${t.a}`);
});

test('too few samples or a confidence outside [0, 1] is invalid input; auto uses a temperature below 50 samples', () => {
  assert.throws(() => fitCalibration(synthetic(MIN_CALIBRATION_SAMPLES - 1, (p) => p)), /at least 10/);
  assert.throws(() => fitCalibration([...synthetic(20, (p) => p), { confidence: 1.5, correct: true }]), /not a probability/);
  assert.equal(fitCalibration(synthetic(20, (p) => p)).method, 'temperature');
  const allRight = Array.from({ length: 60 }, () => ({ confidence: 0.7, correct: true }));
  const fit = fitCalibration(allRight);
  assert.equal(fit.method, 'temperature');
  assert.ok(fit.metrics.brierAfter <= fit.metrics.brierBefore);
});
