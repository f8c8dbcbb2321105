// Access to @huggingface/transformers: loaded lazily (it pulls in onnxruntime-node), and its global
// `env` set for one operation at a time, because the library reads settings from that one object.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type * as Transformers from '@huggingface/transformers';
import { NonRetryableError, type Stance } from '../../core/index.js';

export type TransformersLibrary = typeof Transformers;

/** Hugging Face model ids: `name` or `owner/name`, letters, digits, `-`, `_`, `.`. */
export const MODEL_ID_RE = /^[A-Za-z0-9][\w.-]*(?:\/[A-Za-z0-9][\w.-]*)?$/;

/** ONNX weight precisions and the file each loads from the model folder's onnx/ directory. */
export const ONNX_FILES = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
  int8: 'model_int8.onnx',
  uint8: 'model_uint8.onnx',
  q4: 'model_q4.onnx',
  bnb4: 'model_bnb4.onnx',
  q4f16: 'model_q4f16.onnx',
} as const;
export type OnnxDtype = keyof typeof ONNX_FILES;
export const ONNX_DTYPES = Object.keys(ONNX_FILES) as [OnnxDtype, ...OnnxDtype[]];

/**
 * Files whose activations are quantized at run time (dynamic int8: MatMulInteger with a scale taken
 * from each activation tensor's range over the whole batch, padding included). In a batch, a text's
 * result depends on its batch-mates: the shipped nli judge moved a pair's probability by up to 0.19.
 */
const BATCH_DEPENDENT_DTYPES: ReadonlySet<OnnxDtype> = new Set(['q8', 'int8', 'uint8']);

/**
 * Forward-pass batch of a weights-only int8 file (int8 weights dequantized once at load, fp32 activations:
 * a result is its input's own at any batch). Measured on the Japanese judge, 600 JSICK pairs on 2 cores:
 * 68.8 pairs/s at 8, 71.6 at 16, 59 one at a time (scripts/nli-ja/card-notes.md): 8 keeps the speed.
 */
export const WEIGHTS_ONLY_BATCH = 8;

/** What decides an ONNX file's default batch: its dtype, and for an int8 one whether only its weights are (lyra.json `quantization`). */
export interface BatchedFile {
  dtype: OnnxDtype;
  weightsOnly?: boolean;
}

/**
 * Forward-pass batch when the caller names none: `batched` for a file whose results do not depend on the
 * batch, at most WEIGHTS_ONLY_BATCH for a weights-only int8 one, and one input at a time for a dynamically
 * quantized file, so that every result is the input's own.
 */
export function defaultBatchSize(file: BatchedFile, batched: number): number {
  if (file.weightsOnly) return Math.min(batched, WEIGHTS_ONLY_BATCH);
  return BATCH_DEPENDENT_DTYPES.has(file.dtype) ? 1 : batched;
}

let library: Promise<TransformersLibrary> | undefined;

export function loadTransformers(): Promise<TransformersLibrary> {
  library ??= import('@huggingface/transformers').catch((cause: unknown) => {
    library = undefined;
    throw new NonRetryableError(`cannot load @huggingface/transformers (and onnxruntime-node): ${(cause as Error).message}`, {
      code: 'model_runtime_missing',
      cause,
    });
  });
  return library;
}

export interface EnvSettings {
  modelsDir: string;
  allowRemote: boolean;
  remoteHost?: string;
  fetch?: typeof fetch;
}

let envLock: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` with the library's env pointed at `modelsDir` (local models and the download cache
 * are the same folder, so a pulled model is found where local loading looks), then restores it.
 * Calls are serialized so two models with different folders never see each other's settings.
 */
export function withTransformersEnv<T>(settings: EnvSettings, work: (lib: TransformersLibrary) => Promise<T>): Promise<T> {
  const run = async (): Promise<T> => {
    const lib = await loadTransformers();
    const env = lib.env;
    const saved = {
      localModelPath: env.localModelPath,
      cacheDir: env.cacheDir,
      allowLocalModels: env.allowLocalModels,
      allowRemoteModels: env.allowRemoteModels,
      remoteHost: env.remoteHost,
      useFSCache: env.useFSCache,
      fetch: env.fetch,
    };
    const dir = settings.modelsDir.endsWith('/') ? settings.modelsDir : `${settings.modelsDir}/`;
    Object.assign(env, { localModelPath: dir, cacheDir: dir, allowLocalModels: true, useFSCache: true, allowRemoteModels: settings.allowRemote });
    if (settings.remoteHost) env.remoteHost = settings.remoteHost.endsWith('/') ? settings.remoteHost : `${settings.remoteHost}/`;
    if (settings.fetch) env.fetch = settings.fetch;
    try {
      return await work(lib);
    } finally {
      Object.assign(env, saved);
    }
  };
  const result = envLock.then(run, run);
  envLock = result.catch(() => undefined);
  return result;
}

/** The folder of a model, and the files loading needs, or a NonRetryableError naming what is missing. */
export function requireLocalModel(options: { modelsDir: string; modelId: string; dtype: OnnxDtype }): string {
  const dir = join(options.modelsDir, options.modelId);
  const needed = ['config.json', 'tokenizer.json', join('onnx', ONNX_FILES[options.dtype])];
  const missing = needed.filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    throw new NonRetryableError(
      `transformers model ${options.modelId} (${options.dtype}): missing ${missing.map((f) => join(dir, f)).join(', ')}; run \`lyra models pull ${options.modelId}\` on a machine with a network, or copy the model folder there`,
      { code: 'model_not_found', details: { modelId: options.modelId, dir, missing } },
    );
  }
  return dir;
}

/**
 * Maps a model's output label to a stance. Names differ between NLI models ("ENTAILMENT",
 * "entailment", "contradiction", "not_entailment"); `overrides` (lower-case label → stance) come first.
 * A label that matches nothing is an error: a guess would silently swap classes.
 */
export function stanceOfLabel(label: string, overrides: Record<string, Stance> = {}): Stance {
  const l = label.trim().toLowerCase();
  const override = overrides[l];
  if (override) return override;
  if (/^(not[_ -]?entail(ment)?|non[_ -]?entailment|not[_ -]?enough[_ -]?info|nei|neutral)$/.test(l)) return 'neutral';
  if (/^(entail(ment|s)?|support(s|ed)?|true)$/.test(l)) return 'supports';
  if (/^(contradict(ion|s)?|refute(s|d)?|false)$/.test(l)) return 'refutes';
  throw new NonRetryableError(`transformers model label "${label}" is not an NLI label; set models.transformers.labels to map it`, {
    code: 'model_labels_unknown',
    details: { label },
  });
}
