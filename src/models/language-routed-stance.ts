// A StanceModel that sends each pair to the judge of its claim's language (stanceLanguage: kana, or
// kanji outnumbering Latin letters, read as Japanese) and puts the judgements back in input order. The
// shipped backends pair their English judge with the Japanese one (models/stance-ja, or models/nli-ja
// under models.stance.japanese: nli) this way. Every pair is checked first, so an error names its index
// in the caller's batch: a claim that is not Japanese must hold a Latin letter, since every shipped English
// judge reads nothing else.
import { InvalidInputError, STANCE_UNSUPPORTED_LANGUAGE, throwIfAborted, type StanceJudgement, type StanceModel, type StancePair } from '../core/index.js';
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

interface Indexed {
  p: StancePair;
  /** The pair's index in the caller's batch. */
  i: number;
}

export function createLanguageRoutedStanceModel(options: LanguageRoutedStanceOptions): StanceModel {
  let japanese: StanceModel | undefined;
  return {
    name: options.name,
    async judge(pairs: StancePair[], callOptions: { signal?: AbortSignal } = {}): Promise<StanceJudgement[]> {
      const { signal } = callOptions;
      throwIfAborted(signal);
      checkStanceBatch(pairs, options.maxPairs);
      const ja: Indexed[] = [];
      const en: Indexed[] = [];
      pairs.forEach((p, i) => {
        checkStancePair(p, i);
        if (stanceLanguage(p.claim) === 'ja') {
          ja.push({ p, i });
        } else if (/[A-Za-z]/.test(p.claim)) {
          en.push({ p, i });
        } else {
          throw new InvalidInputError(
            `stance pair ${i}: the ${options.name} judge reads English and Japanese and found neither in the claim "${p.claim.slice(0, 80)}"`,
            { code: STANCE_UNSUPPORTED_LANGUAGE },
          );
        }
      });
      const out = new Array<StanceJudgement>(pairs.length);
      const run = async (model: StanceModel, part: readonly Indexed[]): Promise<void> => {
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
