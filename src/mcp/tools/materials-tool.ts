// get_materials: the evidence as material for the client's own writing — claims with status and
// evidence, quotes with locators and source trust, contested pairs, citations, the counterevidence
// log. No report: writing is the client's job (seed 002).
import { z } from 'zod';
import { rejectedClaims } from '../../app/index.js';
import type { Materials, Store } from '../../core/index.js';
import { materialsResourceUri, graphResourceUri } from '../resource-uris.js';
import { taskIdSchema } from '../schemas/common.js';
import { materialsSchema } from '../schemas/views.js';
import { defineTool } from '../tool-types.js';

/** Claims per call unless paging.limit says otherwise (the whole set is in the materials resource). */
export const DEFAULT_MATERIALS_PAGE = 50;
export const MAX_MATERIALS_PAGE = 1_000;

/** Adds the feedback a person or client gave on each claim (a rejection is shown, never hidden). */
export function withClaimFeedback(store: Store, materials: Materials): Materials & { claims: Array<Materials['claims'][number] & { feedback?: unknown }> } {
  const rejected = rejectedClaims(store, materials.task.id);
  if (rejected.size === 0) return materials;
  return {
    ...materials,
    claims: materials.claims.map((c) => {
      const f = rejected.get(c.id);
      return f ? { ...c, feedback: { rejected: true, by: f.author, at: f.createdAt, reason: f.reason, feedbackId: f.id } } : c;
    }),
  };
}

export const getMaterialsTool = defineTool({
  name: 'get_materials',
  title: 'Evidence materials of a task',
  description: [
    'Returns the task\'s materials for you to interpret and write from: claims (statement, slots, status, confidence, uncertainty, controversy, rationale, conditions, evidence counts), supporting and refuting fragments with verbatim quotes, locators and source trust level, contested pairs, citation edges, the counterevidence log and every page used.',
    'Claims come in pages (paging.offset, paging.limit; default 50) ordered the same on every call; include_graph adds every node and edge. The whole set is also readable as the resources lyra://tasks/{task_id}/materials and lyra://tasks/{task_id}/graph.',
    'Claims a person rejected through feedback carry feedback.rejected. No report is written: that is the client\'s job.',
  ].join(' '),
  input: z.strictObject({
    task_id: taskIdSchema,
    include_graph: z.boolean().optional(),
    paging: z.strictObject({ offset: z.number().int().min(0).max(10_000_000).optional(), limit: z.number().int().min(1).max(MAX_MATERIALS_PAGE).optional() }).optional(),
  }),
  output: materialsSchema.extend({ resources: z.looseObject({ materials: z.string(), graph: z.string() }) }),
  annotations: { title: 'Evidence materials', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(args, ctx) {
    const m = ctx.services.engine.materials(args.task_id, {
      includeGraph: args.include_graph === true,
      offset: args.paging?.offset ?? 0,
      limit: args.paging?.limit ?? DEFAULT_MATERIALS_PAGE,
    });
    return { ...withClaimFeedback(ctx.services.store, m), resources: { materials: materialsResourceUri(args.task_id), graph: graphResourceUri(args.task_id) } };
  },
});
