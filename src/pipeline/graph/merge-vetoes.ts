// The judge's veto over claim merges. Words and embeddings call two claims the same when they share
// nearly every word, and claims written a word apart can say opposite things; extract's opposition guard
// catches the words it knows (antonyms, up/down, a negation cue), and the judge reads the rest: a pair the
// merge would join is judged both ways (contradiction is symmetric, and either reading is enough), and
// one read as refuting is kept apart. On Check-COVID's minimal pairs (npm run bench:merge) this cut the
// opposed pairs merged after the guard by about two thirds and kept every other merge of the benchmark.
import { throwIfAborted, type StanceModel } from '../../core/index.js';
import { isSameClaim, type NormalizedClaim } from '../../extract/index.js';
import { judgeEach } from './stance-step.js';

/** Refutes probability, read either way, from which the judge keeps two claims apart. */
export const MERGE_VETO_REFUTES = 0.5;

/** Pairs asked about per graph phase (in claim order), so a task full of near-duplicates stays bounded; beyond it the words alone guard. */
export const MAX_VETO_PAIRS = 2_000;

/** Order-free key of a pair of claims. */
export function claimPairKey(a: NormalizedClaim, b: NormalizedClaim): string {
  return a.claimId < b.claimId ? `${a.claimId}|${b.claimId}` : `${b.claimId}|${a.claimId}`;
}

/**
 * The pairs of `claims` the merge would join (isSameClaim; distinct claims), by claimPairKey, in claim
 * order: each claim from `firstNew` on with every claim before it (claims before `firstNew` were merged by
 * an earlier run). The graph phase merges by this map and asks the judge about its English pairs, so
 * isSameClaim runs once per pair.
 */
export function mergeablePairs(options: {
  claims: readonly NormalizedClaim[];
  firstNew: number;
  similarity: ((a: NormalizedClaim, b: NormalizedClaim) => number) | undefined;
}): Map<string, readonly [NormalizedClaim, NormalizedClaim]> {
  const { claims, similarity } = options;
  const pairs = new Map<string, readonly [NormalizedClaim, NormalizedClaim]>();
  for (let i = options.firstNew; i < claims.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = claims[j]!;
      const b = claims[i]!;
      if (a.claimId !== b.claimId && isSameClaim(a, b, similarity ? { similarity } : {})) pairs.set(claimPairKey(a, b), [a, b]);
    }
  }
  return pairs;
}

/**
 * The mergeable pairs the judge reads as contradicting, by claimPairKey. Without a judge, or with no
 * such pair, none — and then the judge is never built (a run whose claims do not overlap loads no model
 * for this).
 */
export async function mergeVetoes(options: {
  pairs: ReadonlyMap<string, readonly [NormalizedClaim, NormalizedClaim]>;
  judge: (() => StanceModel | undefined) | undefined;
  /** Pairs per judge call (each read both ways). */
  batchSize: number;
  signal?: AbortSignal;
}): Promise<Set<string>> {
  const { signal } = options;
  const vetoed = new Set<string>();
  if (!options.judge) return vetoed;
  // English claims only: the bar was measured on English pairs (bench:merge), and the judge reads no other script.
  const list = [...options.pairs].filter(([, [a, b]]) => a.language === 'en' && b.language === 'en').slice(0, MAX_VETO_PAIRS);
  if (list.length === 0) return vetoed;
  const judge = options.judge();
  if (!judge) return vetoed;
  for (let k = 0; k < list.length; k += options.batchSize) {
    throwIfAborted(signal);
    const batch = list.slice(k, k + options.batchSize);
    const judged = await judgeEach(
      judge,
      batch.flatMap(([, [a, b]]) => [
        { claim: a.statement, passage: b.statement },
        { claim: b.statement, passage: a.statement },
      ]),
      signal,
    );
    batch.forEach(([key], n) => {
      if (Math.max(judged[2 * n]!.scores.refutes, judged[2 * n + 1]!.scores.refutes) >= MERGE_VETO_REFUTES) vetoed.add(key);
    });
  }
  return vetoed;
}
