// From per-sentence probabilities to one judgement of the passage, for backends with one threshold
// (the `transformers` backend; the embedded model uses the precision-first rule of decide.ts).
//
// Rule:
// 1. Every sentence gets calibrated probabilities (supports, refutes, neutral).
// 2. Candidates are the sentences whose supports or refutes probability is at least the threshold
//    (even when neutral is higher: the threshold is fitted per model, and a threshold ≥ 0.5 implies
//    that the candidate's class is its most probable one), except sentences that state no finding
//    (a study's procedure, a caption, a glossary run: evidential.ts).
// 3. The candidate with the highest supports or refutes probability decides: the judgement takes
//    that class, its probabilities as `scores`, and it as the decisive sentence.
// 4. Otherwise the passage is neutral; the decisive sentence is the one with the least neutral
//    probability (the most relevant one), and `scores` are its probabilities.
// `confidence` is always `scores[stance]`. A supporting and a refuting sentence in the same passage
// do not cancel: the more confident one wins (the graph keeps contradictions at the claim level).
import type { StanceJudgement } from '../../core/index.js';
import { nonEvidenceReason } from './evidential.js';

export interface SentenceProbabilities {
  sentence: string;
  /** Calibrated [supports, refutes, neutral]. */
  probs: ArrayLike<number>;
}

export function aggregateSentences(sentences: readonly SentenceProbabilities[], threshold: number): StanceJudgement {
  if (sentences.length === 0) throw new Error('aggregateSentences needs at least one sentence');
  let best: SentenceProbabilities | undefined;
  let bestProb = -1;
  let bestClass = 2;
  let relevant = sentences[0]!;
  for (const s of sentences) {
    const [sup, ref] = [s.probs[0]!, s.probs[1]!];
    if (s.probs[2]! < relevant.probs[2]!) relevant = s;
    const cls = sup >= ref ? 0 : 1;
    const p = Math.max(sup, ref);
    if (p >= threshold && p > bestProb && !nonEvidenceReason(s.sentence)) {
      best = s;
      bestProb = p;
      bestClass = cls;
    }
  }
  const decisive = best ?? relevant;
  const stance = best ? (bestClass === 0 ? 'supports' : 'refutes') : 'neutral';
  const scores = { supports: decisive.probs[0]!, refutes: decisive.probs[1]!, neutral: decisive.probs[2]! };
  return { stance, confidence: scores[stance], scores, decisiveSentence: decisive.sentence };
}
