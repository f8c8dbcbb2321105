// Claim checkability on the labelled sample (bench/data/claim-checkability.jsonl): is a claim
// extracted from the labelled sentence, read in the fragment the engine would read?
import { extractClaimCandidates, splitSentences } from '../../src/extract/index.js';
import { binaryScores, readJsonl, resolveSentence, type BinaryScores, type SentenceRef } from './claim-samples.js';

/**
 * The development sample (the screening rules were written while reading its errors), the held-out one
 * (labelled after the rules were first frozen; its errors were then read too), the final one (measured
 * blind at first, then its errors were read) and the blind one (labelled by the rubric alone after the
 * rules were frozen at b46760d: the honest figure of the rules). Then the training sample of the learned
 * screen (300, labelled by the rubric alone; also blind for the rules, which it did not change) and blind2
 * (100, labelled with it and scored once after the screen was frozen; its errors were then read for rules
 * and it joined the screen's training data), blind3 (150, labelled by the rubric alone and scored once
 * after the rules and the refitted screen were frozen; then the same for it), blind4 (150, the same way
 * one round later; then the same for it) and blind5 (200, labelled by two labellers independently, the
 * second one's label in `checkable_b`; scored once: the honest figure of both; its errors were then read
 * for rules) and blind6 (200, two labellers, drawn and labelled while those rules were written, scored once
 * after they were frozen at f9510c9).
 */
export const CHECKABILITY_FILES = {
  development: 'claim-checkability.jsonl',
  heldOut: 'claim-checkability-heldout.jsonl',
  final: 'claim-checkability-final.jsonl',
  blind: 'claim-checkability-blind.jsonl',
  train: 'claim-checkability-train.jsonl',
  blind2: 'claim-checkability-blind2.jsonl',
  blind3: 'claim-checkability-blind3.jsonl',
  blind4: 'claim-checkability-blind4.jsonl',
  blind5: 'claim-checkability-blind5.jsonl',
  blind6: 'claim-checkability-blind6.jsonl',
  // Drawn and labelled (two labellers) before the screen over the pretrained encoder was fitted; never fitted on.
  blind7: 'claim-checkability-blind7.jsonl',
} as const;

/**
 * Samples the learned claim screen is fitted on (scripts/train-claim-screen.ts), in a fixed order: its
 * figures there are in-sample. SCREEN_BLIND_SAMPLE is never read by the training command.
 */
export const SCREEN_TRAINING_FILES = [
  CHECKABILITY_FILES.development,
  CHECKABILITY_FILES.heldOut,
  CHECKABILITY_FILES.final,
  CHECKABILITY_FILES.blind,
  CHECKABILITY_FILES.train,
  CHECKABILITY_FILES.blind2,
  CHECKABILITY_FILES.blind3,
  CHECKABILITY_FILES.blind4,
  CHECKABILITY_FILES.blind5,
] as const;
export const SCREEN_TRAINING_SAMPLES: ReadonlySet<string> = new Set(SCREEN_TRAINING_FILES);
export const SCREEN_BLIND_SAMPLE = CHECKABILITY_FILES.blind6;

type Item = SentenceRef & { checkable: boolean; why?: string; checkable_b?: boolean };

export interface CheckabilityResult {
  items: number;
  scores: BinaryScores;
  byCorpus: Record<string, BinaryScores>;
  /** Against the second labeller's labels, when the sample has them (`checkable_b`). */
  secondLabeller?: BinaryScores;
  /** Share of the sentences on which the two labellers agree, when there are two. */
  labellerAgreement?: number;
  /** Sentences the extractor got wrong, for reading. */
  errors: Array<{ kind: 'fp' | 'fn'; why?: string; text: string; claims: string[] }>;
}

/** Claims taken from the sentence: extraction over context + sentence, claims whose quote lies in the sentence. */
export function claimsFromSentence(context: string, text: string): string[] {
  const full = context ? `${context} ${text}` : text;
  const start = full.length - text.length;
  const sentences = splitSentences(full);
  return extractClaimCandidates({ text: full, source: 'bench' })
    .filter((c) => {
      const s = c.start ?? sentences[c.sentenceIndex]?.start ?? 0;
      const e = c.end ?? sentences[c.sentenceIndex]?.end ?? 0;
      // Most of the claim's own sentence lies within the labelled sentence.
      return Math.min(e, full.length) - Math.max(s, start) > (e - s) / 2;
    })
    .map((c) => c.text);
}

export function evaluateCheckability(file: string): CheckabilityResult {
  const items = readJsonl<Item>(file);
  const pairs: Array<{ gold: boolean; predicted: boolean; corpus: string }> = [];
  const errors: CheckabilityResult['errors'] = [];
  for (const item of items) {
    const r = resolveSentence(item);
    const claims = claimsFromSentence(r.context, r.text);
    const predicted = claims.length > 0;
    pairs.push({ gold: item.checkable, predicted, corpus: item.corpus });
    if (predicted !== item.checkable) errors.push({ kind: predicted ? 'fp' : 'fn', ...(item.why ? { why: item.why } : {}), text: r.text, claims });
  }
  const byCorpus = Object.fromEntries([...new Set(pairs.map((p) => p.corpus))].map((c) => [c, binaryScores(pairs.filter((p) => p.corpus === c))]));
  const result: CheckabilityResult = { items: items.length, scores: binaryScores(pairs), byCorpus, errors };
  if (items.every((i) => i.checkable_b !== undefined)) {
    result.secondLabeller = binaryScores(items.map((i, k) => ({ gold: i.checkable_b!, predicted: pairs[k]!.predicted })));
    result.labellerAgreement = items.filter((i) => i.checkable === i.checkable_b).length / items.length;
  }
  return result;
}
