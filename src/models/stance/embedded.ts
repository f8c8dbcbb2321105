// The `embedded` StanceModel: offline, CPU-only, networks shipped in the repository — one for English
// (models/stance-en/) and one for Japanese (models/stance-ja/), chosen by the claim's language. Each
// passage is split into sentences, each sentence judged (calibrated probabilities), and the
// precision-first decision (decide.ts) turns them into the judgement a reader sees.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { InvalidInputError, STANCE_UNSUPPORTED_LANGUAGE, throwIfAborted, type StanceJudgement, type StanceModel, type StancePair } from '../../core/index.js';
import { decidePassage, type JudgedSentence } from './decide.js';
import { DecisionSchema, loadDescriptor, type Decision, type LoadedDescriptor } from './descriptor.js';
import { createEnglishJudge, type SentenceItem, type SentenceJudge } from './english-judge.js';
import { JAPANESE_RE } from './ja-features.js';
import { createJapaneseJudge } from './japanese-judge.js';
import { DEFAULT_STANCE_MAX_PAIRS, checkStanceBatch, checkStancePair } from './pair-checks.js';
import { DEFAULT_MAX_SENTENCES, splitSentences } from './sentences.js';

const MODELS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'models');
/** models/stance-en/stance-en.json at the repository root (same path from src/ and dist/). */
export const DEFAULT_STANCE_WEIGHTS_PATH = resolve(MODELS_DIR, 'stance-en', 'stance-en.json');
/** models/stance-ja/stance-ja.json. */
export const DEFAULT_STANCE_JA_PATH = resolve(MODELS_DIR, 'stance-ja', 'stance-ja.json');

export interface EmbeddedStanceOptions {
  /** The English model's descriptor (stance-en.json); default DEFAULT_STANCE_WEIGHTS_PATH. */
  weightsPath?: string;
  /** The Japanese model's descriptor; default DEFAULT_STANCE_JA_PATH. */
  japanesePath?: string;
  /** Overrides of the fitted decision thresholds (both languages), e.g. for the benchmark's sweeps. */
  decision?: Partial<Decision>;
  /** Sentences judged per passage; the rest is ignored (default 200). */
  maxSentences?: number;
  /** Claim–sentence results kept in memory per language (LRU); 0 disables the cache. Default 20,000. */
  cacheSize?: number;
  /** Pairs per call to judge(); larger batches are an InvalidInputError. Default 10,000. */
  maxPairs?: number;
  /** Judge every pair with this language's network instead of choosing by the claim (training tools). */
  language?: 'en' | 'ja';
}

export interface EmbeddedStanceModel extends StanceModel {
  readonly name: 'embedded';
  /** Per-sentence probabilities (and English slot alignment) of one pair, for audits and benchmarks. */
  judgeSentences(pair: StancePair, options?: { signal?: AbortSignal }): Promise<JudgedSentence[]>;
  /** The same for many pairs in one batch per language (training and benchmarks). */
  judgeSentenceLists(pairs: readonly StancePair[], options?: { signal?: AbortSignal }): Promise<JudgedSentence[][]>;
  /** The decision thresholds in force for a language (fitted values with any overrides). */
  decision(language: 'en' | 'ja', options?: { signal?: AbortSignal }): Promise<Decision>;
}

const optionsSchema = z.strictObject({
  weightsPath: z.string().min(1).optional(),
  japanesePath: z.string().min(1).optional(),
  decision: DecisionSchema.partial().optional(),
  maxSentences: z.number().int().min(1).max(100_000).optional(),
  cacheSize: z.number().int().min(0).max(10_000_000).optional(),
  maxPairs: z.number().int().min(1).max(10_000_000).optional(),
  language: z.enum(['en', 'ja']).optional(),
});

/**
 * The language whose network judges a pair, from the claim: Japanese when it holds kana, or when
 * kanji are at least half of its letters; otherwise English (an English sentence quoting one Chinese
 * name stays English).
 */
export function stanceLanguage(claim: string): 'en' | 'ja' {
  if (/[\u3040-\u30ff]/.test(claim)) return 'ja';
  if (!JAPANESE_RE.test(claim)) return 'en';
  const cjk = claim.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  const latin = claim.match(/[A-Za-z]/g)?.length ?? 0;
  return cjk >= latin ? 'ja' : 'en';
}

export function createEmbeddedStanceModel(options: EmbeddedStanceOptions = {}): EmbeddedStanceModel {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new InvalidInputError(`embedded stance model options are invalid: ${z.prettifyError(parsed.error)}`, { code: 'stance_options_invalid' });
  }
  const paths = { en: options.weightsPath ?? DEFAULT_STANCE_WEIGHTS_PATH, ja: options.japanesePath ?? DEFAULT_STANCE_JA_PATH };
  const maxSentences = options.maxSentences ?? DEFAULT_MAX_SENTENCES;
  const cacheSize = options.cacheSize ?? 20_000;
  const maxPairs = options.maxPairs ?? DEFAULT_STANCE_MAX_PAIRS;
  const loaded: Partial<Record<'en' | 'ja', Promise<{ descriptor: LoadedDescriptor; judge: SentenceJudge; decision: Decision }>>> = {};

  const model = (language: 'en' | 'ja', signal?: AbortSignal) => {
    loaded[language] ??= (async () => {
      const descriptor = await loadDescriptor(paths[language], signal ? { signal } : {});
      if (descriptor.language !== language) {
        throw new InvalidInputError(`stance model descriptor ${descriptor.path} is for language ${descriptor.language}, expected ${language}`, {
          code: 'stance_options_invalid',
        });
      }
      const judge = language === 'en' ? createEnglishJudge(descriptor, { cacheSize }) : createJapaneseJudge(descriptor, { cacheSize });
      return { descriptor, judge, decision: { ...descriptor.decision, ...options.decision } };
    })().catch((error: unknown) => {
      delete loaded[language]; // a later call may find the file fixed
      throw error;
    });
    return loaded[language]!;
  };

  /** Every pair's sentences, judged per language in one batch each. */
  const judgeSentenceLists = async (pairs: readonly StancePair[], signal?: AbortSignal): Promise<{ language: 'en' | 'ja'; sentences: JudgedSentence[] }[]> => {
    const plan = pairs.map((pair, index) => {
      checkStancePair(pair, index);
      const claim = pair.claim.replace(/\s+/g, ' ').trim();
      const language = options.language ?? stanceLanguage(claim);
      // English needs a Latin-script word: "We have what?" counts even though every word is a stop word.
      if (language === 'en' && !/[A-Za-z]/.test(claim)) {
        throw new InvalidInputError(
          `stance pair ${index}: the embedded model reads English and Japanese and found neither in the claim "${claim.slice(0, 80)}"`,
          { code: STANCE_UNSUPPORTED_LANGUAGE },
        );
      }
      const split = splitSentences(pair.passage, { maxSentences });
      return { claim, language, sentences: split.length > 0 ? split : [pair.passage.replace(/\s+/g, ' ').trim()] };
    });
    const results: JudgedSentence[][] = plan.map(() => []);
    for (const language of ['en', 'ja'] as const) {
      const mine = plan.map((p, i) => ({ p, i })).filter(({ p }) => p.language === language);
      if (mine.length === 0) continue;
      const { judge } = await model(language, signal);
      const items: SentenceItem[] = mine.flatMap(({ p }) => p.sentences.map((sentence) => ({ claim: p.claim, sentence })));
      throwIfAborted(signal);
      const judged = await judge.judge(items, signal);
      let k = 0;
      for (const { p, i } of mine) {
        results[i] = judged.slice(k, k + p.sentences.length);
        k += p.sentences.length;
      }
    }
    return plan.map((p, i) => ({ language: p.language, sentences: results[i]! }));
  };

  return {
    name: 'embedded',
    async judge(pairs, callOptions = {}): Promise<StanceJudgement[]> {
      const { signal } = callOptions;
      throwIfAborted(signal);
      checkStanceBatch(pairs, maxPairs);
      if (pairs.length === 0) return [];
      const lists = await judgeSentenceLists(pairs, signal);
      const decisions = {
        en: lists.some((l) => l.language === 'en') ? (await model('en', signal)).decision : undefined,
        ja: lists.some((l) => l.language === 'ja') ? (await model('ja', signal)).decision : undefined,
      };
      return lists.map((l, i) => decidePassage(l.sentences, decisions[l.language]!, { claim: pairs[i]!.claim }));
    },
    async judgeSentences(pair, callOptions = {}) {
      throwIfAborted(callOptions.signal);
      return (await judgeSentenceLists([pair], callOptions.signal))[0]!.sentences;
    },
    async judgeSentenceLists(pairs, callOptions = {}) {
      throwIfAborted(callOptions.signal);
      checkStanceBatch(pairs, maxPairs);
      return (await judgeSentenceLists(pairs, callOptions.signal)).map((l) => l.sentences);
    },
    async decision(language, callOptions = {}) {
      return (await model(language, callOptions.signal)).decision;
    },
  };
}
