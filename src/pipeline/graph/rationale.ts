// Rationale selection: the sentences of a candidate fragment that a stance model reads for one claim.
// A stance backend takes the most confident sentence of a passage, so every unrelated sentence it
// reads is one more chance of a false supports/refutes; the fragment's sentences sharing the most of
// the claim's terms (IDF-weighted within the fragment) are kept, in document order.
import { splitSentences } from '../../extract/index.js';
import { contentTerms } from '../materials/index.js';

export function selectRationale(claim: string, passage: string, maxSentences: number): string {
  if (maxSentences <= 0) return passage;
  const sentences = splitSentences(passage);
  if (sentences.length <= maxSentences) return passage;
  const claimTerms = contentTerms(claim);
  const termSets = sentences.map((s) => new Set(contentTerms(s.text)));
  const df = new Map<string, number>();
  for (const set of termSets) for (const t of set) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string): number => Math.log(1 + sentences.length / (df.get(t) ?? sentences.length));
  const scored = termSets.map((set, i) => ({ i, score: claimTerms.reduce((s, t) => s + (set.has(t) ? idf(t) : 0), 0) }));
  const keep = scored
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, maxSentences)
    .map((x) => x.i)
    .sort((a, b) => a - b);
  return keep.map((i) => sentences[i]!.text).join(' ');
}
