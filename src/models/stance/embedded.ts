// The `embedded` StanceModel: offline, CPU-only, weights shipped in the repository.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { InvalidInputError, throwIfAborted, type StanceJudgement, type StanceModel, type StancePair } from '../../core/index.js';
import { aggregateSentences } from './aggregate.js';
import { pairFeatures, prepareText, type FeatureResources, type PreparedText } from './features.js';
import { applyGuard, guardOf } from './guards.js';
import { checkStanceBatch, checkStancePair } from './pair-checks.js';
import { ensembleLogits, softmax, Workspace } from './network.js';
import { DEFAULT_MAX_SENTENCES, splitSentences } from './sentences.js';
import { loadWeights, type StanceWeights } from './weights-file.js';

/** models/stance-embedded/stance-embedded.bin at the repository root (same path from src/ and dist/). */
export const DEFAULT_STANCE_WEIGHTS_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'models', 'stance-embedded', 'stance-embedded.bin',
);

export interface EmbeddedStanceOptions {
  /** Weights file; default DEFAULT_STANCE_WEIGHTS_PATH. */
  weightsPath?: string;
  /** Minimum calibrated probability for a sentence to decide supports/refutes; default: the value fitted at training. */
  threshold?: number;
  /** Sentences judged per passage; the rest is ignored (default 200). */
  maxSentences?: number;
  /** Claim–sentence results kept in memory (LRU); 0 disables the cache. Default 20,000. */
  cacheSize?: number;
  /** Pairs per call to judge(); larger batches are an InvalidInputError. Default 10,000. */
  maxPairs?: number;
}

export interface SentenceJudgement {
  sentence: string;
  /** Calibrated [supports, refutes, neutral]. */
  probs: Float32Array;
}

export interface EmbeddedStanceModel extends StanceModel {
  readonly name: 'embedded';
  /** Per-sentence probabilities of one pair, for audits and the benchmark. */
  judgeSentences(pair: StancePair, options?: { signal?: AbortSignal }): Promise<SentenceJudgement[]>;
}

/**
 * Longest stretch of synchronous network work before control returns to the event loop: an MCP
 * server or a progress line must stay responsive while thousands of sentences are judged. Counted in
 * time, not sentences, because a long sentence costs many times a short one.
 */
export const STANCE_YIELD_MS = 25;

const optionsSchema = z.strictObject({
  weightsPath: z.string().min(1).optional(),
  threshold: z.number().min(0).max(1).optional(),
  maxSentences: z.number().int().min(1).max(100_000).optional(),
  cacheSize: z.number().int().min(0).max(10_000_000).optional(),
  maxPairs: z.number().int().min(1).max(10_000_000).optional(),
});

export function createEmbeddedStanceModel(options: EmbeddedStanceOptions = {}): EmbeddedStanceModel {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new InvalidInputError(`embedded stance model options are invalid: ${z.prettifyError(parsed.error)}`, { code: 'stance_options_invalid' });
  }
  const path = options.weightsPath ?? DEFAULT_STANCE_WEIGHTS_PATH;
  const maxSentences = options.maxSentences ?? DEFAULT_MAX_SENTENCES;
  const cacheSize = options.cacheSize ?? 20_000;
  const maxPairs = options.maxPairs ?? 10_000;
  const cache = new Map<string, Float32Array>();
  let loading: Promise<StanceWeights> | undefined;
  let workspaces: Workspace[] | undefined;
  let lastYield = performance.now();

  const weights = (signal?: AbortSignal): Promise<StanceWeights> => {
    loading ??= loadWeights(path, signal ? { signal } : {}).catch((error: unknown) => {
      loading = undefined; // a later call may find the file fixed
      throw error;
    });
    return loading;
  };

  const sentenceProbs = async (
    w: StanceWeights, resources: FeatureResources, claim: PreparedText, claimText: string, sentence: string, signal?: AbortSignal,
  ): Promise<Float32Array> => {
    const key = `${claimText}\u0000${sentence}`;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    if (performance.now() - lastYield > STANCE_YIELD_MS) {
      await new Promise((r) => setImmediate(r));
      lastYield = performance.now();
      throwIfAborted(signal);
    }
    const prepared = prepareText(sentence, resources);
    const x = pairFeatures(claim, prepared, resources);
    // One workspace per network: forward() is synchronous, so concurrent judge() calls never interleave inside it.
    workspaces ??= w.members.map((m) => new Workspace(m, w.maxTokens));
    const probs = applyGuard(softmax(ensembleLogits(w.members, x, workspaces), w.temperature), guardOf(claim, prepared, x.hand));
    if (cacheSize > 0) {
      cache.set(key, probs);
      if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
    }
    return probs;
  };

  const judgeOne = async (w: StanceWeights, pair: StancePair, index: number, signal?: AbortSignal): Promise<SentenceJudgement[]> => {
    checkStancePair(pair, index);
    const resources: FeatureResources = { vectors: w.vectors, antonyms: w.antonyms, hashBuckets: w.params.hashBuckets };
    const claimText = pair.claim.replace(/\s+/g, ' ').trim();
    const claim = prepareText(claimText, resources);
    // Any Latin-script word counts: "We have what?" is English even though every word is a stop word.
    if (!claim.tokens.some((t) => /[a-z]/.test(t.word))) {
      // Japanese or other scripts: the features know English words only; saying so beats a made-up neutral.
      throw new InvalidInputError(`stance pair ${index}: the embedded model reads English only and found no English word in the claim "${claimText.slice(0, 80)}"; use the transformers or llm backend`, { code: 'stance_unsupported_language' });
    }
    const sentences = splitSentences(pair.passage, { maxSentences });
    const out: SentenceJudgement[] = [];
    for (const sentence of sentences) out.push({ sentence, probs: await sentenceProbs(w, resources, claim, claimText, sentence, signal) });
    return out;
  };

  return {
    name: 'embedded',
    async judge(pairs, callOptions = {}): Promise<StanceJudgement[]> {
      const { signal } = callOptions;
      throwIfAborted(signal);
      checkStanceBatch(pairs, maxPairs);
      const w = await weights(signal);
      const threshold = options.threshold ?? w.threshold;
      const out: StanceJudgement[] = [];
      for (let i = 0; i < pairs.length; i++) {
        throwIfAborted(signal);
        out.push(aggregateSentences(await judgeOne(w, pairs[i]!, i, signal), threshold));
      }
      return out;
    },
    async judgeSentences(pair, callOptions = {}) {
      throwIfAborted(callOptions.signal);
      return judgeOne(await weights(callOptions.signal), pair, 0, callOptions.signal);
    },
  };
}
