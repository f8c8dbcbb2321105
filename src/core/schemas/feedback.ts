// Feedback corrections and stance calibration as zod schemas: the store's records and what the feedback
// and calibration use cases answer. The types are inferred from them (interfaces/store.ts, app/) and the
// MCP tools feedback, calibration_metrics and calibration_rollback derive their output schemas from them
// (mcp/schemas/wire.ts), so a stance is its enum there and a field added here reaches the tools.
import { z } from 'zod';
import { STANCES } from '../enums.js';

/** What a correction is about; `claim_restored` withdraws an earlier `claim_rejected` (both kept: an audit trail). */
export const FEEDBACK_KINDS = ['edge_stance', 'claim_rejected', 'claim_restored', 'fragment_irrelevant'] as const;

/** One stance edge a correction changed (or confirmed: `from` equal to `to`). */
export const feedbackEdgeChangeSchema = z.object({
  edgeId: z.string(),
  claimId: z.string(),
  fragmentId: z.string(),
  from: z.enum(STANCES),
  to: z.enum(STANCES),
  /** The model that had judged the edge, and its confidence of `from`. */
  model: z.string().optional(),
  confidence: z.number(),
});

/** A correction with who made it, when and why, and what it changed in the graph. */
export const feedbackRecordSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  kind: z.enum(FEEDBACK_KINDS),
  /** Edge id, claim id or fragment id, by kind. */
  targetId: z.string(),
  /** The right stance (edge_stance). */
  label: z.enum(STANCES).optional(),
  author: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  changes: z.array(feedbackEdgeChangeSchema),
});

/** What a recompute of the task changed: claims by status, domains blocked, domains promoted. */
export const recomputeSummarySchema = z.object({
  claimCounts: z.record(z.string(), z.number()),
  blocked: z.array(z.string()),
  promoted: z.array(z.string()),
});

/** A correction applied: the record, the calibration samples written, and the recompute. */
export const feedbackOutcomeSchema = z.object({
  feedback: feedbackRecordSchema,
  /** Calibration samples written (one per judged edge the correction covers). */
  samples: z.number(),
  /** Claims extracted from an irrelevant fragment: their origin edge is left as is (reject the claim to discard it). */
  originClaims: z.array(z.string()),
  recomputed: recomputeSummarySchema.optional(),
});

export const CALIBRATION_METHODS = ['temperature', 'platt'] as const;
const calibrationParamsSchema = z.object({ a: z.number(), b: z.number() });

/** A fitted calibration of a backend's confidences: p' = σ(a·logit(p) + b) (temperature: b = 0, a = 1/T). */
export const calibrationVersionSchema = z.object({
  backend: z.string(),
  /** 1, 2, … per backend. */
  version: z.number(),
  method: z.enum(CALIBRATION_METHODS),
  params: calibrationParamsSchema,
  samples: z.number(),
  /** Brier score and ECE on the fitting samples before and after. */
  metrics: z.object({ brierBefore: z.number(), brierAfter: z.number(), eceBefore: z.number(), eceAfter: z.number() }),
  createdAt: z.string(),
});

/** One stance backend's figures against the labels people gave, under its active calibration too. */
export const backendCalibrationMetricsSchema = z.object({
  backend: z.string(),
  samples: z.number(),
  /** Share of samples whose label the backend got right. */
  accuracy: z.number(),
  brier: z.number(),
  ece: z.number(),
  /** The active version, with the same figures under it. */
  active: z
    .object({ version: z.number(), method: z.enum(CALIBRATION_METHODS), params: calibrationParamsSchema, brier: z.number(), ece: z.number() })
    .optional(),
  versions: z.array(calibrationVersionSchema.omit({ backend: true })),
});

/** A rollback: the version active before and the one active now (0: raw confidences). */
export const calibrationRollbackSchema = z.object({ backend: z.string(), previous: z.number(), active: z.number() });
