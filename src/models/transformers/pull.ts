// `lyra models pull <id>`: downloads a model folder from the Hugging Face hub (or a mirror given as
// `remoteHost`) into `<modelsDir>/<id>/`, using the library's own downloader, then loads it once so a
// pull that succeeds leaves a folder that works offline. The only code path allowed to use the network.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { combineSignals, NonRetryableError, RetryableError, throwIfAborted } from '../../core/index.js';
import { parseOptions } from '../options.js';
import { MODEL_ID_RE, ONNX_DTYPES, requireLocalModel, withTransformersEnv } from './runtime.js';

export const DEFAULT_MODEL_HUB = 'https://huggingface.co/';

export const pullOptionsSchema = z.strictObject({
  modelId: z.string().regex(MODEL_ID_RE, 'expected a model id such as Xenova/nli-deberta-v3-xsmall'),
  modelsDir: z.string().min(1),
  /** Hub base URL; files are read from `<remoteHost>/<id>/resolve/<revision>/<file>`. */
  remoteHost: z.url().default(DEFAULT_MODEL_HUB),
  dtype: z.enum(ONNX_DTYPES).default('fp32'),
  /** Time limit for each HTTP request, in milliseconds. */
  requestTimeoutMs: z.number().int().min(1_000).max(3_600_000).default(600_000),
});
export type PullOptions = z.input<typeof pullOptionsSchema>;

export interface PullProgress {
  file: string;
  status: string;
  loaded?: number;
  total?: number;
}

export interface PullResult {
  modelId: string;
  dir: string;
  /** Files in the model folder after the pull, relative to it. */
  files: string[];
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/\.tmp\.\d+/.test(name)) out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

export async function pullTransformersModel(
  options: PullOptions,
  call: { signal?: AbortSignal; onProgress?: (p: PullProgress) => void } = {},
): Promise<PullResult> {
  const opts = parseOptions(pullOptionsSchema, options, 'models pull');
  const { signal, onProgress } = call;
  throwIfAborted(signal);
  // Every request the library makes carries the caller's signal and a per-request timeout.
  const boundedFetch: typeof fetch = (input, init) =>
    fetch(input, { ...init, signal: combineSignals([signal, init?.signal ?? undefined], opts.requestTimeoutMs) });
  await withTransformersEnv({ modelsDir: opts.modelsDir, allowRemote: true, remoteHost: opts.remoteHost, fetch: boundedFetch }, async (lib) => {
    const progress_callback = (e: { status?: string; file?: string; loaded?: number; total?: number }): void => {
      if (onProgress && e.file)
        onProgress({
          file: e.file,
          status: e.status ?? '',
          ...(e.loaded !== undefined ? { loaded: e.loaded } : {}),
          ...(e.total !== undefined ? { total: e.total } : {}),
        });
    };
    try {
      // config.json first: a model the hub lacks fails here with its HTTP status.
      await lib.AutoConfig.from_pretrained(opts.modelId, { progress_callback });
      await lib.AutoTokenizer.from_pretrained(opts.modelId, { progress_callback });
      throwIfAborted(signal);
      await lib.AutoModel.from_pretrained(opts.modelId, { dtype: opts.dtype, device: 'cpu', progress_callback });
    } catch (cause) {
      if (signal?.aborted) throw signal.reason ?? cause;
      const status = (cause as { status?: number }).status;
      const message = `models pull ${opts.modelId} from ${opts.remoteHost}: ${(cause as Error).message}`;
      if (status === 401 || status === 403 || status === 404)
        throw new NonRetryableError(message, { code: 'model_not_found_remote', details: { modelId: opts.modelId, status }, cause });
      throw new RetryableError(message, { code: 'model_download_failed', details: { modelId: opts.modelId }, cause });
    }
  });
  const dir = requireLocalModel({ modelsDir: opts.modelsDir, modelId: opts.modelId, dtype: opts.dtype });
  return { modelId: opts.modelId, dir, files: listFiles(dir) };
}
