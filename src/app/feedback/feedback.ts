// Feedback corrections (MCP `feedback`, the browser UI's actions): a person or a client says an edge's
// stance is wrong (the right label), a claim is rejected (or restored), or a fragment is irrelevant. Each correction is stored with
// who / when / why, applied to the graph (stance edges replaced, never deleted), kept as calibration
// samples of the backend that judged the edges, and the task's statuses are recomputed.
import type { z } from 'zod';
import {
  feedbackJudge,
  type feedbackOutcomeSchema,
  type recomputeSummarySchema,
  judgeFields,
  InvalidInputError,
  newId,
  type CalibrationSample,
  type FeedbackEdgeChange,
  type FeedbackRecord,
  type Stance,
  type StanceEdge,
  type Store,
  isOriginModel,
} from '../../core/index.js';
import { rawConfidence } from './calibration.js';

/** A correction as given: the stored record without what storing it adds (id, time, graph changes). */
export type FeedbackInput = Omit<FeedbackRecord, 'id' | 'createdAt' | 'changes'>;

/** What a recompute of the task changed (core/schemas/feedback.ts). */
export type RecomputeSummary = z.infer<typeof recomputeSummarySchema>;

/** A correction applied (core/schemas/feedback.ts: the MCP tool's output schema is derived from it). */
export type FeedbackOutcome = z.infer<typeof feedbackOutcomeSchema>;

function isStanceEdge(e: { kind: string }): e is StanceEdge {
  return e.kind === 'supports' || e.kind === 'refutes' || e.kind === 'neutral';
}

/** The backend's own judgement of an edge, for a sample: stored samples first (an edge corrected twice), then the edge. */
function judgementOf(store: Store, edge: StanceEdge): { backend: string; predicted: Stance; confidence: number } | undefined {
  const earlier = store.getCalibrationSample(edge.id);
  if (earlier) return { backend: earlier.backend, predicted: earlier.predicted, confidence: earlier.confidence };
  // An edge stored with no model name at all says no backend judged it: no sample for anyone.
  if (edge.judge.by !== 'model' || edge.model === undefined) return undefined;
  const raw = rawConfidence(store, edge.judge, edge.confidence);
  return { backend: edge.judge.backend, predicted: edge.kind, confidence: raw.confidence };
}

function requireTaskEdge(store: Store, taskId: string, edgeId: string): StanceEdge {
  const edge = store.getEdge(edgeId);
  if (!edge || edge.taskId !== taskId)
    throw new InvalidInputError(`feedback: task ${taskId} has no edge ${edgeId}`, { code: 'edge_not_found', details: { taskId, edgeId } });
  if (!isStanceEdge(edge))
    throw new InvalidInputError(`feedback: edge ${edgeId} is a ${edge.kind} edge; only supports/refutes/neutral edges take a stance correction`, {
      code: 'edge_not_stance',
      details: { edgeId, kind: edge.kind },
    });
  if (isOriginModel(edge)) {
    throw new InvalidInputError(
      `feedback: edge ${edgeId} links claim ${edge.claimId} to the sentence it was extracted from; reject the claim (kind claim_rejected) instead`,
      {
        code: 'edge_is_origin',
        details: { edgeId, claimId: edge.claimId },
      },
    );
  }
  return edge;
}

/** Validates, applies and records one correction in a single transaction, then recomputes the task. */
export function applyFeedback(deps: { store: Store; recompute?: (taskId: string) => RecomputeSummary }, input: FeedbackInput): FeedbackOutcome {
  const { store } = deps;
  if (!store.getTask(input.taskId))
    throw new InvalidInputError(`feedback: no task ${input.taskId}`, { code: 'task_not_found', details: { taskId: input.taskId } });
  const id = newId('fb');
  const at = new Date().toISOString();
  const author = input.author.trim();
  const byPerson = judgeFields(feedbackJudge(author));
  const changes: FeedbackEdgeChange[] = [];
  const samples: CalibrationSample[] = [];
  const originClaims: string[] = [];

  const correct = (edge: StanceEdge, to: Stance): void => {
    const judged = judgementOf(store, edge);
    changes.push({
      edgeId: edge.id,
      claimId: edge.claimId,
      fragmentId: edge.fragmentId,
      from: edge.kind,
      to,
      ...(edge.model ? { model: edge.model } : {}),
      confidence: edge.confidence,
    });
    if (judged)
      samples.push({
        edgeId: edge.id,
        taskId: input.taskId,
        feedbackId: id,
        backend: judged.backend,
        predicted: judged.predicted,
        confidence: judged.confidence,
        label: to,
        createdAt: at,
      });
    // The person's label replaces the model's: full confidence, and the edge says who decided it.
    if (edge.kind !== to || edge.model !== byPerson.model) store.replaceEdge({ ...edge, kind: to, confidence: 1, ...byPerson });
  };

  store.transaction(() => {
    switch (input.kind) {
      case 'edge_stance': {
        if (!input.label) throw new InvalidInputError('feedback: kind edge_stance needs label (supports, refutes or neutral)', { code: 'label_required' });
        correct(requireTaskEdge(store, input.taskId, input.targetId), input.label);
        break;
      }
      case 'fragment_irrelevant': {
        const fragment = store.getFragment(input.targetId);
        const page = fragment ? store.getPage(fragment.pageId) : undefined;
        if (!fragment || page?.taskId !== input.taskId) {
          throw new InvalidInputError(`feedback: task ${input.taskId} has no fragment ${input.targetId}`, {
            code: 'fragment_not_found',
            details: { taskId: input.taskId, fragmentId: input.targetId },
          });
        }
        for (const e of store.listEdges(input.taskId)) {
          if (!isStanceEdge(e) || e.fragmentId !== fragment.id) continue;
          if (isOriginModel(e)) originClaims.push(e.claimId);
          else correct(e, 'neutral');
        }
        break;
      }
      case 'claim_rejected':
      case 'claim_restored': {
        if (!store.getClaim(input.taskId, input.targetId)) {
          throw new InvalidInputError(`feedback: task ${input.taskId} has no claim ${input.targetId}`, {
            code: 'claim_not_found',
            details: { taskId: input.taskId, claimId: input.targetId },
          });
        }
        if (input.kind === 'claim_restored' && !rejectedClaims(store, input.taskId).has(input.targetId)) {
          throw new InvalidInputError(`feedback: claim ${input.targetId} of task ${input.taskId} is not rejected, so there is nothing to restore`, {
            code: 'claim_not_rejected',
            details: { taskId: input.taskId, claimId: input.targetId },
          });
        }
        break;
      }
    }
    const record: FeedbackRecord = {
      id,
      taskId: input.taskId,
      kind: input.kind,
      targetId: input.targetId,
      ...(input.label && input.kind === 'edge_stance' ? { label: input.label } : {}),
      author,
      reason: input.reason.trim(),
      createdAt: at,
      changes,
    };
    store.insertFeedback(record, samples);
  });
  const feedback = store.listFeedback({ targetId: input.targetId }).find((f) => f.id === id)!;
  const recomputed = changes.some((c) => c.from !== c.to) && deps.recompute ? deps.recompute(input.taskId) : undefined;
  return { feedback, samples: samples.length, originClaims, ...(recomputed ? { recomputed } : {}) };
}

/** Claims of a task rejected by feedback and not restored since, with the latest rejection (records in the order they were made). */
export function rejectedClaims(store: Store, taskId: string): Map<string, FeedbackRecord> {
  const out = new Map<string, FeedbackRecord>();
  for (const f of store.listFeedback({ taskId })) {
    if (f.kind === 'claim_rejected') out.set(f.targetId, f);
    else if (f.kind === 'claim_restored') out.delete(f.targetId);
  }
  return out;
}
