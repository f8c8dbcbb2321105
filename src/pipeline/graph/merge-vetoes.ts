// The judge's veto over claim merges. Words and embeddings call two claims the same when they share
// nearly every word, and claims written a word apart can say opposite things; extract's opposition guard
// catches the words it knows (antonyms, up/down, a negation cue), and the judge reads the rest: a pair the
// merge would join is judged both ways (contradiction is symmetric, and either reading is enough), and
// one read as refuting is kept apart. On Check-COVID's minimal pairs (npm run bench:merge) this cut the
// opposed pairs merged after the guard by about two thirds and kept every other merge of the benchmark.
import { NonRetryableError, throwIfAborted, type StanceModel } from '../../core/index.js';
import { isSameClaim, type NormalizedClaim } from '../../extract/index.js';

/** Refutes probability, read either way, from which the judge keeps two claims apart. */
export const MERGE_VETO_REFUTES = 0.5;

/** Pairs asked about per graph phase (in claim order), so a task full of near-duplicates stays bounded; beyond it the words alone guard. */
export const MAX_VETO_PAIRS = 2_000;

/** Order-free key of a pair of claims. */
export function claimPairKey(a: NormalizedClaim, b: NormalizedClaim): string {
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
  /** Pairs per judge call (each read both ways). */
  batchSize: number;
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
      // English claims only: the bar was measured on English pairs (bench:merge), and the judge reads no other script.
      if (a.claimId === b.claimId || a.language !== 'en' || b.language !== 'en') continue;
      if (pairs.size < MAX_VETO_PAIRS && isSameClaim(a, b, similarity ? { similarity } : {})) pairs.set(claimPairKey(a, b), [a, b]);
    }
  }
  if (pairs.size === 0) return vetoed;
  const judge = options.judge();
  if (!judge) return vetoed;
  const list = [...pairs];
  for (let k = 0; k < list.length; k += options.batchSize) {
    throwIfAborted(signal);
    const batch = list.slice(k, k + options.batchSize);
    const asked = batch.flatMap(([, [a, b]]) => [
      { claim: a.statement, passage: b.statement },
      { claim: b.statement, passage: a.statement },
    ]);
    const judged = await judge.judge(asked, signal ? { signal } : {});
    if (judged.length !== asked.length) {
      throw new NonRetryableError(`stance model ${judge.name}: returned ${judged.length} judgements for ${asked.length} pairs`, {
        code: 'model_output_invalid',
        details: { model: judge.name },
      });
    }
    batch.forEach(([key], n) => {
      if (Math.max(judged[2 * n]!.scores.refutes, judged[2 * n + 1]!.scores.refutes) >= MERGE_VETO_REFUTES) vetoed.add(key);
    });
  }
  return vetoed;
}
