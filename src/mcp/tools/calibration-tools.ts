// calibration_metrics and calibration_rollback: how well each stance backend's confidences match the
// labels given through feedback, fitting a calibration on them, and going back to an earlier one.
import { z } from 'zod';
import { calibrationMetrics, fitStanceCalibration, rollbackStanceCalibration } from '../../app/index.js';
import { InvalidInputError } from '../../core/index.js';
import { defineTool } from '../tool-types.js';

const backendSchema = z.string().min(1).max(300).regex(/^[^\s+]+$/, 'a stance backend name as edges show it without +cal…, e.g. embedded, transformers:Xenova/nli-deberta-v3-xsmall, llm:qwen2.5');
const params = z.looseObject({ a: z.number(), b: z.number() });
const method = z.enum(['temperature', 'platt']);
const versionMetrics = z.looseObject({ brierBefore: z.number(), brierAfter: z.number(), eceBefore: z.number(), eceAfter: z.number() });

export const calibrationMetricsTool = defineTool({
  name: 'calibration_metrics',
  title: 'Stance calibration metrics',
  description: [
    'For each stance backend (or one): the feedback samples (edges people labelled), its accuracy, Brier score and expected calibration error (10 bins) of its raw confidences, the same under the active calibration, and every stored calibration version (method, parameters, metrics when fitted).',
    'action "fit" also fits a new version on the backend\'s samples (Platt scaling from 50 samples with right and wrong answers, else temperature scaling; method forces one) and makes it active; it needs at least 10 samples. Metrics only: it does not judge whether a backend should be used.',
  ].join(' '),
  input: z.strictObject({
    backend: backendSchema.optional(),
    action: z.enum(['get', 'fit']).optional().describe('get (default): metrics only. fit: fit and activate a new version (needs backend).'),
    method: z.enum(['auto', 'temperature', 'platt']).optional(),
  }),
  output: z.looseObject({
    backends: z.array(z.looseObject({
      backend: z.string(), samples: z.number(), accuracy: z.number(), brier: z.number(), ece: z.number(),
      active: z.looseObject({ version: z.number(), method, params, brier: z.number(), ece: z.number() }).optional(),
      versions: z.array(z.looseObject({ version: z.number(), method, params, samples: z.number(), createdAt: z.string(), metrics: versionMetrics })),
    })),
    fitted: z.looseObject({ backend: z.string(), version: z.number(), method, params, samples: z.number(), metrics: versionMetrics }).optional(),
  }),
  annotations: { title: 'Stance calibration metrics', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
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
});

export const calibrationRollbackTool = defineTool({
  name: 'calibration_rollback',
  title: 'Restore an earlier stance calibration',
  description: 'Makes an earlier stored calibration version of a stance backend the active one (version 0: none, raw confidences). Takes effect for stance judgements made from now on; stored edges keep the confidence they were judged with and name the version in their model (e.g. embedded+cal2). Returns the previous and the new active version.',
  input: z.strictObject({ backend: backendSchema, version: z.number().int().min(0).max(1_000_000) }),
  output: z.looseObject({ backend: z.string(), previous: z.number(), active: z.number() }),
  annotations: { title: 'Restore a calibration', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(args, ctx) {
    return rollbackStanceCalibration({ store: ctx.services.store, backend: args.backend, version: args.version });
  },
});
