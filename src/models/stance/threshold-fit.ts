// Fitting the precision-first decision: temperature by NLL, then per label the threshold (and, for
// English, the "same event" alignment minimums) that keep the most recall while the edges shown stay
// precise on every tuning set. Pure functions over per-sentence probabilities, shared by
// train:stance and the tests.
import type { Stance } from '../../core/index.js';
import type { Decision } from './descriptor.js';
import { sentenceVerdict, type JudgedSentence } from './decide.js';

export interface TuneItem extends JudgedSentence {
  gold: Stance;
}

/** Temperature minimizing the NLL of `logProbs` (log-probabilities at T = 1) on a grid then a refinement. */
export function fitTemperature(logProbs: readonly ArrayLike<number>[], gold: readonly number[]): number {
  const nll = (t: number): number => {
    let s = 0;
    logProbs.forEach((lp, i) => {
      let max = -Infinity;
      for (let k = 0; k < lp.length; k++) max = Math.max(max, lp[k]! / t);
      let z = 0;
      for (let k = 0; k < lp.length; k++) z += Math.exp(lp[k]! / t - max);
      s -= lp[gold[i]!]! / t - max - Math.log(z);
    });
    return s / Math.max(1, logProbs.length);
  };
  let best = 1;
  for (let t = 0.5; t <= 3.0001; t += 0.05) if (nll(t) < nll(best)) best = t;
  for (let t = best - 0.05; t <= best + 0.05; t += 0.005) if (t > 0 && nll(t) < nll(best)) best = t;
  return Math.round(best * 1000) / 1000;
}

export interface SetScore {
  set: string;
  precision: number;
  recall: number;
  shown: number;
}

export interface LabelFit {
  label: 'supports' | 'refutes';
  threshold: number;
  subject: number;
  rest: number;
  /** The target was met on every tuning set. */
  metTarget: boolean;
  scores: SetScore[];
}

/** Least pooled precision of the fallback: an edge shown must be right more often than not (DESIGN.md principle 5). */
export const FALLBACK_PRECISION = 0.5;

const GRID = Array.from({ length: 27 }, (_, i) => Math.round((0.3 + i * 0.025) * 1000) / 1000);
/**
 * Same event first, for supports as for refutes: a sentence that holds under half of the claim's
 * subject ("encephalopathy was associated with worse outcomes" for a claim about favipiravir) is never
 * evidence, whatever the tuning sets reward — their labels mark only the gold sentences, so an edge about
 * another subject can look no worse there than a right one elsewhere.
 */
export const MIN_SUBJECT_ALIGNMENT = 0.5;
const SUBJECT_GRID = [MIN_SUBJECT_ALIGNMENT, 0.75, 1];
/** And something of what the claim says of it (its predicate or object): a sentence sharing only the subject is about another fact. */
export const MIN_REST_ALIGNMENT = 0.25;
const REST_GRID = [MIN_REST_ALIGNMENT, 1 / 3, 0.5];

function score(items: readonly TuneItem[], label: 'supports' | 'refutes', d: Decision): { precision: number; recall: number; shown: number } {
  let shown = 0;
  let right = 0;
  let gold = 0;
  for (const it of items) {
    const v = sentenceVerdict(it, d);
    if (it.gold === label) gold++;
    if (v === label) {
      shown++;
      if (it.gold === label) right++;
    }
  }
  return { precision: shown > 0 ? right / shown : 0, recall: gold > 0 ? right / gold : 0, shown };
}

function pooledScore(
  sets: readonly { items: readonly TuneItem[] }[],
  label: 'supports' | 'refutes',
  scores: readonly SetScore[],
): { precision: number; recall: number; shown: number } {
  const gold = sets.reduce((a, s) => a + s.items.filter((it) => it.gold === label).length, 0);
  const shown = scores.reduce((a, s) => a + s.shown, 0);
  const right = scores.reduce((a, s) => a + s.precision * s.shown, 0);
  return { precision: shown > 0 ? right / shown : 0, recall: gold > 0 ? right / gold : 0, shown };
}

/**
 * The label's decision that keeps the highest mean recall while precision ≥ `target` on every set
 * (with at least `minShown` edges shown in each). When no decision meets the target — the model is
 * not that good on these sets — precision still comes first: among decisions that show at least
 * `fallbackShown` edges in all, the one with the most recall whose precision pooled over the sets is at
 * least FALLBACK_PRECISION (right more often than wrong); failing that, the most precise one.
 */
export function fitLabel(options: {
  label: 'supports' | 'refutes';
  sets: { name: string; items: readonly TuneItem[] }[];
  base: Decision;
  target: number;
  minShown?: number;
  fallbackShown?: number;
  gate: boolean;
  /** Thresholds tried (default 0.3 … 0.95 by 0.025); a sharper model needs a finer top end. */
  grid?: readonly number[];
}): LabelFit {
  const { label, sets, base, target } = options;
  const minShown = options.minShown ?? 10;
  const fallbackShown = options.fallbackShown ?? 20;
  let best: { fit: LabelFit; key: number } | undefined;
  let fallback: { fit: LabelFit; key: number } | undefined;
  for (const threshold of options.grid ?? GRID) {
    for (const subject of options.gate ? SUBJECT_GRID : [0]) {
      for (const rest of options.gate ? REST_GRID : [0]) {
        const d: Decision =
          label === 'refutes'
            ? { ...base, refutes: threshold, refuteSubject: subject, refuteRest: rest }
            : { ...base, supports: threshold, supportSubject: subject, supportRest: rest };
        const scores = sets.map((s) => ({ set: s.name, ...score(s.items, label, d) }));
        const meanRecall = scores.reduce((a, s) => a + s.recall, 0) / scores.length;
        const met = scores.every((s) => s.precision >= target && s.shown >= minShown);
        const fit: LabelFit = { label, threshold, subject, rest, metTarget: met, scores };
        if (met && (!best || meanRecall > best.key)) best = { fit, key: meanRecall };
        // Pooled over the sets: a set where only a handful of edges are shown cannot swing the choice.
        const pooled = pooledScore(sets, label, scores);
        if (pooled.shown >= fallbackShown) {
          // Right more often than wrong first (most recall among those), else the most precise.
          const key = pooled.precision >= FALLBACK_PRECISION ? 1 + pooled.recall : pooled.precision;
          if (!fallback || key > fallback.key) fallback = { fit, key };
        }
      }
    }
  }
  const chosen = best?.fit ?? fallback?.fit;
  if (!chosen) return { label, threshold: 0.95, subject: 1, rest: 1, metTarget: false, scores: [] };
  return chosen;
}
