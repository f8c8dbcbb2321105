// Which verdict a set of stance probabilities leans to, ignoring neutral: the side a neutral passage is
// shown leaning to (the answer's closest passages, `lyra verify`), and the side a second judge must agree
// on. One rule everywhere, so a passage never leans one way in the report and the other in the terminal.
import type { Stance } from './enums.js';

/** The larger of the supports and refutes probabilities' side; a tie leans to supports. */
export function leaningSide(scores: Readonly<Record<Stance, number>>): 'supports' | 'refutes' {
  return scores.supports >= scores.refutes ? 'supports' : 'refutes';
}
