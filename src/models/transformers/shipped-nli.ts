// The `nli` StanceModel, Lyra's default judge: the NLI cross-encoder that ships in models/nli-en/
// (all-MiniLM-L6-v2 fine-tuned by `npm run train:nli`, int8 ONNX), run through the `transformers` path
// with the calibration and precision-first thresholds of models/nli-en/lyra.json. Claims in Japanese
// go to the embedded Japanese network (models/stance-ja/): no pretrained Japanese encoder ships.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  InvalidInputError,
  NonRetryableError,
  STANCE_UNSUPPORTED_LANGUAGE,
  throwIfAborted,
  type StanceJudgement,
  type StanceModel,
  type StancePair,
} from '../../core/index.js';
import { checkStanceBatch, createEmbeddedStanceModel, stanceLanguage, type EmbeddedStanceOptions, type SentenceProbabilities } from '../stance/index.js';
import { ONNX_DTYPES, ONNX_FILES, type OnnxDtype } from './runtime.js';
import { createTransformersStanceModel } from './stance-transformers.js';

/** models/ at the repository root (same path from src/ and dist/). */
export const SHIPPED_MODELS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'models');
export const SHIPPED_NLI_MODEL_ID = 'nli-en';
/** models/nli-en/lyra.json: what `npm run train:nli` fitted. */
export const SHIPPED_NLI_DESCRIPTOR = join(SHIPPED_MODELS_DIR, SHIPPED_NLI_MODEL_ID, 'lyra.json');

export const NliDescriptorSchema = z.strictObject({
  format: z.literal(1),
  language: z.literal('en'),
  /** The ONNX file loaded (onnx/model_quantized.onnx for q8). */
  dtype: z.enum(ONNX_DTYPES),
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
    throw new NonRetryableError(`nli stance model: descriptor missing: ${path} (written by \`npm run train:nli\`; or choose another backend with --model)`, {
      code: 'model_weights_missing',
      details: { path },
    });
  }
  try {
    return NliDescriptorSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (cause) {
    const why = cause instanceof z.ZodError ? z.prettifyError(cause) : (cause as Error).message;
    throw new NonRetryableError(`nli stance model: descriptor ${path} is invalid: ${why}`, { code: 'model_weights_corrupt', details: { path }, cause });
  }
}

export interface NliStanceOptions {
  /** Descriptor path; the model folder is its folder. Default models/nli-en/lyra.json. */
  descriptorPath?: string;
  /** Overrides of the fitted thresholds (benchmark sweeps). */
  decision?: Partial<NliDescriptor['decision']>;
  /** Unit pairs per forward pass (default 1: the int8 file is dynamically quantized, see defaultBatchSize; 1,908 Check-COVID pairs ran at 139–185 pairs/s on 2 cores one at a time, 175 in batches of 8 whose results depended on their batch-mates). */
  batchSize?: number;
  /** Pairs per judge() call (default 10,000). */
  maxPairs?: number;
  /** Options of the embedded model that judges Japanese claims. */
  japanese?: EmbeddedStanceOptions;
}

export interface NliStanceModel extends StanceModel {
  readonly name: 'nli';
  readonly descriptor: NliDescriptor;
  /** Calibrated probabilities of every judged unit of each English pair (benchmarks, threshold fitting). */
  judgeSentenceLists(pairs: readonly StancePair[], options?: { signal?: AbortSignal }): Promise<SentenceProbabilities[][]>;
}

export function createNliStanceModel(options: NliStanceOptions = {}): NliStanceModel {
  const descriptorPath = options.descriptorPath ?? SHIPPED_NLI_DESCRIPTOR;
  const descriptor = loadNliDescriptor(descriptorPath);
  const folder = dirname(descriptorPath);
  const onnx = join(folder, 'onnx', ONNX_FILES[descriptor.dtype as OnnxDtype]);
  if (!existsSync(onnx)) {
    throw new NonRetryableError(`nli stance model: network missing: ${onnx} (written by \`npm run train:nli\`)`, {
      code: 'model_weights_missing',
      details: { path: onnx },
    });
  }
  const maxPairs = options.maxPairs ?? 10_000;
  const english = createTransformersStanceModel({
    modelId: basename(folder),
    modelsDir: dirname(folder),
    dtype: descriptor.dtype,
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    maxLength: descriptor.maxLength,
    maxPairs,
    temperature: descriptor.temperature,
    decision: { ...descriptor.decision, ...options.decision },
    windows: descriptor.windows,
  });
  let japanese: StanceModel | undefined;
  const isJapanese = (pair: StancePair): boolean => stanceLanguage(pair.claim) === 'ja';

  return {
    name: 'nli',
    descriptor,
    async judge(pairs, callOptions = {}): Promise<StanceJudgement[]> {
      const { signal } = callOptions;
      throwIfAborted(signal);
      checkStanceBatch(pairs, maxPairs);
      const ja = pairs.map((p, i) => ({ p, i })).filter(({ p }) => isJapanese(p));
      const en = pairs.map((p, i) => ({ p, i })).filter(({ p }) => !isJapanese(p));
      // English needs a Latin-script word; the encoder's WordPiece vocabulary reads nothing else.
      for (const { p, i } of en) {
        if (!/[A-Za-z]/.test(p.claim)) {
          throw new InvalidInputError(
            `stance pair ${i}: the nli judge reads English (and Japanese through the embedded model) and found neither in the claim "${p.claim.slice(0, 80)}"`,
            {
              code: STANCE_UNSUPPORTED_LANGUAGE,
            },
          );
        }
      }
      const out = new Array<StanceJudgement>(pairs.length);
      if (en.length > 0)
        (
          await english.judge(
            en.map((x) => x.p),
            { ...(signal ? { signal } : {}) },
          )
        ).forEach((j, k) => (out[en[k]!.i] = j));
      if (ja.length > 0) {
        japanese ??= createEmbeddedStanceModel({ ...options.japanese, language: 'ja' });
        (
          await japanese.judge(
            ja.map((x) => x.p),
            { ...(signal ? { signal } : {}) },
          )
        ).forEach((j, k) => (out[ja[k]!.i] = j));
      }
      return out;
    },
    judgeSentenceLists: (pairs, callOptions = {}) => english.judgeSentenceLists(pairs, callOptions),
  };
}
