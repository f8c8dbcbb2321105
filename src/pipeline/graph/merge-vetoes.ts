// The judge's veto over claim merges. Words and embeddings call two claims the same when they share
// nearly every word, and claims written a word apart can say opposite things; extract's opposition guard
// catches the words it knows (antonyms, up/down, a negation cue), and the judge reads the rest: a pair the
// merge would join is judged both ways (contradiction is symmetric, and either reading is enough), and
// one read as refuting is kept apart. On Check-COVID's minimal pairs (npm run bench:merge) this cut the
// opposed pairs merged after the guard by about two thirds and kept every other merge of the benchmark.
import { throwIfAborted, type StanceModel } from '../../core/index.js';
import { isSameClaim, type NormalizedClaim } from '../../extract/index.js';

/** Refutes probability, read either way, from which the judge keeps two claims apart. */
export const MERGE_VETO_REFUTES = 0.5;

/** Pairs judged per call, so one page full of near-duplicates cannot make one unbounded batch. */
const VETO_BATCH = 256;

/** Order-free key of a pair of claims. */
export function pairKey(a: NormalizedClaim, b: NormalizedClaim): string {
  return a.claimId < b.claimId ? `${a.claimId}|${b.claimId}` : `${b.claimId}|${a.claimId}`;
}

/**
 * The pairs of `claims` the merge would join (isSameClaim, distinct statements) that the judge reads as
 * contradicting, by pairKey. Without a judge, or with no such pair, none — and then the judge is never
 * built (a run whose claims do not overlap loads no model for this).
 */
export async function mergeVetoes(options: {
  claims: readonly NormalizedClaim[];
  /** Claims before this index were merged by an earlier run: only pairs with a later claim are asked about. */
  firstNew: number;
  similarity: ((a: NormalizedClaim, b: NormalizedClaim) => number) | undefined;
  judge: (() => StanceModel | undefined) | undefined;
  signal?: AbortSignal;
}): Promise<Set<string>> {
  const { claims, similarity, signal } = options;
  const vetoed = new Set<string>();
  if (!options.judge) return vetoed;
  const pairs = new Map<string, [NormalizedClaim, NormalizedClaim]>();
  for (let i = options.firstNew; i < claims.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = claims[j]!;
      const b = claims[i]!;
      if (a.claimId === b.claimId) continue;
      if (isSameClaim(a, b, similarity ? { similarity } : {})) pairs.set(pairKey(a, b), [a, b]);
    }
  }
  if (pairs.size === 0) return vetoed;
  const judge = options.judge();
  if (!judge) return vetoed;
  const list = [...pairs];
  for (let k = 0; k < list.length; k += VETO_BATCH) {
    throwIfAborted(signal);
    const batch = list.slice(k, k + VETO_BATCH);
    const judged = await judge.judge(
      batch.flatMap(([, [a, b]]) => [
        { claim: a.statement, passage: b.statement },
        { claim: b.statement, passage: a.statement },
      ]),
      signal ? { signal } : {},
    );
    batch.forEach(([key], n) => {
      if (Math.max(judged[2 * n]!.scores.refutes, judged[2 * n + 1]!.scores.refutes) >= MERGE_VETO_REFUTES) vetoed.add(key);
    });
  }
  return vetoed;
}
