// A StanceModel that sends each pair to the judge of its claim's language (stanceLanguage: kana, or
// kanji outnumbering Latin letters, read as Japanese) and puts the judgements back in input order. The
// shipped backends pair their English judge with the Japanese one (models/stance-ja, or models/nli-ja
// under models.stance.japanese: nli) this way. Every pair is checked first, so an error names its index
// in the caller's batch.
import { throwIfAborted, type StanceJudgement, type StanceModel, type StancePair } from '../core/index.js';
import { checkStanceBatch, checkStancePair, stanceLanguage } from './stance/index.js';

export interface LanguageRoutedStanceOptions {
  /** The model's name (the stored judge's backend): the routed backend's own name. */
  name: string;
  /** Judges claims that are not Japanese. */
  en: StanceModel;
  /** Judges Japanese claims; made on the first Japanese pair (its weights load only when needed). */
  ja: () => StanceModel;
  /** Pairs per judge() call; larger batches are an InvalidInputError. */
  maxPairs: number;
}

export function createLanguageRoutedStanceModel(options: LanguageRoutedStanceOptions): StanceModel {
  let japanese: StanceModel | undefined;
  return {
    name: options.name,
    async judge(pairs: StancePair[], callOptions: { signal?: AbortSignal } = {}): Promise<StanceJudgement[]> {
      const { signal } = callOptions;
      throwIfAborted(signal);
      checkStanceBatch(pairs, options.maxPairs);
      pairs.forEach((p, i) => checkStancePair(p, i));
      const indexed = pairs.map((p, i) => ({ p, i }));
      const ja = indexed.filter(({ p }) => stanceLanguage(p.claim) === 'ja');
      const en = indexed.filter(({ p }) => stanceLanguage(p.claim) !== 'ja');
      const out = new Array<StanceJudgement>(pairs.length);
      const run = async (model: StanceModel, part: typeof indexed): Promise<void> => {
        if (part.length === 0) return;
        const judged = await model.judge(
          part.map((x) => x.p),
          signal ? { signal } : {},
        );
        judged.forEach((j, k) => (out[part[k]!.i] = j));
      };
      await run(options.en, en);
      if (ja.length > 0) {
        japanese ??= options.ja();
        await run(japanese, ja);
      }
      return out;
    },
  };
}
