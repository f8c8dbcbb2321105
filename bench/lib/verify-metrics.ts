// Label metrics for bench:verify: Check-COVID labels against Lyra claim statuses.
import type { ClaimStatus } from '../../src/core/index.js';

export const LABELS = ['SUPPORT', 'REFUTE', 'NOTENOUGHINFO'] as const;
export type Label = (typeof LABELS)[number];

/**
 * The mapping, documented in docs/PIPELINE.md: a supported status (VERIFIED or CONDITIONED) is
 * SUPPORT, REFUTED is REFUTE, anything else (UNSUPPORTED, CONTESTED) is NOTENOUGHINFO.
 */
export function labelOfStatus(status: ClaimStatus): Label {
  if (status === 'VERIFIED' || status === 'CONDITIONED') return 'SUPPORT';
  if (status === 'REFUTED') return 'REFUTE';
  return 'NOTENOUGHINFO';
}

export interface ClassScores {
  precision: number;
  recall: number;
  f1: number;
  support: number;
}

export function labelScores(
  gold: readonly Label[],
  predicted: readonly Label[],
): { macroF1: number; accuracy: number; perClass: Record<Label, ClassScores>; confusion: Record<Label, Record<Label, number>> } {
  const confusion = Object.fromEntries(LABELS.map((g) => [g, Object.fromEntries(LABELS.map((p) => [p, 0]))])) as Record<Label, Record<Label, number>>;
  gold.forEach((g, i) => confusion[g][predicted[i]!]++);
  const perClass = {} as Record<Label, ClassScores>;
  for (const l of LABELS) {
    const tp = confusion[l][l];
    const predictedL = LABELS.reduce((s, g) => s + confusion[g][l], 0);
    const goldL = LABELS.reduce((s, p) => s + confusion[l][p], 0);
    const precision = predictedL > 0 ? tp / predictedL : 0;
    const recall = goldL > 0 ? tp / goldL : 0;
    perClass[l] = { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0, support: goldL };
  }
  const correct = LABELS.reduce((s, l) => s + confusion[l][l], 0);
  return {
    macroF1: LABELS.reduce((s, l) => s + perClass[l].f1, 0) / LABELS.length,
    accuracy: gold.length > 0 ? correct / gold.length : 0,
    perClass,
    confusion,
  };
}

/**
 * The best macro-F1 any system can reach when it answers identical claim texts identically (as an
 * open-retrieval verifier does): Check-COVID pairs every NOTENOUGHINFO claim with a SUPPORT or REFUTE
 * claim of the same text, whose label differs only by the evidence sentences the annotator chose.
 * Each text gets one label; texts labelled {X, NOTENOUGHINFO} answer X or NOTENOUGHINFO (every split
 * tried), any other text its most frequent label.
 */
export function textDeterministicCeiling(items: ReadonlyArray<{ claim: string; label: Label }>): number {
  const groups = new Map<string, Label[]>();
  for (const i of items) groups.set(i.claim, [...(groups.get(i.claim) ?? []), i.label]);
  const mixed = (x: Label) =>
    [...groups.values()].filter((g) => g.includes('NOTENOUGHINFO') && g.includes(x) && g.every((l) => l === x || l === 'NOTENOUGHINFO'));
  const sn = mixed('SUPPORT');
  const rn = mixed('REFUTE');
  const rest = [...groups.values()].filter((g) => !sn.includes(g) && !rn.includes(g));
  const majority = (g: Label[]): Label => LABELS.reduce((best, l) => (g.filter((x) => x === l).length > g.filter((x) => x === best).length ? l : best), g[0]!);
  let best = 0;
  for (let a = 0; a <= sn.length; a++) {
    for (let b = 0; b <= rn.length; b++) {
      const gold: Label[] = [];
      const pred: Label[] = [];
      const add = (g: Label[], p: Label): void => g.forEach((l) => (gold.push(l), pred.push(p)));
      sn.forEach((g, i) => add(g, i < a ? 'NOTENOUGHINFO' : 'SUPPORT'));
      rn.forEach((g, i) => add(g, i < b ? 'NOTENOUGHINFO' : 'REFUTE'));
      rest.forEach((g) => add(g, majority(g)));
      best = Math.max(best, labelScores(gold, pred).macroF1);
    }
  }
  return best;
}
