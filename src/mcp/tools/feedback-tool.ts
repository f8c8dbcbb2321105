// feedback: corrections a person or the client makes, stored with who / when / why, applied to the
// graph and kept as calibration samples of the stance backend that judged the edges.
import { z } from 'zod';
import { applyFeedback } from '../../app/index.js';
import { InvalidInputError } from '../../core/index.js';
import { MAX_REASON_CHARS, idSchema, stanceSchema, taskIdSchema } from '../schemas/common.js';
import { defineTool } from '../tool-types.js';

const changeSchema = z.looseObject({
  edgeId: z.string(), claimId: z.string(), fragmentId: z.string(), from: stanceSchema, to: stanceSchema, model: z.string().optional(), confidence: z.number(),
});

export const feedbackTool = defineTool({
  name: 'feedback',
  title: 'Correct the evidence graph',
  description: [
    'Records a correction and applies it: kind edge_stance (target_id: an edgeId from get_materials; label: the right stance — supports, refutes or neutral; giving the current stance confirms it),',
    'claim_rejected (target_id: a claim id; the claim is kept but marked rejected in get_materials), claim_restored (target_id: a rejected claim\'s id; withdraws the rejection), or fragment_irrelevant (target_id: a fragmentId; every stance edge from it becomes neutral).',
    'Each correction is stored with author, time and reason; changed edges keep their endpoints and say who decided them; the task\'s claim statuses are recomputed; the stance backend\'s original judgements are kept as calibration samples (see calibration_metrics).',
    'Returns the stored record, the edges changed (from → to), the samples written and the recomputed claim counts. Domain trust is not changed here: it lives in domains.yaml user_overrides.',
  ].join(' '),
  input: z.strictObject({
    task_id: taskIdSchema,
    kind: z.enum(['edge_stance', 'claim_rejected', 'claim_restored', 'fragment_irrelevant']),
    target_id: idSchema('target_id'),
    label: stanceSchema.optional().describe('The right stance (edge_stance only).'),
    author: z.string().trim().min(1).max(200).describe('Who makes the correction (a person or the client\'s name).'),
    reason: z.string().trim().min(1).max(MAX_REASON_CHARS).describe('Why: what in the passage or claim is wrong.'),
  }),
  output: z.looseObject({
    feedback: z.looseObject({
      id: z.string(), taskId: z.string(), kind: z.string(), targetId: z.string(), label: stanceSchema.optional(), author: z.string(), reason: z.string(), createdAt: z.string(),
      changes: z.array(changeSchema),
    }),
    samples: z.number(),
    originClaims: z.array(z.string()),
    recomputed: z.looseObject({ claimCounts: z.record(z.string(), z.number()), blocked: z.array(z.string()), promoted: z.array(z.string()) }).optional(),
  }),
  annotations: { title: 'Correct the evidence graph', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run(args, ctx) {
    if (args.label !== undefined && args.kind !== 'edge_stance') {
      throw new InvalidInputError(`feedback: label applies to kind edge_stance only, not ${args.kind}`, { code: 'label_not_applicable' });
    }
    const { store, recompute } = ctx.services;
    return applyFeedback({ store, recompute }, {
      taskId: args.task_id, kind: args.kind, targetId: args.target_id, ...(args.label ? { label: args.label } : {}), author: args.author, reason: args.reason,
    });
  },
});
