// A second reading of the first judge's edges (precision first, DESIGN principle 5): every supports or
// refutes judgement of the first judge is read again by a second judge on its decisive sentence, and is
// kept only when the second judge's most probable label is the same; otherwise it becomes neutral and
// keeps the first judge's probabilities (so "leans to supporting, p 0.78" still shows what it read).
// Under `models.stance.second_reading` (default `nli-refutes`) the embedded judge's English refutations
// are read again by the pretrained cross-encoder of models/nli-en; under `nli` its supports too. The two judges fail differently — the embedded network
// takes a "not" in the evidence for a refutation of a claim that reports counts ("Fractures occurred in
// 769 participants … and 750 …" against "… does not prevent fractures"), the cross-encoder does not — so
// the edges both read alike are the more precise ones (docs/guide.md, "Verdicts": Climate-FEVER's odd
// claims, refutes precision 0.259 → 0.455 at recall 0.018 → 0.013; supports 0.551 → 0.889 at recall
// 0.044 → 0.032, which costs the README quick start its answer, so supports are read again only under `nli`).
// Japanese claims keep the first reading: the second judge reads English only.
import { leaningSide, throwIfAborted, type Stance, type StanceJudgement, type StanceModel, type StancePair } from '../core/index.js';
import { stanceLanguage } from './stance/index.js';

export interface SecondReadingOptions {
  /** The judge whose edges are read again; the name is its own, with `+` and the second's when supports are read again. */
  first: StanceModel;
  /** Made on the first edge to read again (its weights load only when needed). */
  second: () => StanceModel;
  /** The second judge's name in the combined name (`embedded+nli`). */
  secondName: string;
  /** The edges read again (default both): refutes alone leaves every support as the first judge reads it. */
  edges?: ReadonlyArray<Exclude<Stance, 'neutral'>>;
}

/** The label with the highest probability; ties go to neutral, then supports (a tie is no agreement on an edge). */
export function mostProbable(scores: StanceJudgement['scores']): Stance {
  if (scores.neutral >= scores.supports && scores.neutral >= scores.refutes) return 'neutral';
  return leaningSide(scores);
}

export function withSecondReading(options: SecondReadingOptions): StanceModel {
  const { first } = options;
  const edges = new Set<Stance>(options.edges ?? ['supports', 'refutes']);
  let second: StanceModel | undefined;
  return {
    // Reading refutations only keeps the first judge's name: every probability stays the first judge's
    // and every support is its own, so the calibrations fitted for it (app/feedback) still apply. Reading
    // supports again changes what its edges mean, and the edges are stored under a name of their own.
    name: edges.has('supports') ? `${first.name}+${options.secondName}` : first.name,
    async judge(pairs: StancePair[], callOptions: { signal?: AbortSignal } = {}): Promise<StanceJudgement[]> {
      const judged = await first.judge(pairs, callOptions);
      const asked = judged.flatMap((j, i) => (edges.has(j.stance) && j.decisiveSentence && stanceLanguage(pairs[i]!.claim) !== 'ja' ? [i] : []));
      if (asked.length === 0) return judged;
      throwIfAborted(callOptions.signal);
      second ??= options.second();
      const reread = await second.judge(
        asked.map((i) => ({ claim: pairs[i]!.claim, passage: judged[i]!.decisiveSentence! })),
        callOptions,
      );
      const out = [...judged];
      asked.forEach((i, k) => {
        const j = judged[i]!;
        if (mostProbable(reread[k]!.scores) !== j.stance) out[i] = { ...j, stance: 'neutral', confidence: j.scores.neutral };
      });
      return out;
    },
  };
}
