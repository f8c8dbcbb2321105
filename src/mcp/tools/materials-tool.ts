// get_materials: the evidence as material for the client's own writing, one affordable page at a
// time — claims with the fields asked for, their strongest quotes cut around the decisive sentence,
// the contested pairs, counterevidence entries, sources and citations those claims touch. The page
// stays within a byte budget (mcp.materials.max_page_bytes); the full text of a quote is one call
// away (fragment_ids), the whole set is in the resources. No report: writing is the client's job.
import { z } from 'zod';
import { rejectedClaims } from '../../app/feedback/feedback.js';
import { CLAIM_FIELDS, type ClaimField, type Materials, type MaterialsPage, type Store } from '../../core/index.js';
import { camelKey, snakeKey } from '../naming.js';
import { graphResourceUri, materialsResourceUri } from '../resource-uris.js';
import { idSchema, taskIdSchema } from '../schemas/common.js';
import { materialsPageSchema } from '../schemas/materials.js';
import { defineTool } from '../tool-types.js';

/** Claims a page of the materials resource holds (lyra://tasks/{id}/materials?offset=N). */
export const MAX_MATERIALS_PAGE = 1_000;
export const MAX_CLAIM_IDS = 1_000;
export const MAX_FRAGMENT_IDS = 100;

/** Claim fields as the client names them (snake_case), and back. */
const FIELD_NAMES = CLAIM_FIELDS.map(snakeKey) as [string, ...string[]];

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
    'A page of the materials: claims (fields), their strongest quotes of each stance (per_claim; verbatim, cut to quote_chars around the decisive sentence; fragment_ids returns fragments whole), and the contested pairs, counterevidence log, sources and citations they touch.',
    'Pages stay under a byte budget: follow paging.next_offset. claim_ids picks claims; include_graph adds the subgraph.',
  ].join(' '),
  input: z.strictObject({
    task_id: taskIdSchema,
    paging: z
      .strictObject({ offset: z.number().int().min(0).max(10_000_000).optional(), limit: z.number().int().min(1).max(MAX_MATERIALS_PAGE).optional() })
      .optional(),
    fields: z.array(z.enum(FIELD_NAMES)).min(1).max(FIELD_NAMES.length).optional(),
    claim_ids: z.array(idSchema('claim id')).min(1).max(MAX_CLAIM_IDS).optional(),
    fragment_ids: z.array(idSchema('fragment id')).min(1).max(MAX_FRAGMENT_IDS).optional(),
    per_claim: z.number().int().min(0).max(100).optional().describe('Quotes of each stance and contested pairs per claim.'),
    quote_chars: z.number().int().min(40).max(100_000).optional(),
    max_bytes: z.number().int().min(1_000).max(10_000_000).optional(),
    include_graph: z.boolean().optional(),
  }),
  output: materialsPageSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run(args, ctx): MaterialsPage & { resources: { materials: string; graph: string } } {
    const d = ctx.settings.materials;
    const page = ctx.services.engine.materialsPage(args.task_id, {
      offset: args.paging?.offset ?? 0,
      limit: args.paging?.limit ?? d.pageClaims,
      perClaim: args.per_claim ?? d.perClaim,
      quoteChars: args.quote_chars ?? d.quoteChars,
      maxBytes: args.max_bytes ?? d.maxPageBytes,
      ...(args.fields ? { fields: args.fields.map((f) => camelKey(f) as ClaimField) } : {}),
      ...(args.claim_ids ? { claimIds: args.claim_ids } : {}),
      ...(args.fragment_ids ? { fragmentIds: args.fragment_ids } : {}),
      ...(args.include_graph ? { includeGraph: true } : {}),
    });
    return { ...page, resources: { materials: materialsResourceUri(args.task_id), graph: graphResourceUri(args.task_id) } };
  },
  summarize: (r) => {
    const p = r.paging;
    if (r.fragments) {
      const left = r.fragmentsLeft?.length ? ` ${r.fragmentsLeft.length} left for another call (fragments_left).` : '';
      return `${r.fragments.length} fragments of task ${r.task.id}, whole.${left}`;
    }
    const next = p.nextOffset !== undefined ? ` Next page: paging.offset ${p.nextOffset}.` : ' Last page.';
    const end = p.returned > 0 ? p.offset + p.returned : p.offset;
    return `Claims ${p.returned > 0 ? p.offset + 1 : 0}–${end} of ${p.totalClaims} of task ${r.task.id} (${r.contested.length} contested pairs, ${r.pages.length} sources, ${p.bytes} bytes; page ended by ${p.stoppedBy}).${next} Whole quotes: fragment_ids.`;
  },
});
