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

export function labelScores(gold: readonly Label[], predicted: readonly Label[]): { macroF1: number; accuracy: number; perClass: Record<Label, ClassScores>; confusion: Record<Label, Record<Label, number>> } {
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
  return { macroF1: LABELS.reduce((s, l) => s + perClass[l].f1, 0) / LABELS.length, accuracy: gold.length > 0 ? correct / gold.length : 0, perClass, confusion };
}
