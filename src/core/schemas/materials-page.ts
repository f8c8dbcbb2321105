// One page of a task's materials (Engine.materialsPage, MCP get_materials) as zod schemas:
// core/interfaces/materials-page.ts infers its types from them and the MCP server derives the tool's
// snake_case output schema from them (mcp/schemas/materials.ts). Field names are the public contract.
import { z } from 'zod';
import { CLAIM_STATUSES, CONTRADICTION_TYPES, STANCES, TRUST_LEVELS } from '../enums.js';
import { sourceViewSchema } from './engine-views.js';
import { taskSchema } from './entities.js';
import { DECISION_RELEVANCES, claimSchema, claimSlotsSchema, edgeSchema, locatorSchema, pageSchema, statusAxesSchema } from './graph-entities.js';

const span = z.tuple([z.number(), z.number()]);

export const contestedPairSchema = z.object({
  claimId: z.string(),
  otherClaimId: z.string(),
  type: z.enum(CONTRADICTION_TYPES),
  trustLevel: z.enum(TRUST_LEVELS),
  otherTrustLevel: z.enum(TRUST_LEVELS),
});

/** Seed 001's counterevidence_log entry (snake_case in every output, as the seed names it). */
export const counterevidenceEntrySchema = z.object({
  claim_id: z.string(),
  search_queries: z.array(z.string()),
  search_scope: z.string(),
  found_counterevidence: z.boolean(),
  impact_on_status: z.string().nullable(),
});

export const evidenceBriefSchema = z.object({
  edgeId: z.string(),
  stance: z.enum(STANCES),
  confidence: z.number(),
  fragmentId: z.string(),
  /** The fragment text, verbatim; when longer than quoteChars, the part around the decisive sentence. */
  quote: z.string(),
  /** Where the quote sits in the fragment, [start, end) in characters (present when it was cut). */
  quoteSpan: span.optional(),
  /** Length of the whole fragment in characters. */
  fragmentChars: z.number(),
  /** Where the decisive sentence sits in `quote`, [start, end), when it was found there. */
  decisiveSpan: span.optional(),
  locator: locatorSchema,
  pageId: z.string(),
  trustLevel: z.enum(TRUST_LEVELS),
  model: z.string().optional(),
});

/** A correction a person or client made to the claim (a rejection is shown, never hidden). */
export const claimFeedbackViewSchema = z.object({
  rejected: z.boolean(),
  by: z.string(),
  at: z.string(),
  reason: z.string(),
  feedbackId: z.string(),
});

export const claimBriefSchema = z.object({
  id: z.string(),
  statement: z.string().optional(),
  slots: claimSlotsSchema.optional(),
  scope: z.string().optional(),
  decisionRelevance: z.enum(DECISION_RELEVANCES).optional(),
  status: z.enum(CLAIM_STATUSES).optional(),
  confidence: z.number().optional(),
  uncertainty: z.number().optional(),
  controversy: z.number().optional(),
  rationale: z.string().optional(),
  axes: statusAxesSchema.optional(),
  conditions: z.array(z.string()).optional(),
  relaxationReason: z.string().optional(),
  /** Every edge of the claim counted, and the contested pairs it is part of. */
  counts: z.object({ supports: z.number(), refutes: z.number(), neutral: z.number(), contested: z.number() }).optional(),
  supporting: z.array(evidenceBriefSchema).optional(),
  refuting: z.array(evidenceBriefSchema).optional(),
  /** Page ids the claim was extracted from (details in `pages`). */
  origins: z.array(z.string()).optional(),
  feedback: claimFeedbackViewSchema.optional(),
  /** A verify task's side claim: a sentence of the pages read for it, not part of its answer or counts. */
  sideClaim: z.literal(true).optional(),
});

export const fragmentTextSchema = z.object({
  id: z.string(),
  pageId: z.string(),
  text: z.string(),
  locator: locatorSchema,
});

export const materialsPageSchema = z.object({
  /** The task without its configuration snapshot. */
  task: taskSchema.omit({ configSnapshot: true }),
  claims: z.array(claimBriefSchema),
  /** Contested pairs touching the page's claims (at most perClaim per claim). */
  contested: z.array(contestedPairSchema),
  /** Citations among the page's sources. */
  citations: z.array(z.object({ fromPageId: z.string(), toPageId: z.string(), influential: z.boolean(), relevance: z.number() })),
  /** Counterevidence searches of the page's claims. */
  counterevidenceLog: z.array(counterevidenceEntrySchema),
  /** Every source the page refers to (evidence and origins), with bibliographic details. */
  pages: z.array(sourceViewSchema),
  /** With fragmentIds: those fragments whole, as many as the byte budget holds. */
  fragments: z.array(fragmentTextSchema).optional(),
  /** With fragmentIds: the ones the byte budget left for another call. */
  fragmentsLeft: z.array(z.string()).optional(),
  /** With includeGraph: the page's claims as stored, their edges and the citations among its pages. */
  graph: z.object({ pages: z.array(pageSchema), claims: z.array(claimSchema), edges: z.array(edgeSchema) }).optional(),
  paging: z.object({
    offset: z.number(),
    limit: z.number(),
    /** Claims (or fragments) on this page. */
    returned: z.number(),
    totalClaims: z.number(),
    /** How many of totalClaims are side claims (a verify task's; 0 for research). */
    sideClaims: z.number(),
    /** Offset of the next page; absent on the last one. */
    nextOffset: z.number().optional(),
    /** What ended the page: the claim limit, the byte budget or the end of the claims. */
    stoppedBy: z.enum(['limit', 'bytes', 'end']),
    bytes: z.number(),
    maxBytes: z.number(),
  }),
});
