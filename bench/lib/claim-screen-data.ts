// The rows behind the learned claim screen: every labelled sentence of a checkability sample with the
// claims the rule screen takes from it. Shared by `npm run train:claim-screen` (which fits on them) and
// bench:research (which scores the shipped screen on them), so both read the samples the same way.
import type { ClaimScreen, EmbeddingModel } from '../../src/core/index.js';
import { claimsFromSentence } from './claim-checkability.js';
import { binaryScores, readJsonl, resolveSentence, type BinaryScores, type SentenceRef } from './claim-samples.js';

export interface LabelledSentence {
  /** The sample file it comes from. */
  sample: string;
  /** A stable key: corpus, document and position. */
  key: string;
  corpus: string;
  checkable: boolean;
  /** The claims the rules take from it (whitespace-normalized statements); empty when the rules drop it. */
  claims: string[];
}

type Item = SentenceRef & { checkable: boolean };

const keyOf = (ref: SentenceRef): string => (ref.corpus === 'example' ? `example:${ref.doc}#${ref.para}` : `check-covid:${ref.cord_id}#${ref.sent_index}`);

export function labelledSentences(file: string): LabelledSentence[] {
  return readJsonl<Item>(file).map((item) => {
    const r = resolveSentence(item);
    return {
      sample: file,
      key: keyOf(item),
      corpus: item.corpus,
      checkable: item.checkable,
      claims: claimsFromSentence(r.context, r.text).map((c) => c.replace(/\s+/g, ' ').trim()),
    };
  });
}

/** Vectors of every claim of the sentences, by statement (each statement embedded once). */
export async function embedClaims(sentences: readonly LabelledSentence[], model: EmbeddingModel, signal?: AbortSignal): Promise<Map<string, Float32Array>> {
  const texts = [...new Set(sentences.flatMap((s) => s.claims))].sort();
  const vectors = await model.embed(texts, signal ? { signal } : {});
  return new Map(texts.map((t, i) => [t, vectors[i]!]));
}

/**
 * A sentence counts as extracted when at least one of its claims is kept: with a screen, a claim is
 * kept when its score reaches `threshold` (default the screen's own).
 */
export function screenedScores(sentences: readonly LabelledSentence[], sentenceScore: (s: LabelledSentence) => number, threshold: number): BinaryScores {
  return binaryScores(sentences.map((s) => ({ gold: s.checkable, predicted: s.claims.length > 0 && sentenceScore(s) >= threshold })));
}

/** The highest screen score among a sentence's claims (−∞ when the rules took none). */
export function maxClaimScore(screen: Pick<ClaimScreen, 'score'>, vectors: Map<string, Float32Array>): (s: LabelledSentence) => number {
  return (s) => Math.max(-Infinity, ...s.claims.map((c) => screen.score({ statement: c, vector: vectors.get(c)! })));
}
