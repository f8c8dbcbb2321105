// Rules applied to the network's calibrated probabilities of one (claim, sentence) pair. They pin
// behaviour that must hold whatever the training run learned (issue 5's pinned tests):
//
// 1. Unrelated: no claim content word occurs in the sentence (same stem or same number) and fewer
//    than a third have a close word vector (cosine ≥ 0.7) there. The sentence cannot address the
//    claim, so supports/refutes mass moves to neutral (each keeps UNRELATED_KEEP of its mass).
// 2. Contrast veto: most of the claim occurs in the sentence (≥ half its content words by stem) and
//    the rest differs by a contrast: a number of the claim that the sentence lacks (within 5 %) while
//    the sentence has numbers; or opposite polarity. Polarity: when both sides carry direction words
//    (increase/decrease…, flipped under negation) their signs decide; otherwise a negation that
//    covers aligned words on one side only, XOR an antonym pair on aligned words ("does not
//    increase" vs "decreases" cancels out). If the network said supports, supports and refutes swap
//    their probabilities: the cue that made it look supporting is evidence of the contrast.
import { HAND_FEATURES, type PreparedText } from './features.js';

/** Share of supports/refutes probability kept when rule 1 applies. */
export const UNRELATED_KEEP = 0.1;
/** Relative tolerance when matching a claim number in the sentence ("50 %" ~ "49.6 %"). */
export const NUMBER_TOLERANCE = 0.05;

export type GuardName = 'unrelated' | 'contrast';

const at = (name: (typeof HAND_FEATURES)[number]): number => HAND_FEATURES.indexOf(name);
const EXACT = at('exact_frac');
const SOFT = at('soft_frac');
const SCOPE = at('neg_scope_mismatch');
const ANTONYM = at('antonym_aligned');

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= NUMBER_TOLERANCE * Math.max(Math.abs(a), Math.abs(b), 1e-9);
}

/** Which rule applies to a pair, if any (computed from the pair's hand features and prepared texts). */
export function guardOf(claim: PreparedText, sentence: PreparedText, hand: Float32Array): GuardName | undefined {
  if (claim.content.length === 0) return undefined;
  const exact = hand[EXACT]!;
  if (exact === 0 && hand[SOFT]! < 1 / 3) return 'unrelated';
  if (exact < 0.5) return undefined;
  const numberMissing = claim.numbers.length > 0 && sentence.numbers.length > 0 && claim.numbers.some((a) => !sentence.numbers.some((b) => near(a, b)));
  if (numberMissing) return 'contrast';
  if (claim.direction !== 0 && sentence.direction !== 0) return Math.sign(claim.direction) !== Math.sign(sentence.direction) ? 'contrast' : undefined;
  const negationFlip = hand[SCOPE]! > 0 && claim.negations > 0 !== sentence.negations > 0;
  const antonymFlip = hand[ANTONYM]! > 0;
  return negationFlip !== antonymFlip ? 'contrast' : undefined;
}

/** Applies a rule to calibrated [supports, refutes, neutral] probabilities (a new array). */
export function applyGuard(probs: Float32Array, guard: GuardName | undefined): Float32Array {
  const out = probs.slice();
  if (guard === 'unrelated') {
    out[0] = probs[0]! * UNRELATED_KEEP;
    out[1] = probs[1]! * UNRELATED_KEEP;
    out[2] = 1 - out[0]! - out[1]!;
  } else if (guard === 'contrast' && probs[0]! >= probs[1]! && probs[0]! >= probs[2]!) {
    out[0] = probs[1]!;
    out[1] = probs[0]!;
  }
  return out;
}
