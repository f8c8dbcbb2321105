// Precision first: from one sentence's calibrated probabilities to the edge a reader sees, and from a
// passage's sentences to one judgement.
//
// A sentence supports (refutes) the claim only when the network is confident enough — its calibrated
// probability reaches the label's threshold, fitted on the tuning data for precision (see the model
// card) — and, for English, when the sentence is about the same thing: it holds enough of the claim's
// subject and of what the claim says of it (alignment.ts). Otherwise it is neutral and keeps its
// probabilities. Of a passage, the most probable supporting or refuting sentence decides — a sentence
// that states no finding (a study's procedure, a caption, a glossary run: evidential.ts) never does, nor
// one about other conditions than the claim's (extract/claims/conditions.ts); with none, the passage is
// neutral and its decisive sentence is the most relevant one (least neutral). Nor does a sentence that
// reports the claim's subject taken away (extract/claims/withdrawal.ts): its direction runs against the claim's.
import type { Stance, StanceJudgement } from '../../core/index.js';
import type { SlotAlignment } from './alignment.js';
import type { Decision } from './descriptor.js';
import { conditionsDisjoint, detectLanguage, statementConditions, withdrawalCheck, type NumericCondition } from '../../extract/index.js';
import { nonEvidenceReason } from './evidential.js';

export interface JudgedSentence {
  sentence: string;
  /** Calibrated [supports, refutes, neutral]. */
  probs: ArrayLike<number>;
  /** English only: how much of the claim's slots the sentence holds. */
  alignment?: SlotAlignment;
}

export function sentenceVerdict(s: JudgedSentence, d: Decision): Stance {
  const [sup, ref] = [s.probs[0]!, s.probs[1]!];
  const a = s.alignment;
  if (ref >= d.refutes && ref > sup && (!a || (a.subject >= d.refuteSubject && a.rest >= d.refuteRest))) return 'refutes';
  if (sup >= d.supports && sup >= ref && (!a || (a.subject >= d.supportSubject && a.rest >= d.supportRest))) return 'supports';
  return 'neutral';
}

/**
 * Of a passage, the sentence that decides. With `claim`, a sentence about other conditions than the claim's
 * — an exposure of another length, another dose a day, people of another age (extract/claims/conditions.ts:
 * "for less than 30 minutes" against "for at least 30 minutes") — cannot decide either: it speaks of another
 * situation.
 */
export function decidePassage(sentences: readonly JudgedSentence[], d: Decision, options: { claim?: string } = {}): StanceJudgement {
  if (sentences.length === 0) throw new Error('decidePassage needs at least one sentence');
  let best: { s: JudgedSentence; stance: Stance; p: number } | undefined;
  let relevant = sentences[0]!;
  let claimConditions: NumericCondition[] | undefined;
  const otherConditions = (sentence: string): boolean => {
    if (options.claim === undefined) return false;
    claimConditions ??= statementConditions(options.claim, detectLanguage(options.claim));
    return claimConditions.length > 0 && conditionsDisjoint(claimConditions, statementConditions(sentence, detectLanguage(sentence)));
  };
  let withdrawn: ((sentence: string) => boolean) | undefined;
  const reversed = (sentence: string): boolean => {
    if (options.claim === undefined) return false;
    withdrawn ??= withdrawalCheck(options.claim, detectLanguage(options.claim));
    return withdrawn(sentence);
  };
  for (const s of sentences) {
    if (s.probs[2]! < relevant.probs[2]!) relevant = s;
    const stance = sentenceVerdict(s, d);
    // A study's procedure, a caption, a glossary run states no finding: it cannot decide (evidential.ts).
    // Nor can a sentence about the subject taken away, whose direction runs against the claim's
    // (extract/claims/withdrawal.ts: "after Calgary stopped adding fluoride …, tooth decay increased").
    if (stance === 'neutral' || nonEvidenceReason(s.sentence) || otherConditions(s.sentence) || reversed(s.sentence)) continue;
    const p = s.probs[stance === 'supports' ? 0 : 1]!;
    if (!best || p > best.p) best = { s, stance, p };
  }
  const decisive = best?.s ?? relevant;
  const stance = best?.stance ?? 'neutral';
  const scores = { supports: decisive.probs[0]!, refutes: decisive.probs[1]!, neutral: decisive.probs[2]! };
  return { stance, confidence: scores[stance], scores, decisiveSentence: decisive.sentence };
}

/** Softmax of logits divided by a temperature. */
export function calibrated(logits: ArrayLike<number>, temperature: number): Float32Array {
  const out = new Float32Array(logits.length);
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) max = Math.max(max, logits[i]! / temperature);
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += out[i] = Math.exp(logits[i]! / temperature - max);
  for (let i = 0; i < out.length; i++) out[i]! /= sum;
  return out;
}
