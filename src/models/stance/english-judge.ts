// English sentences against English claims: features.ts (word vectors, token flags, contrast
// features), the ONNX network, temperature, and each claim's slot alignment for the decision.
import { throwIfAborted } from '../../core/index.js';
import { slotAlignment, slotTerms, type SlotTerms } from './alignment.js';
import { calibrated, type JudgedSentence } from './decide.js';
import type { LoadedDescriptor } from './descriptor.js';
import { HAND_FEATURES, pairFeatures, prepareText, tokenInputSize, type FeatureResources, type PreparedText } from './features.js';
import type { PairInput } from './features.js';
import { openEnglishNetwork, type OnnxNetwork } from './onnx-network.js';
import { SentenceCache } from './sentence-cache.js';
import { loadVectorsFile } from './vectors-file.js';

export interface SentenceItem {
  claim: string;
  sentence: string;
}

/** Judges (claim, sentence) items in one batch; results in input order. */
export interface SentenceJudge {
  judge(items: readonly SentenceItem[], signal?: AbortSignal): Promise<JudgedSentence[]>;
}

/** Items featurized and run through the network at a time. */
export const JUDGE_CHUNK = 512;

/**
 * Runs `compute` for the items not in `cache` (each distinct item once) and returns every item's
 * result in order. Shared by the English and Japanese judges.
 */
export async function judgeWithCache(
  items: readonly SentenceItem[],
  cache: SentenceCache<JudgedSentence>,
  compute: (missing: SentenceItem[]) => Promise<JudgedSentence[]>,
): Promise<JudgedSentence[]> {
  const found = new Map<string, JudgedSentence>();
  const missing: SentenceItem[] = [];
  for (const it of items) {
    const key = SentenceCache.key(it.claim, it.sentence);
    if (found.has(key)) continue;
    const hit = cache.get(key);
    if (hit) found.set(key, hit);
    else {
      found.set(key, undefined as unknown as JudgedSentence);
      missing.push(it);
    }
  }
  // In chunks: features of a pair take ~16 KB, so a 10,000-pair call never holds them all at once.
  for (let k = 0; k < missing.length; k += JUDGE_CHUNK) {
    const chunk = missing.slice(k, k + JUDGE_CHUNK);
    const computed = await compute(chunk);
    chunk.forEach((it, i) => {
      const key = SentenceCache.key(it.claim, it.sentence);
      found.set(key, computed[i]!);
      cache.set(key, computed[i]!);
    });
  }
  return items.map((it) => found.get(SentenceCache.key(it.claim, it.sentence))!);
}

export function createEnglishJudge(d: LoadedDescriptor, options: { cacheSize: number }): SentenceJudge {
  let ready: Promise<{ resources: FeatureResources; network: OnnxNetwork<PairInput> }> | undefined;
  const load = (signal?: AbortSignal) => {
    ready ??= (async () => {
      const resources = await loadVectorsFile(d.vectorsPath!, signal ? { signal } : {});
      const network = openEnglishNetwork({ path: d.networkPath, tokenSize: tokenInputSize(resources.vectors.dimensions), handSize: HAND_FEATURES.length });
      return { resources, network };
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const cache = new SentenceCache<JudgedSentence>(options.cacheSize);
  const claims = new SentenceCache<{ prepared: PreparedText; terms: SlotTerms }>(2_000);
  return {
    async judge(items, signal) {
      if (items.length === 0) return [];
      const { resources, network } = await load(signal);
      return judgeWithCache(items, cache, async (missing) => {
        const claimOf = (text: string) => {
          let c = claims.get(text);
          if (!c) claims.set(text, (c = { prepared: prepareText(text, resources), terms: slotTerms(text) }));
          return c;
        };
        const sentences = new Map<string, PreparedText>();
        const prep = (s: string): PreparedText => {
          let p = sentences.get(s);
          if (!p) sentences.set(s, (p = prepareText(s, resources)));
          return p;
        };
        throwIfAborted(signal);
        const logits = await network.logits(
          missing.map((it) => pairFeatures(claimOf(it.claim).prepared, prep(it.sentence), resources)),
          signal ? { signal } : {},
        );
        return missing.map((it, i) => ({
          sentence: it.sentence,
          probs: calibrated(logits[i]!, d.temperature),
          alignment: slotAlignment(claimOf(it.claim).terms, prep(it.sentence), resources),
        }));
      });
    },
  };
}
