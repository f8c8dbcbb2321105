// Phase 7 step 2, second half: candidate pairs not judged yet go to the StanceModel in batches; each
// judged pair is stored as an edge (neutral too, so it is never judged twice) with the model's
// confidence and decisive sentence. Each batch is written in one transaction as soon as it returns.
import { decisiveFields } from './decisive-span.js';
import {
  NonRetryableError,
  throwIfAborted,
  type Claim,
  type Fragment,
  type StanceEdge,
  judgeFields,
  modelJudge,
  type StanceJudgement,
  type StanceModel,
  type StancePair,
  type Store,
} from '../../core/index.js';
import { stanceEdgeId } from './edge-ids.js';

/** Probabilities as stored: 4 decimals (what a reader needs; keeps the stored JSON small). */
function roundScores(scores: StanceJudgement['scores']): StanceJudgement['scores'] {
  const r = (x: number): number => Math.round(x * 1e4) / 1e4;
  return { supports: r(scores.supports), refutes: r(scores.refutes), neutral: r(scores.neutral) };
}

export interface StancePairInput {
  claim: Claim;
  fragment: Fragment;
  /** What the model reads: the fragment's rationale sentences for the claim (default: the whole fragment). */
  passage?: string;
  /** What the model reads as the claim: the claim in the name the passage uses for its subject (claim-readings.ts); default its statement. */
  statement?: string;
}

/** The model's judgement of each pair, in order, or a typed error when it answers another number of them. */
export async function judgeEach(stance: StanceModel, pairs: StancePair[], signal: AbortSignal | undefined): Promise<StanceJudgement[]> {
  const judgements = await stance.judge(pairs, signal ? { signal } : {});
  if (judgements.length !== pairs.length) {
    throw new NonRetryableError(`stance model ${stance.name}: returned ${judgements.length} judgements for ${pairs.length} pairs`, {
      code: 'model_output_invalid',
      details: { model: stance.name },
    });
  }
  return judgements;
}

/** The stance edge a model's judgement of (claim, fragment) is stored as. */
export function edgeFromJudgement(input: {
  taskId: string;
  claimId: string;
  fragment: Fragment;
  judgement: StanceJudgement;
  stance: StanceModel;
  now: string;
  /** The claim as the model read it, when not as stated (StancePairInput.statement). */
  readAs?: string;
}): StanceEdge {
  const { taskId, claimId, fragment, judgement, stance } = input;
  return {
    id: stanceEdgeId(taskId, fragment.id, claimId),
    taskId,
    kind: judgement.stance,
    fragmentId: fragment.id,
    claimId,
    confidence: judgement.confidence,
    scores: roundScores(judgement.scores),
    ...decisiveFields(fragment.text, judgement.decisiveSentence),
    // A calibrating wrapper says which backend and version judged the batch; another model is its own backend.
    ...judgeFields(stance.calibration ? modelJudge(stance.calibration.backend, stance.calibration.version) : modelJudge(stance.name)),
    ...(input.readAs !== undefined ? { readAs: input.readAs } : {}),
    createdAt: input.now,
  };
}

export async function judgePairs(
  deps: { store: Store; stance: StanceModel },
  input: { taskId: string; pairs: StancePairInput[]; batchSize: number; signal?: AbortSignal },
): Promise<StanceEdge[]> {
  const { store, stance } = deps;
  const { taskId, pairs, batchSize, signal } = input;
  const out: StanceEdge[] = [];
  for (let k = 0; k < pairs.length; k += batchSize) {
    throwIfAborted(signal);
    const batch = pairs.slice(k, k + batchSize);
    const judgements = await judgeEach(
      stance,
      batch.map((p) => ({ claim: p.statement ?? p.claim.statement, passage: p.passage ?? p.fragment.text })),
      signal,
    );
    const now = new Date().toISOString();
    const edges = batch.map((p, j) =>
      edgeFromJudgement({
        taskId,
        claimId: p.claim.id,
        fragment: p.fragment,
        judgement: judgements[j]!,
        stance,
        now,
        ...(p.statement !== undefined ? { readAs: p.statement } : {}),
      }),
    );
    store.transaction(() => {
      for (const e of edges) store.insertEdge(e);
    });
    out.push(...edges);
  }
  return out;
}
