// When a stance judgement counts as a contradiction, for every caller: the consensus workflow's
// conflicts between reports (seed 004 §2.3 detectConflicts, judged both ways) and the engine's
// contradiction edges between sources (seed 000 §提案1, judged one way: a passage against a claim).
// One rule, so a pair the engine calls a contradiction and a pair consensus calls a conflict mean the
// same thing; the trust-level classes of a contradiction are in contradiction.ts.
import type { Stance } from '../core/index.js';

/**
 * How far the contradiction probability must lead the other classes (seed 004
 * ConsensusResearchConfig.conflictThreshold, 矛盾許容閾値, default 0.1): a near-tie between refutes and
 * neutral is tolerated, not a conflict.
 */
export const CONFLICT_THRESHOLD = 0.1;
/**
 * Least confidence of a refutes judgement for it to count as a contradiction; also the least
 * confidence of a supports judgement for its page to back a side of one. A false contradiction can
 * block a domain (seed 000 L6), so a judge that is less sure of refutes than not is not enough.
 */
export const CONTRADICTION_MIN_CONFIDENCE = 0.5;
/**
 * Least share of content terms a refuting sentence and the claim it refutes have in common (of the
 * smaller term set): two texts about different things do not contradict each other, whatever a
 * stance model says.
 */
export const CONTRADICTION_MIN_OVERLAP = 0.2;
/** Embedding cosine from which two statements of different reports are judged against each other. */
export const RELATED_MIN_COSINE = 0.5;
/** Without embeddings: shared content terms over the smaller statement's, and at least this many shared. */
export const RELATED_MIN_OVERLAP = 0.3;
export const RELATED_MIN_SHARED_TERMS = 2;

/** One judgement as the rule reads it: a model's `StanceJudgement`, or a stored stance edge's fields. */
export interface StanceReading {
  stance: Stance;
  confidence: number;
  /**
   * The judge's probability of each class. Absent for a person's label (a feedback correction keeps
   * the model's earlier scores, which are no longer the judge's) and for edges stored before scores
   * were kept: then the confidence alone decides.
   */
  scores?: Record<Stance, number> | undefined;
}

/**
 * One direction: the judge says refutes, with at least CONTRADICTION_MIN_CONFIDENCE, and its
 * refutes probability leads supports and neutral by at least `threshold`.
 */
export function isContradiction(j: StanceReading, threshold: number = CONFLICT_THRESHOLD): boolean {
  if (j.stance !== 'refutes' || j.confidence < CONTRADICTION_MIN_CONFIDENCE) return false;
  if (!j.scores) return true;
  return j.scores.refutes - Math.max(j.scores.supports, j.scores.neutral) >= threshold;
}

/**
 * Two statements conflict when each, read as the passage, contradicts the other as the claim. A
 * contradiction is symmetric; entailment and neutrality are not, so requiring both directions keeps
 * "A elaborates B" (refutes one way, supports or neutral the other) from counting.
 */
export function isConflictBothWays(forward: StanceReading, reverse: StanceReading, threshold: number = CONFLICT_THRESHOLD): boolean {
  return isContradiction(forward, threshold) && isContradiction(reverse, threshold);
}

/**
 * Relatedness of two statements by their content terms: shared terms over the smaller set's size, 0
 * below RELATED_MIN_SHARED_TERMS shared (one common word says little about a topic).
 */
export function termRelatedness(a: readonly string[], b: readonly string[]): number {
  const setB = new Set(b);
  const shared = a.filter((t) => setB.has(t)).length;
  if (shared < RELATED_MIN_SHARED_TERMS) return 0;
  return shared / Math.max(1, Math.min(a.length, b.length));
}
