// The evidence read model (issue 33, item 2): what the engine builds from a task graph for every reader —
// the claims with their statuses and the edges that decided them (spans, judge), the sources, the
// contested pairs, the citations and the counterevidence searches. Engine.materials answers it; a research
// run reads it once per phase and once per DEEP round; the report layer, the UI and the MCP resources
// render it. The TypeScript
// types (core/interfaces/engine.ts) are inferred from these schemas, and tests parse the real engine's
// answer and the workflows' double's with them.
import { z } from 'zod';
import { CLAIM_STATUSES, STANCES } from '../enums.js';
import { taskSchema } from './entities.js';
import { sourceViewSchema } from './engine-views.js';
import { claimSchema, claimSlotsSchema, edgeJudgeSchema, locatorSchema, pageSchema, statusAxesSchema } from './graph-entities.js';
import { contestedPairSchema, counterevidenceEntrySchema } from './materials-page.js';

/** One judged passage of a claim: the fragment, the decisive sentence and where it sits, its source, who judged it. */
export const evidenceViewSchema = z.object({
  edgeId: z.string(),
  stance: z.enum(STANCES),
  confidence: z.number(),
  fragmentId: z.string(),
  /** The fragment text, verbatim from the source. */
  quote: z.string(),
  /** The sentence of the quote that decided the stance. */
  decisiveSentence: z.string().optional(),
  /** Where the decisive sentence sits in `quote` (the fragment text), [start, end), when the edge stored it. */
  decisiveSpan: z.tuple([z.number(), z.number()]).optional(),
  locator: locatorSchema,
  source: sourceViewSchema,
  /** Who decided the stance, as fields: the claim's own sentence (`origin`), a model (backend, calibration), a person. */
  judge: edgeJudgeSchema,
  /** The same as one name: the stance model's (`embedded+cal3`), `origin`, or `feedback:<author>`. */
  model: z.string().optional(),
  /** The stance model's probabilities, kept on every judged edge (a neutral one too). */
  scores: z.object({ supports: z.number(), refutes: z.number(), neutral: z.number() }).optional(),
  /** The claim as the judge read it, when in its subject's other name (the edge's `readAs`). */
  readAs: z.string().optional(),
  /** The decisive sentence states part of the claim, not all of it (the edge's `part`). */
  part: z.boolean().optional(),
});

const stanceCountsSchema = z.object({ supports: z.number(), refutes: z.number(), neutral: z.number() });

/** A claim as readers see it: its status and measures, its supporting and refuting passages, the pages it came from. */
export const claimMaterialSchema = z.object({
  id: z.string(),
  statement: z.string(),
  slots: claimSlotsSchema,
  scope: z.string().optional(),
  decisionRelevance: claimSchema.shape.decisionRelevance,
  status: z.enum(CLAIM_STATUSES).optional(),
  confidence: z.number(),
  uncertainty: z.number(),
  controversy: z.number(),
  rationale: z.string().optional(),
  /** What the status was decided on (absent until the graph has judged the claim). */
  axes: statusAxesSchema.optional(),
  conditions: z.array(z.string()),
  relaxationReason: z.string().optional(),
  counts: stanceCountsSchema,
  supporting: z.array(evidenceViewSchema),
  refuting: z.array(evidenceViewSchema),
  /** Pages the claim was extracted from. */
  origins: z.array(sourceViewSchema),
  /**
   * Only for the claims named in MaterialsOptions.closestFor: the neutral passages the judge came
   * closest to calling supporting or refuting (highest supports or refutes probability first).
   */
  closest: z.array(evidenceViewSchema).optional(),
  /** A verify task's side claim: a sentence of the pages read for it, not part of its answer or counts. */
  sideClaim: z.literal(true).optional(),
});

export const citationViewSchema = z.object({
  from: sourceViewSchema,
  to: sourceViewSchema,
  influential: z.boolean(),
  relevance: z.number(),
});

/** Engine.materials' answer: one page of a task's claims and everything they refer to. */
export const materialsSchema = z.object({
  task: taskSchema,
  claims: z.array(claimMaterialSchema),
  contested: z.array(contestedPairSchema),
  citations: z.array(citationViewSchema),
  counterevidenceLog: z.array(counterevidenceEntrySchema),
  pages: z.array(sourceViewSchema),
  /** With includeGraph: every node and edge. */
  graph: z.object({ pages: z.array(pageSchema), claims: z.array(claimSchema), edges: z.array(z.record(z.string(), z.unknown())) }).optional(),
  /** totalClaims counts every claim; sideClaims how many of them are a verify task's side claims. */
  paging: z.object({ offset: z.number(), limit: z.number(), totalClaims: z.number(), sideClaims: z.number() }),
});
