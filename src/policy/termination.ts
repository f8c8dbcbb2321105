// When the autonomous research loop stops (seed 001 終了条件). Returns which rule fired, and which
// rule is closest to firing for progress displays.

/** Gap closure rate that, with converged confidences, ends the loop. */
export const COVERAGE_TARGET = 0.75;
/** Top-K claim confidences count as stable when no one moves more than eps between rounds… */
export const CONVERGENCE_EPS = 0.02;
/** …for τ consecutive rounds. */
export const CONVERGENCE_TAU = 3;
/** Marginal utility below this for N rounds running ends the loop. */
export const MARGINAL_UTILITY_MIN = 0.15;
export const MARGINAL_UTILITY_RUNS = 3;
/** Over budget, the loop ends once coverage reaches this floor. */
export const MIN_COVERAGE_ON_BUDGET = 0.55;
/** Rounds after which the loop ends whatever the metrics. */
export const HARD_CAP_ROUNDS = 12;

export type TerminationRule = 'coverage_converged' | 'marginal_utility' | 'budget_min_coverage' | 'hard_cap';

export interface TerminationState {
  /** Rounds completed (1-based count). */
  round: number;
  /** Gap closure rate 0..1. */
  coverage: number;
  /** Top-K claim confidences after each completed round, oldest first, keyed by claim id. */
  topKHistory: ReadonlyArray<Readonly<Record<string, number>>>;
  /** Marginal utility of each completed round, oldest first. */
  marginalUtility: readonly number[];
  overBudget: boolean;
}

export interface TerminationDecision {
  stop: boolean;
  rule?: TerminationRule;
  /** Stable rounds so far (for display). */
  stableRounds: number;
  /** Consecutive low-utility rounds so far. */
  lowUtilityRuns: number;
  /** The rule nearest to firing and how far along it is (0..1), when none fired. */
  closest: { rule: TerminationRule; progress: number };
}

/** Largest confidence move of any claim present in both snapshots; a claim entering or leaving counts as a move of 1. */
export function confidenceShift(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): number {
  let shift = 0;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[k];
    const y = b[k];
    shift = Math.max(shift, x === undefined || y === undefined ? 1 : Math.abs(x - y));
  }
  return shift;
}

/** Consecutive most recent round-to-round shifts ≤ eps. */
export function stableRounds(history: TerminationState['topKHistory']): number {
  let n = 0;
  for (let i = history.length - 1; i > 0; i--) {
    if (confidenceShift(history[i - 1]!, history[i]!) > CONVERGENCE_EPS) break;
    n++;
  }
  return n;
}

function lowUtilityRuns(mu: readonly number[]): number {
  let n = 0;
  for (let i = mu.length - 1; i >= 0 && mu[i]! < MARGINAL_UTILITY_MIN; i--) n++;
  return n;
}

export function shouldStop(s: TerminationState): TerminationDecision {
  const stable = stableRounds(s.topKHistory);
  const low = lowUtilityRuns(s.marginalUtility);
  const converged = stable >= CONVERGENCE_TAU;
  const base = { stableRounds: stable, lowUtilityRuns: low };
  const progress: Array<{ rule: TerminationRule; progress: number }> = [
    { rule: 'coverage_converged', progress: Math.min(1, s.coverage / COVERAGE_TARGET, (stable + 1) / (CONVERGENCE_TAU + 1)) },
    { rule: 'marginal_utility', progress: Math.min(1, low / MARGINAL_UTILITY_RUNS) },
    { rule: 'budget_min_coverage', progress: s.overBudget ? Math.min(1, s.coverage / MIN_COVERAGE_ON_BUDGET) : 0 },
    { rule: 'hard_cap', progress: Math.min(1, s.round / HARD_CAP_ROUNDS) },
  ];
  const closest = progress.reduce((a, b) => (b.progress > a.progress ? b : a));
  const fire = (rule: TerminationRule): TerminationDecision => ({ ...base, stop: true, rule, closest: { rule, progress: 1 } });
  if (s.coverage >= COVERAGE_TARGET && converged) return fire('coverage_converged');
  if (low >= MARGINAL_UTILITY_RUNS) return fire('marginal_utility');
  if (s.overBudget && s.coverage >= MIN_COVERAGE_ON_BUDGET) return fire('budget_min_coverage');
  if (s.round >= HARD_CAP_ROUNDS) return fire('hard_cap');
  return { ...base, stop: false, closest };
}
