// feedback: corrections a person or the client makes, stored with who / when / why, applied to the
// graph and kept as calibration samples of the stance backend that judged the edges.
import { z } from 'zod';
import { applyFeedback } from '../../app/feedback/feedback.js';
import { InvalidInputError } from '../../core/index.js';
import { MAX_REASON_CHARS, idSchema, stanceSchema, taskIdSchema } from '../schemas/common.js';
import { feedbackOutcomeSchema } from '../schemas/views.js';
import { defineTool } from '../tool-types.js';

export const feedbackTool = defineTool({
  name: 'feedback',
  title: 'Correct the evidence graph',
  description:
    'Applies a correction with author and reason: edge_stance (target_id an edge_id, label the right stance), claim_rejected (a claim id; kept, marked), claim_restored (a rejected claim id; withdraws the rejection) or fragment_irrelevant (a fragment_id; its edges become neutral). Statuses are recomputed; judgements kept as calibration samples.',
  input: z.strictObject({
    task_id: taskIdSchema,
    kind: z.enum(['edge_stance', 'claim_rejected', 'claim_restored', 'fragment_irrelevant']),
    target_id: idSchema('target_id'),
    label: stanceSchema.optional(),
    author: z.string().trim().min(1).max(200),
    reason: z.string().trim().min(1).max(MAX_REASON_CHARS),
  }),
  output: feedbackOutcomeSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run(args, ctx) {
    if (args.label !== undefined && args.kind !== 'edge_stance') {
      throw new InvalidInputError(`feedback: label applies to kind edge_stance only, not ${args.kind}`, { code: 'label_not_applicable' });
    }
    const { store, recompute } = ctx.services;
    return applyFeedback(
      { store, recompute },
      {
        taskId: args.task_id,
        kind: args.kind,
        targetId: args.target_id,
        ...(args.label ? { label: args.label } : {}),
        author: args.author,
        reason: args.reason,
      },
    );
  },
  summarize: (r) =>
    `Feedback ${r.feedback.id} stored: ${r.feedback.changes.length} edges changed, ${r.samples} calibration samples${r.recomputed ? ', statuses recomputed' : ''}.`,
});
