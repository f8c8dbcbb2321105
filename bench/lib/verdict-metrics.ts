// Metrics of the edges a reader sees: per-label precision and recall of the product's decisions, and
// what the ranking could give at a target recall (the best precision of any score threshold).
import type { Stance } from '../../src/core/index.js';

export interface EdgeScores {
  label: 'supports' | 'refutes';
  gold: number;
  predicted: number;
  correct: number;
  precision: number;
  recall: number;
  /** Best precision of a threshold on the label's probability reaching recall ≥ 0.2 (ranking quality). */
  precisionAtRecall20: number;
}

export interface JudgedPair {
  gold: Stance;
  predicted: Stance;
  scores: Record<Stance, number>;
}

export function precisionAtRecall(scored: readonly { score: number; positive: boolean }[], recall: number): number {
  const total = scored.filter((s) => s.positive).length;
  if (total === 0) return 0;
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  let tp = 0;
  let best = 0;
  sorted.forEach((s, i) => {
    if (s.positive) tp++;
    if (tp / total >= recall) best = Math.max(best, tp / (i + 1));
  });
  return best;
}

export function edgeScores(pairs: readonly JudgedPair[]): EdgeScores[] {
  return (['supports', 'refutes'] as const).map((label) => {
    const gold = pairs.filter((p) => p.gold === label).length;
    const predicted = pairs.filter((p) => p.predicted === label).length;
    const correct = pairs.filter((p) => p.predicted === label && p.gold === label).length;
    return {
      label,
      gold,
      predicted,
      correct,
      precision: predicted > 0 ? correct / predicted : 0,
      recall: gold > 0 ? correct / gold : 0,
      precisionAtRecall20: precisionAtRecall(
        pairs.map((p) => ({ score: p.scores[label], positive: p.gold === label })),
        0.2,
      ),
    };
  });
}

/** Macro-F1 and confusion over any label set (labels absent from gold still count when predicted). */
export function confusionScores<L extends string>(
  labels: readonly L[],
  gold: readonly L[],
  predicted: readonly L[],
): {
  macroF1: number;
  accuracy: number;
  f1: Record<L, number>;
  confusion: Record<L, Record<L, number>>;
} {
  const confusion = Object.fromEntries(labels.map((g) => [g, Object.fromEntries(labels.map((p) => [p, 0]))])) as Record<L, Record<L, number>>;
  gold.forEach((g, i) => confusion[g][predicted[i]!]++);
  const f1 = {} as Record<L, number>;
  for (const l of labels) {
    const tp = confusion[l][l];
    const fp = labels.reduce((s, g) => s + (g === l ? 0 : confusion[g][l]), 0);
    const fn = labels.reduce((s, p) => s + (p === l ? 0 : confusion[l][p]), 0);
    f1[l] = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  const present = labels.filter((l) => gold.includes(l));
  return {
    macroF1: present.length ? present.reduce((s, l) => s + f1[l], 0) / present.length : 0,
    accuracy: gold.length ? labels.reduce((s, l) => s + confusion[l][l], 0) / gold.length : 0,
    f1,
    confusion,
  };
}

/** The stances a reader sees and the most probable ones, scored against three-way gold labels (NLI suites). */
export function shownAndArgmax(
  gold: readonly Stance[],
  judgements: readonly { stance: Stance; scores: Record<Stance, number> }[],
): { shown: ReturnType<typeof confusionScores<Stance>>; argmax: ReturnType<typeof confusionScores<Stance>> } {
  const labels: readonly Stance[] = ['supports', 'refutes', 'neutral'];
  return {
    shown: confusionScores(
      labels,
      gold,
      judgements.map((j) => j.stance),
    ),
    argmax: confusionScores(
      labels,
      gold,
      judgements.map((j) => labels.reduce((b, l) => (j.scores[l] > j.scores[b] ? l : b), 'neutral' as Stance)),
    ),
  };
}

export const fmt = (x: number): string => x.toFixed(3);
