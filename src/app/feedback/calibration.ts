// Stance calibration from feedback (MCP `feedback`, `calibration_metrics`, `calibration_rollback`):
// per-backend Brier score and ECE of the raw and calibrated confidences against the labels people
// gave, fitting a new version, rolling back to an earlier one, and the StanceModel wrapper that
// applies the active version. A calibrated model is named `<backend>+cal<version>`, so every stored
// edge says which calibration judged it and its raw confidence can be recovered for new samples.
import type { z } from 'zod';
import {
  InvalidInputError,
  modelJudge,
  modelNameOf,
  type backendCalibrationMetricsSchema,
  type CalibrationSample,
  type CalibrationVersion,
  type StanceJudgement,
  type StanceModel,
  type Store,
} from '../../core/index.js';
import {
  applyCalibration,
  brierScore,
  expectedCalibrationError,
  fitCalibration,
  invertCalibration,
  recalibrated,
  type CalibrationMethod,
  type ConfidenceSample,
} from '../../policy/index.js';

/**
 * The backend's raw confidence behind a stored one: an edge judged under calibration version v
 * carries σ(a·logit(p) + b); the inverse gives p back. Unknown versions are an error, never a guess.
 */
export function rawConfidence(store: Store, judge: { backend: string; calibration?: number }, confidence: number): { backend: string; confidence: number } {
  const { backend, calibration: version } = judge;
  if (!version) return { backend, confidence };
  const v = store.listCalibrations(backend).find((c) => c.version === version);
  if (!v)
    throw new InvalidInputError(`calibration: edge judged by ${backend} under calibration ${version}, but version ${version} of ${backend} is not stored`, {
      code: 'calibration_not_found',
      details: { backend, version },
    });
  return { backend, confidence: invertCalibration(confidence, v.params) };
}

/** Applies the backend's active calibration to each judgement's confidence; the label is kept (top-label calibration). */
export function calibrateJudgements(judgements: StanceJudgement[], version: CalibrationVersion | undefined): StanceJudgement[] {
  if (!version) return judgements;
  return judgements.map((j) => {
    const p = applyCalibration(j.confidence, version.params);
    const rest = 1 - j.scores[j.stance];
    // The other classes share what is left in their original proportions.
    const scale = rest > 0 ? (1 - p) / rest : 0;
    const scores = {
      supports: j.scores.supports * scale,
      refutes: j.scores.refutes * scale,
      neutral: j.scores.neutral * scale,
      [j.stance]: p,
    } as StanceJudgement['scores'];
    return { ...j, confidence: p, scores };
  });
}

/**
 * Wraps a stance model (built on first use) so the active calibration of its backend, read from the
 * store at each call, applies to its confidences; a rollback takes effect at the next batch.
 */
export function calibratedStanceModel(options: { base: () => StanceModel; store: Store }): StanceModel {
  let base: StanceModel | undefined;
  const model = (): StanceModel => (base ??= options.base());
  // The version the last batch was judged with, so edges written from it carry the right name.
  let last: { version: number | undefined } | undefined;
  const calibration = (): { backend: string; version?: number } => {
    const v = last ? last.version : options.store.getActiveCalibration(model().name)?.version;
    return { backend: model().name, ...(v ? { version: v } : {}) };
  };
  return {
    // The name is the judge's as edges store it (`embedded+cal3`), written from the same fields.
    get name(): string {
      const c = calibration();
      return modelNameOf(modelJudge(c.backend, c.version));
    },
    get calibration() {
      return calibration();
    },
    async judge(pairs, callOptions) {
      const m = model();
      const active = options.store.getActiveCalibration(m.name);
      const out = await m.judge(pairs, callOptions);
      last = { version: active?.version };
      return calibrateJudgements(out, active);
    },
  };
}

/** One stance backend's figures (core/schemas/feedback.ts: the MCP tool's output schema is derived from it). */
export type BackendCalibrationMetrics = z.infer<typeof backendCalibrationMetricsSchema>;

function confidenceSamples(samples: CalibrationSample[]): ConfidenceSample[] {
  return samples.map((s) => ({ confidence: s.confidence, correct: s.predicted === s.label }));
}

const round = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : x);

/** Every backend with samples or stored calibrations (or just `backend`), with its figures. */
export function calibrationMetrics(options: { store: Store; backend?: string }): BackendCalibrationMetrics[] {
  const { store } = options;
  const samples = store.listCalibrationSamples(options.backend === undefined ? {} : { backend: options.backend });
  const versions = store.listCalibrations(options.backend);
  const names = [...new Set([...samples.map((s) => s.backend), ...versions.map((v) => v.backend), ...(options.backend ? [options.backend] : [])])].sort();
  return names.map((backend) => {
    const mine = confidenceSamples(samples.filter((s) => s.backend === backend));
    const active = store.getActiveCalibration(backend);
    const after = active ? recalibrated(mine, active.params) : undefined;
    const n = mine.length;
    return {
      backend,
      samples: n,
      accuracy: n ? round(mine.filter((s) => s.correct).length / n) : 0,
      brier: n ? round(brierScore(mine)) : 0,
      ece: n ? round(expectedCalibrationError(mine)) : 0,
      ...(active && after
        ? {
            active: {
              version: active.version,
              method: active.method,
              params: active.params,
              brier: n ? round(brierScore(after)) : 0,
              ece: n ? round(expectedCalibrationError(after)) : 0,
            },
          }
        : {}),
      versions: versions
        .filter((v) => v.backend === backend)
        .map((v) => ({ version: v.version, method: v.method, params: v.params, samples: v.samples, createdAt: v.createdAt, metrics: v.metrics })),
    };
  });
}

/** Fits a new calibration version of `backend` on its feedback samples and makes it active. */
export function fitStanceCalibration(options: { store: Store; backend: string; method?: CalibrationMethod | 'auto' }): CalibrationVersion {
  const { store, backend } = options;
  const samples = confidenceSamples(store.listCalibrationSamples({ backend }));
  const fit = fitCalibration(samples, options.method ? { method: options.method } : {});
  const round6 = (m: typeof fit.metrics): typeof fit.metrics => ({
    brierBefore: round(m.brierBefore),
    brierAfter: round(m.brierAfter),
    eceBefore: round(m.eceBefore),
    eceAfter: round(m.eceAfter),
  });
  return store.addCalibration({
    backend,
    method: fit.method,
    params: fit.params,
    samples: fit.samples,
    metrics: round6(fit.metrics),
    createdAt: new Date().toISOString(),
  });
}

/** Makes an earlier version active again (0: none, raw confidences). Returns the previous and the new active version. */
export function rollbackStanceCalibration(options: { store: Store; backend: string; version: number }): { backend: string; previous: number; active: number } {
  const { store, backend, version } = options;
  const previous = store.getActiveCalibration(backend)?.version ?? 0;
  if (version !== 0 && !store.listCalibrations(backend).some((v) => v.version === version)) {
    const known = store.listCalibrations(backend).map((v) => v.version);
    throw new InvalidInputError(
      `calibration_rollback: stance backend ${backend} has no version ${version} (stored: ${known.length ? known.join(', ') : 'none'}; 0 restores raw confidences)`,
      {
        code: 'calibration_not_found',
        details: { backend, version, known },
      },
    );
  }
  store.setActiveCalibration(backend, version);
  return { backend, previous, active: version };
}
