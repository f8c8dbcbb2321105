// Related-but-different sentence pairs, found by BM25 over content-word stems. In use, most pairs the
// stance model sees are two sentences on one topic that neither support nor refute each other (a
// claim against the other sentences of an abstract, two reports' statements in the consensus
// workflow), while the NLI sets that train it pair each claim only with a sentence written to support,
// refute or extend it, so the model learned "related and different numbers or words → refutes".
// Used to build neutral training pairs (stance-suites.ts) and the false-refute evaluation.
import { tokenize } from '../../src/models/stance/index.js';
import { splitFraction } from './stance-data.js';

/** Content-word stems of a text (no stop words, no numbers, at least 3 letters). */
export function contentTerms(text: string): string[] {
  return tokenize(text)
    .filter((t) => !t.stop && /[a-z]/.test(t.word) && t.word.length > 2)
    .map((t) => t.stem);
}

export interface Bm25Index {
  /** The `k` best documents for a query (by BM25), excluding those `skip` rejects, with at least `minShared` shared terms. */
  search(query: string[], k: number, options: { minShared: number; skip?: (doc: number) => boolean }): number[];
}

/** BM25 (k1 1.2, b 0.75) over documents given as term lists. Deterministic ties (lower index first). */
export function bm25Index(docs: readonly string[][]): Bm25Index {
  const df = new Map<string, number>();
  const postings = new Map<string, number[]>();
  docs.forEach((terms, i) => {
    for (const t of new Set(terms)) {
      df.set(t, (df.get(t) ?? 0) + 1);
      const list = postings.get(t) ?? [];
      list.push(i);
      postings.set(t, list);
    }
  });
  const avgLen = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length);
  const idf = (t: string): number => Math.log(1 + (docs.length - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
  // Very common terms make huge posting lists and say little about the topic.
  const maxPosting = Math.max(50, docs.length / 20);
  return {
    search(query, k, { minShared, skip }) {
      const scores = new Map<number, number>();
      const shared = new Map<number, number>();
      for (const t of new Set(query)) {
        const list = postings.get(t);
        if (!list || list.length > maxPosting) continue;
        const w = idf(t);
        for (const j of list) {
          if (skip?.(j)) continue;
          const doc = docs[j]!;
          let tf = 0;
          for (const x of doc) if (x === t) tf++;
          scores.set(j, (scores.get(j) ?? 0) + (w * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / avgLen)));
          shared.set(j, (shared.get(j) ?? 0) + 1);
        }
      }
      return [...scores.entries()]
        .filter(([j]) => shared.get(j)! >= minShared)
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .slice(0, k)
        .map(([j]) => j);
    },
  };
}

/** Share of the smaller text's distinct terms that the other has: near 1 means a paraphrase or a copy. */
export function termOverlap(a: readonly string[], b: readonly string[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  let shared = 0;
  for (const t of sa) if (sb.has(t)) shared++;
  return shared / Math.max(1, Math.min(sa.size, sb.size));
}

/** Deterministic sample of n items ordered by a salted hash of their key. */
export function hashSample<T>(items: readonly T[], n: number, salt: string, key: (t: T) => string): T[] {
  return [...items].sort((a, b) => splitFraction(key(a), salt) - splitFraction(key(b), salt)).slice(0, n);
}
