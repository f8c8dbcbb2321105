// The shipped NLI cross-encoders, run through the `transformers` path with the calibration and
// precision-first thresholds of their lyra.json:
//   - models/nli-en/ (all-MiniLM-L6-v2 fine-tuned by `npm run train:nli`, int8 ONNX), the `nli` backend's
//     English judge;
//   - models/nli-ja/ (multilingual-e5-small, vocabulary pruned, fine-tuned on Japanese NLI by
//     `npm run train:nli-ja`, int8 ONNX), the Japanese judge of the `nli` and `embedded` backends when
//     `models.stance.japanese: nli` asks for it; by default Japanese claims go to the embedded network of
//     models/stance-ja/ (models/nli-ja/MODEL_CARD.md: on realistic sentences it shows more wrong edges).
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { NonRetryableError, type StanceModel, type StancePair } from '../../core/index.js';
import { createLanguageRoutedStanceModel } from '../language-routed-stance.js';
import { createEmbeddedStanceModel, DEFAULT_STANCE_MAX_PAIRS, type EmbeddedStanceOptions, type SentenceProbabilities } from '../stance/index.js';
import { ONNX_DTYPES, ONNX_FILES, type OnnxDtype } from './runtime.js';
import { createTransformersStanceModel, type TransformersStanceModel } from './stance-transformers.js';

/** models/ at the repository root (same path from src/ and dist/). */
export const SHIPPED_MODELS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'models');
export const SHIPPED_NLI_MODEL_ID = 'nli-en';
/** models/nli-en/lyra.json: what `npm run train:nli` fitted. */
export const SHIPPED_NLI_DESCRIPTOR = join(SHIPPED_MODELS_DIR, SHIPPED_NLI_MODEL_ID, 'lyra.json');
export const SHIPPED_NLI_JA_MODEL_ID = 'nli-ja';
/** models/nli-ja/lyra.json: what `npm run train:nli-ja` fitted. */
export const SHIPPED_NLI_JA_DESCRIPTOR = join(SHIPPED_MODELS_DIR, SHIPPED_NLI_JA_MODEL_ID, 'lyra.json');
/** Which judge reads Japanese claims: the cross-encoder of models/nli-ja, or the embedded network of models/stance-ja. */
export const JAPANESE_JUDGES = ['nli', 'embedded'] as const;
export type JapaneseJudge = (typeof JAPANESE_JUDGES)[number];

export const NliDescriptorSchema = z.strictObject({
  format: z.literal(1),
  /** The claims' language it was trained and fitted for. */
  language: z.enum(['en', 'ja']),
  /** The ONNX file loaded (onnx/model_quantized.onnx for q8). */
  dtype: z.enum(ONNX_DTYPES),
  /**
   * How the q8 file is quantized: `dynamic` (absent: int8 weights and activations, the activations scaled
   * over each batch, so pairs run one at a time) or `weights-only` (int8 weights dequantized once at load,
   * fp32 activations: batch-independent; scripts/nli/weight_only_int8.py).
   */
  quantization: z.enum(['dynamic', 'weights-only']).optional(),
  /** Logits are divided by it before the softmax (fitted by NLL on the tuning pairs). */
  temperature: z.number().positive(),
  /** Least calibrated probabilities for a unit to support / refute (fitted for precision). */
  decision: z.strictObject({ supports: z.number().min(0).max(1), refutes: z.number().min(0).max(1) }),
  /** Tokens per (unit, claim) pair, as trained. */
  maxLength: z.number().int().min(16).max(512),
  /** Whether a sentence that refers back is also judged with the sentence before it. */
  windows: z.boolean(),
  /** Training and fitting record (the model card is written from it). */
  training: z.record(z.string(), z.unknown()).optional(),
});
export type NliDescriptor = z.infer<typeof NliDescriptorSchema>;

export function loadNliDescriptor(path: string = SHIPPED_NLI_DESCRIPTOR): NliDescriptor {
  if (!existsSync(path)) {
    throw new NonRetryableError(
      `nli stance model: descriptor missing: ${path} (written by \`npm run train:nli\` or \`train:nli-ja\`; or choose another backend with --model)`,
      {
        code: 'model_weights_missing',
        details: { path },
      },
    );
  }
  try {
    return NliDescriptorSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (cause) {
    const why = cause instanceof z.ZodError ? z.prettifyError(cause) : (cause as Error).message;
    throw new NonRetryableError(`nli stance model: descriptor ${path} is invalid: ${why}`, { code: 'model_weights_corrupt', details: { path }, cause });
  }
}

export interface DescribedJudgeOptions {
  /** The folder's lyra.json; the folder is its folder. */
  descriptorPath: string;
  /** The language the descriptor must be for (a Japanese folder never judges English claims, nor the reverse). */
  language: NliDescriptor['language'];
  /** Overrides of the fitted thresholds (benchmark sweeps). */
  decision?: Partial<NliDescriptor['decision']>;
  /** Unit pairs per forward pass (default 1 for a dynamically quantized file, 8 for a weights-only one: see NliStanceOptions.batchSize). */
  batchSize?: number;
  /** Pairs per judge() call. */
  maxPairs: number;
}

/** A shipped cross-encoder folder as a transformers stance model with its fitted calibration and thresholds. */
export function createDescribedJudge(options: DescribedJudgeOptions): { descriptor: NliDescriptor; model: TransformersStanceModel } {
  const descriptor = loadNliDescriptor(options.descriptorPath);
  if (descriptor.language !== options.language) {
    throw new NonRetryableError(`nli stance model: descriptor ${options.descriptorPath} is for language ${descriptor.language}, expected ${options.language}`, {
      code: 'model_weights_corrupt',
      details: { path: options.descriptorPath },
    });
  }
  const folder = dirname(options.descriptorPath);
  const onnx = join(folder, 'onnx', ONNX_FILES[descriptor.dtype as OnnxDtype]);
  if (!existsSync(onnx)) {
    throw new NonRetryableError(`nli stance model: network missing: ${onnx} (written by \`npm run train:nli\` or \`train:nli-ja\`)`, {
      code: 'model_weights_missing',
      details: { path: onnx },
    });
  }
  const model = createTransformersStanceModel({
    modelId: basename(folder),
    modelsDir: dirname(folder),
    dtype: descriptor.dtype,
    weightsOnly: descriptor.quantization === 'weights-only',
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    maxLength: descriptor.maxLength,
    maxPairs: options.maxPairs,
    temperature: descriptor.temperature,
    decision: { ...descriptor.decision, ...options.decision },
    windows: descriptor.windows,
  });
  return { descriptor, model };
}

export interface NliStanceOptions {
  /** Descriptor path; the model folder is its folder. Default models/nli-en/lyra.json. */
  descriptorPath?: string;
  /** Overrides of the fitted thresholds (benchmark sweeps; the English judge's). */
  decision?: Partial<NliDescriptor['decision']>;
  /** Unit pairs per forward pass (default 1: the int8 file is dynamically quantized, see defaultBatchSize; 1,908 Check-COVID pairs ran at 139–185 pairs/s on 2 cores one at a time, 175 in batches of 8 whose results depended on their batch-mates). */
  batchSize?: number;
  /** Pairs per judge() call (default 10,000). */
  maxPairs?: number;
  /** Which judge reads Japanese claims (default `embedded`: models/stance-ja; `nli`: models/nli-ja). */
  japaneseJudge?: JapaneseJudge;
  /** The Japanese cross-encoder's descriptor (default models/nli-ja/lyra.json). */
  japaneseDescriptorPath?: string;
  /** Options of the embedded model when it judges Japanese claims (`japaneseJudge: 'embedded'`). */
  japanese?: EmbeddedStanceOptions;
}

export interface NliStanceModel extends StanceModel {
  readonly name: 'nli';
  readonly descriptor: NliDescriptor;
  /** Calibrated probabilities of every judged unit of each English pair (benchmarks, threshold fitting). */
  judgeSentenceLists(pairs: readonly StancePair[], options?: { signal?: AbortSignal }): Promise<SentenceProbabilities[][]>;
}

/** The Japanese judge the shipped backends use: models/stance-ja's embedded network (default), or models/nli-ja's cross-encoder. */
export function createShippedJapaneseJudge(
  options: { judge?: JapaneseJudge; descriptorPath?: string; embedded?: EmbeddedStanceOptions; maxPairs?: number } = {},
): StanceModel {
  if (options.judge !== 'nli') return createEmbeddedStanceModel({ ...options.embedded, language: 'ja' });
  return createDescribedJudge({
    descriptorPath: options.descriptorPath ?? SHIPPED_NLI_JA_DESCRIPTOR,
    language: 'ja',
    maxPairs: options.maxPairs ?? DEFAULT_STANCE_MAX_PAIRS,
  }).model;
}

export function createNliStanceModel(options: NliStanceOptions = {}): NliStanceModel {
  const maxPairs = options.maxPairs ?? DEFAULT_STANCE_MAX_PAIRS;
  const { descriptor, model: english } = createDescribedJudge({
    descriptorPath: options.descriptorPath ?? SHIPPED_NLI_DESCRIPTOR,
    language: 'en',
    ...(options.decision ? { decision: options.decision } : {}),
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    maxPairs,
  });
  const routed = createLanguageRoutedStanceModel({
    name: 'nli',
    en: english,
    ja: () =>
      createShippedJapaneseJudge({
        ...(options.japaneseJudge ? { judge: options.japaneseJudge } : {}),
        ...(options.japaneseDescriptorPath ? { descriptorPath: options.japaneseDescriptorPath } : {}),
        ...(options.japanese ? { embedded: options.japanese } : {}),
        maxPairs,
      }),
    maxPairs,
  });
  return {
    name: 'nli',
    descriptor,
    judge: (pairs, callOptions) => routed.judge(pairs, callOptions),
    judgeSentenceLists: (pairs, callOptions = {}) => english.judgeSentenceLists(pairs, callOptions),
  };
}
