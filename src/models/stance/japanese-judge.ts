// Japanese sentences against Japanese claims: ja-features.ts (character n-grams and flags), the
// Japanese ONNX network and its temperature. No slot alignment: the claim slots of Japanese text are
// too coarse to gate on; the network's character-overlap features carry "same thing" instead.
import { throwIfAborted } from '../../core/index.js';
import { calibrated, type JudgedSentence } from './decide.js';
import type { LoadedDescriptor } from './descriptor.js';
import { judgeWithCache, type SentenceJudge } from './english-judge.js';
import { JA_HAND_FEATURES, JA_IDS_PER_TOKEN, JA_TOKEN_FLAGS, jaPairFeatures, prepareJa, type JaPrepared } from './ja-features.js';
import { openJapaneseNetwork } from './onnx-network.js';
import { SentenceCache } from './sentence-cache.js';

export function createJapaneseJudge(d: LoadedDescriptor, options: { cacheSize: number }): SentenceJudge {
  const network = openJapaneseNetwork({ path: d.networkPath, idsPerToken: JA_IDS_PER_TOKEN, flags: JA_TOKEN_FLAGS.length, handSize: JA_HAND_FEATURES.length });
  const cache = new SentenceCache<JudgedSentence>(options.cacheSize);
  const buckets = { idBuckets: d.idBuckets ?? 1 << 15, hashBuckets: d.hashBuckets };
  return {
    async judge(items, signal) {
      if (items.length === 0) return [];
      return judgeWithCache(items, cache, async (missing) => {
        const prepared = new Map<string, JaPrepared>();
        const prep = (t: string): JaPrepared => {
          let p = prepared.get(t);
          if (!p) prepared.set(t, (p = prepareJa(t)));
          return p;
        };
        throwIfAborted(signal);
        const logits = await network.logits(
          missing.map((it) => jaPairFeatures(prep(it.claim), prep(it.sentence), buckets)),
          signal ? { signal } : {},
        );
        return missing.map((it, i) => ({ sentence: it.sentence, probs: calibrated(logits[i]!, d.temperature) }));
      });
    },
  };
}
