// The evidence graph's entities that views carry whole (a page, a fragment's locator, a claim with its
// slots and status axes, the three kinds of edge), as zod schemas: entities.ts infers the TypeScript
// types from them and the MCP server derives get_materials' output schema from the same definitions.
import { z } from 'zod';
import { CLAIM_STATUSES, CONTRADICTION_TYPES, FETCH_STATUSES, SOURCE_TYPES, STANCES, TRUST_LEVELS } from '../enums.js';
import { identifiersSchema } from './entities.js';

export const pageSchema = z.object({
  id: z.string(),
  taskId: z.string().optional(),
  /** Normalized URL (core/url.ts); unique per task. */
  url: z.string(),
  domain: z.string(),
  title: z.string().optional(),
  sourceType: z.enum(SOURCE_TYPES),
  fetchStatus: z.enum(FETCH_STATUSES),
  fetchedAt: z.string().optional(),
  contentHash: z.string().optional(),
  publishedAt: z.string().optional(),
  authors: z.array(z.string()),
  organization: z.string().optional(),
  identifiers: identifiersSchema,
  abstractOnly: z.boolean(),
  /** Trust level of the domain when the page was used. */
  trustLevel: z.enum(TRUST_LEVELS),
  createdAt: z.string(),
});

export const locatorSchema = z.object({
  headingPath: z.array(z.string()).optional(),
  paragraph: z.number().optional(),
  sentence: z.number().optional(),
  charStart: z.number().optional(),
  charEnd: z.number().optional(),
});

export const claimSlotsSchema = z.object({
  subject: z.string().optional(),
  predicate: z.string().optional(),
  object: z.string().optional(),
  time: z.string().optional(),
});

export const DECISION_RELEVANCES = ['high', 'medium', 'low'] as const;

/**
 * The measures a claim's status is decided on (seed 001's threshold table, policy/claim-status), kept
 * with the claim as data: workflows that re-apply the table (relaxation) and reports that explain a
 * status read these, never the rationale's words.
 */
export const statusAxesSchema = z.object({
  evidence: z.number(),
  coverage: z.number(),
  agreement: z.number(),
  recency: z.number(),
  traceability: z.number(),
  /** Strength of the refutation, the same noisy-OR over refuting sources. */
  refutation: z.number(),
  /** Independent sources (registrable domains) with supporting evidence. */
  independentSupport: z.number(),
  /** A contradiction between two ACADEMIC-or-higher sources touches the claim (seed 000 CONTESTED). */
  contestedByHighTrust: z.boolean(),
});

export const claimSchema = z.object({
  /** `clm_` + hash of the normalized statement (core/ids.ts). */
  id: z.string(),
  taskId: z.string().optional(),
  statement: z.string(),
  slots: claimSlotsSchema,
  scope: z.string().optional(),
  decisionRelevance: z.enum(DECISION_RELEVANCES),
  status: z.enum(CLAIM_STATUSES).optional(),
  confidence: z.number().optional(),
  rationale: z.string().optional(),
  /** What the status was decided on (set with the status by the graph's recompute). */
  axes: statusAxesSchema.optional(),
  conditions: z.array(z.string()),
  relaxationReason: z.string().optional(),
  createdAt: z.string(),
});

const edgeBase = { id: z.string(), taskId: z.string().optional(), createdAt: z.string() };

/**
 * Who decided a stance edge, as fields: the claim's own sentence (`origin`, not a judgement), a model
 * (its backend and the calibration version its confidences were mapped by), or a person's correction.
 * The edge's `model` string (`embedded+cal3`, `origin`, `feedback:ana`) is written from it for readers
 * of the public outputs; nothing reads it back (core/edge-judge.ts).
 */
export const edgeJudgeSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('origin') }),
  z.object({ by: z.literal('model'), backend: z.string(), calibration: z.number().int().positive().optional() }),
  z.object({ by: z.literal('feedback'), author: z.string() }),
]);

/** fragment → claim: the fragment supports, refutes or is neutral to the claim. */
export const stanceEdgeSchema = z.object({
  ...edgeBase,
  kind: z.enum(STANCES),
  fragmentId: z.string(),
  claimId: z.string(),
  confidence: z.number(),
  /**
   * The judge's probability of each class. A `neutral` edge keeps them, so a reader (or a later,
   * stricter or looser threshold) can see how close the judge came to supports or refutes.
   */
  scores: z.object({ supports: z.number(), refutes: z.number(), neutral: z.number() }).optional(),
  /** The sentence of the fragment that decided the stance. */
  decisiveSentence: z.string().optional(),
  /**
   * Where that sentence sits in the fragment's text, [start, end) in characters: readers slice the
   * fragment by it instead of searching for the sentence's text again. Absent on edges written before
   * spans were stored, and when the judge's sentence is not a verbatim part of the fragment.
   */
  decisiveSpan: z.tuple([z.number(), z.number()]).optional(),
  /** Who decided it, as fields (edges stored before carry only `model`: the store reads them into this). */
  judge: edgeJudgeSchema,
  /** The same as one name (modelNameOf(judge)), kept for the public outputs. */
  model: z.string().optional(),
  /**
   * The claim as the judge read it, when not as stated: in the name the fragment uses for its subject
   * ("Acetylsalicylic acid does prevent heart attacks." for "Aspirin does…"; pipeline/graph/claim-readings.ts).
   */
  readAs: z.string().optional(),
  /**
   * The sentence states part of the claim, not all of it: the judge read the claim as entailing the
   * sentence (roles swapped), not the sentence as entailing the claim (pipeline/graph/corroborate.ts). The
   * claim's coverage counts only that sentence's words; `scores` are those of the swapped reading.
   */
  part: z.boolean().optional(),
});

/** page → page citation. */
export const citesEdgeSchema = z.object({
  ...edgeBase,
  kind: z.literal('cites'),
  fromPageId: z.string(),
  toPageId: z.string(),
  influential: z.boolean(),
  relevance: z.number(),
});

/** claim ↔ claim contradiction with the trust levels of both sides. */
export const contradictsEdgeSchema = z.object({
  ...edgeBase,
  kind: z.literal('contradicts'),
  claimId: z.string(),
  otherClaimId: z.string(),
  contradictionType: z.enum(CONTRADICTION_TYPES),
  trustLevel: z.enum(TRUST_LEVELS),
  otherTrustLevel: z.enum(TRUST_LEVELS),
});

export const edgeSchema = z.union([stanceEdgeSchema, citesEdgeSchema, contradictsEdgeSchema]);
