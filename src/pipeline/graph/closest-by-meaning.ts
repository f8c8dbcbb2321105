// The passages `lyra verify` lists when nothing passed the judge's bar ("closest neutral passages … read them
// yourself"): the neutral passages the judge leaned most to, re-ordered by the shipped encoder's cosine to the
// statement, nearest first. The judge's lean alone often picks a passage that merely shares a number or a
// word; on the README quick start two blind readers called the nearest in meaning a lead for 16 of 26 claims
// against 7 for the largest lean (workflows/research/unlinked-closest.ts), and the research answer's closest
// passages have been ordered this way since then. This is the same order for `lyra verify`.
import { cosineSimilarity, type EmbeddingModel, type EvidenceView } from '../../core/index.js';
import { detectLanguage } from '../../extract/index.js';

/** What a reader is shown of a passage (verify prints the decisive sentence, else the quote). */
export function shownText(e: EvidenceView): string {
  return e.decisiveSentence ?? e.quote;
}

/**
 * The first `limit` of `views` nearest `statement` in `encoder`'s space (ties keep the judge's order). Without an
 * encoder, or for a statement the English encoder does not read (Japanese), the judge's order is kept.
 */
export async function closestByMeaning(
  encoder: EmbeddingModel | undefined,
  statement: string,
  views: readonly EvidenceView[],
  options: { limit: number; signal?: AbortSignal },
): Promise<EvidenceView[]> {
  if (!encoder || views.length <= 1 || detectLanguage(statement) === 'ja') return views.slice(0, options.limit);
  const [s, ...vectors] = await encoder.embed([statement, ...views.map(shownText)], options.signal ? { signal: options.signal } : {});
  return views
    .map((view, i) => ({ view, i, cosine: cosineSimilarity(s!, vectors[i]!) }))
    .sort((a, b) => b.cosine - a.cosine || a.i - b.i)
    .slice(0, options.limit)
    .map((x) => x.view);
}
