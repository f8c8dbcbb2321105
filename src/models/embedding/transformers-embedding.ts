// The `transformers` embedding backend: any ONNX sentence encoder (e.g. a multilingual one for
// Japanese, which the shipped English encoder does not cover) from a local model folder, run by @huggingface/transformers
// on the CPU. Vectors are the attention-masked mean of the last hidden states, L2-normalized.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { NonRetryableError, throwIfAborted, type EmbeddingModel } from '../../core/index.js';
import { parseOptions } from '../options.js';
import { MODEL_ID_RE, ONNX_DTYPES, defaultBatchSize, requireLocalModel, withTransformersEnv } from '../transformers/index.js';

export const transformersEmbeddingOptionsSchema = z.strictObject({
  /** Model id, also its folder under `modelsDir` (e.g. `Xenova/multilingual-e5-small`). */
  modelId: z.string().regex(MODEL_ID_RE, 'expected a model id such as Xenova/multilingual-e5-small'),
  modelsDir: z.string().min(1),
  dtype: z.enum(ONNX_DTYPES).default('fp32'),
  /** Texts per forward pass, sorted by length first so padding stays low (default 32; 1 for a dynamically quantized file, see defaultBatchSize). */
  batchSize: z.number().int().min(1).max(512).optional(),
  /** Characters kept per text. */
  maxChars: z.number().int().min(16).max(100_000).default(2_000),
  /** Prepended to every text; some encoders expect one (e5: "query: " or "passage: "). */
  prefix: z.string().max(100).default(''),
});
export type TransformersEmbeddingOptions = z.input<typeof transformersEmbeddingOptionsSchema>;

interface Extractor {
  (texts: string[], options: { pooling: 'mean'; normalize: boolean }): Promise<{ dims: number[]; data: ArrayLike<number> }>;
}

export function createTransformersEmbeddingModel(options: TransformersEmbeddingOptions): EmbeddingModel {
  const opts = parseOptions(transformersEmbeddingOptionsSchema, options, 'transformers embedding model');
  const batchSize = opts.batchSize ?? defaultBatchSize({ dtype: opts.dtype }, 32);
  let loading: Promise<{ extract: Extractor; dims: number }> | undefined;
  const load = (): Promise<{ extract: Extractor; dims: number }> => {
    loading ??= (async () => {
      requireLocalModel({ modelsDir: opts.modelsDir, modelId: opts.modelId, dtype: opts.dtype });
      return withTransformersEnv({ modelsDir: opts.modelsDir, allowRemote: false }, async (lib) => {
        try {
          const extract = (await lib.pipeline('feature-extraction', opts.modelId, { dtype: opts.dtype, device: 'cpu' })) as unknown as Extractor;
          const config = (await lib.AutoConfig.from_pretrained(opts.modelId)) as unknown as { hidden_size?: number };
          if (!config.hidden_size)
            throw new NonRetryableError(`transformers embedding model ${opts.modelId}: config.json has no hidden_size`, { code: 'model_load_failed' });
          return { extract, dims: config.hidden_size };
        } catch (cause) {
          if (cause instanceof NonRetryableError) throw cause;
          throw new NonRetryableError(`transformers embedding model ${opts.modelId}: cannot load from ${opts.modelsDir}: ${(cause as Error).message}`, {
            code: 'model_load_failed',
            cause,
          });
        }
      });
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  let dimensions: number | undefined;
  return {
    // The name keys the vector cache, so everything that changes the vectors is in it.
    name: `transformers:${opts.modelId}:${opts.dtype}${opts.prefix ? `:${opts.prefix.trim()}` : ''}`,
    /** hidden_size from the model's config.json (read on first use; a missing folder is an error). */
    get dimensions() {
      if (dimensions === undefined) {
        const dir = requireLocalModel({ modelsDir: opts.modelsDir, modelId: opts.modelId, dtype: opts.dtype });
        const size = (JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { hidden_size?: unknown }).hidden_size;
        if (typeof size !== 'number')
          throw new NonRetryableError(`transformers embedding model ${opts.modelId}: config.json has no hidden_size`, { code: 'model_load_failed' });
        dimensions = size;
      }
      return dimensions;
    },
    async embed(texts, callOptions) {
      const signal = callOptions?.signal;
      throwIfAborted(signal);
      if (texts.length === 0) return [];
      const m = await load();
      const order = texts.map((t, i) => ({ t: `${opts.prefix}${t.slice(0, opts.maxChars)}` || ' ', i })).sort((a, b) => a.t.length - b.t.length);
      const out = new Array<Float32Array>(texts.length);
      for (let k = 0; k < order.length; k += batchSize) {
        throwIfAborted(signal);
        const batch = order.slice(k, k + batchSize);
        const result = await m.extract(
          batch.map((b) => b.t),
          { pooling: 'mean', normalize: true },
        );
        const [rows, cols] = result.dims;
        if (rows !== batch.length || cols !== m.dims) {
          throw new NonRetryableError(
            `transformers embedding model ${opts.modelId}: output [${result.dims.join(', ')}] for ${batch.length} texts of ${m.dims} dims`,
            { code: 'model_output_invalid' },
          );
        }
        batch.forEach((b, j) => (out[b.i] = Float32Array.from({ length: cols }, (_, c) => result.data[j * cols + c]!)));
      }
      return out;
    },
  };
}
