// calibration_metrics and calibration_rollback: how well each stance backend's confidences match the
// labels given through feedback, fitting a calibration on them, and going back to an earlier one.
import { z } from 'zod';
import { calibrationMetrics, fitStanceCalibration, rollbackStanceCalibration } from '../../app/feedback/calibration.js';
import { InvalidInputError } from '../../core/index.js';
import { backendCalibrationSchema, calibrationRollbackSchema, fittedCalibrationSchema } from '../schemas/views.js';
import { defineTool } from '../tool-types.js';

const backendSchema = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[^\s+]+$/, 'a stance backend name as edges show it without +cal…, e.g. embedded, transformers:Xenova/nli-deberta-v3-xsmall, llm:qwen2.5');

export const calibrationMetricsTool = defineTool({
  name: 'calibration_metrics',
  title: 'Stance calibration metrics',
  description:
    'Per stance backend: feedback samples, accuracy, Brier and ECE, raw and calibrated, and the stored versions. action fit fits and activates a new version (Platt from 50 samples, else temperature; needs 10).',
  input: z.strictObject({
    backend: backendSchema.optional(),
    action: z.enum(['get', 'fit']).optional(),
    method: z.enum(['auto', 'temperature', 'platt']).optional(),
  }),
  output: z.looseObject({
    backends: z.array(backendCalibrationSchema),
    fitted: fittedCalibrationSchema.optional(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run(args, ctx) {
    const { store } = ctx.services;
    let fitted;
    if (args.action === 'fit') {
      if (!args.backend) throw new InvalidInputError('calibration_metrics: action fit needs backend', { code: 'backend_required' });
      const v = fitStanceCalibration({ store, backend: args.backend, ...(args.method ? { method: args.method } : {}) });
      fitted = { backend: v.backend, version: v.version, method: v.method, params: v.params, samples: v.samples, metrics: v.metrics };
    }
    return { backends: calibrationMetrics({ store, ...(args.backend ? { backend: args.backend } : {}) }), ...(fitted ? { fitted } : {}) };
  },
  summarize: (r) =>
    `${r.backends.length} stance backends with samples${r.fitted ? `; fitted ${r.fitted.backend} version ${r.fitted.version} (${r.fitted.method}, ${r.fitted.samples} samples)` : ''}.`,
});

export const calibrationRollbackTool = defineTool({
  name: 'calibration_rollback',
  title: 'Restore an earlier stance calibration',
  description:
    'Makes an earlier calibration version of a stance backend active (0: raw confidences), for judgements from now on; stored edges keep theirs and name their version (embedded+cal2).',
  input: z.strictObject({ backend: backendSchema, version: z.number().int().min(0).max(1_000_000) }),
  output: calibrationRollbackSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(args, ctx) {
    return rollbackStanceCalibration({ store: ctx.services.store, backend: args.backend, version: args.version });
  },
  summarize: (r) => `${r.backend}: active calibration ${r.previous} → ${r.active}.`,
});
