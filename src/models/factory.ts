// One entry point per model family: pick a backend by name, get the core interface back.
// Backends load lazily (weights on first use), but what can be checked up front is checked here,
// so a missing weights file or model folder is a clear error before any input is read.
import { existsSync } from 'node:fs';
import { InvalidInputError, NonRetryableError, type EmbeddingModel, type StanceModel } from '../core/index.js';
import {
  createShippedEncoder,
  createSqliteVectorCache,
  createTransformersEmbeddingModel,
  transformersEmbeddingOptionsSchema,
  withStaticVectors,
  withVectorCache,
  type StaticVectors,
  type TransformersEmbeddingOptions,
  type VectorCache,
} from './embedding/index.js';
import { createEscalatingStanceModel, type EscalationOptions } from './escalating-stance.js';
import { createLanguageRoutedStanceModel } from './language-routed-stance.js';
import { withSecondReading } from './second-reading.js';
import {
  createChatClient,
  createLlmStanceModel,
  createSamplingChatClient,
  type ChatClient,
  type ChatClientOptions,
  type LlmStanceOptions,
  type Sampler,
} from './llm/index.js';
import { parseOptions } from './options.js';
import { createEmbeddedStanceModel, DEFAULT_STANCE_MAX_PAIRS, DEFAULT_STANCE_WEIGHTS_PATH, type EmbeddedStanceOptions } from './stance/index.js';
import {
  createShippedJapaneseJudge,
  createNliStanceModel,
  createTransformersStanceModel,
  type JapaneseJudge,
  requireLocalModel,
  transformersStanceOptionsSchema,
  type NliStanceOptions,
  type TransformersStanceOptions,
} from './transformers/index.js';

/** `embedded` (the default): the networks trained from scratch; `nli`: the pretrained cross-encoders shipped in models/nli-en/ and models/nli-ja/ (opt-in). */
export const STANCE_BACKENDS = ['nli', 'embedded', 'transformers', 'llm', 'client'] as const;
/**
 * `nli`: the embedded judge's English edges are kept only when models/nli-en reads them alike (second-reading.ts);
 * `nli-refutes`: its refutations only; `none`: as the network reads them.
 */
export const SECOND_READINGS = ['none', 'nli', 'nli-refutes'] as const;
export type SecondReading = (typeof SECOND_READINGS)[number];
/**
 * The embedded judge's refutations are read again by default: on Climate-FEVER's odd claims refutes precision
 * 0.259 → 0.455 (recall 0.018 → 0.013) with every support and the README quick start unchanged, `lyra verify`
 * on Check-COVID dev macro-F1 0.282 → 0.276 (one refutation fewer), Climate-FEVER's 0.164 → 0.167.
 */
export const DEFAULT_SECOND_READING: SecondReading = 'nli-refutes';
export type StanceBackend = (typeof STANCE_BACKENDS)[number];

export type CreateStanceModelOptions =
  | { backend: 'nli'; nli?: NliStanceOptions }
  | { backend: 'embedded'; embedded?: EmbeddedStanceOptions; japaneseJudge?: JapaneseJudge; secondReading?: SecondReading }
  | { backend: 'transformers'; transformers: TransformersStanceOptions }
  | { backend: 'llm'; llm: Omit<LlmStanceOptions, 'client'> & ({ client: ChatClient } | { chat: ChatClientOptions }) }
  | {
      backend: 'client';
      embedded?: EmbeddedStanceOptions;
      japaneseJudge?: JapaneseJudge;
      escalation?: EscalationOptions;
      sampler?: () => Sampler | undefined;
    };

/**
 * A StanceModel of the named backend. Throws NonRetryableError `model_weights_missing` /
 * `model_not_found` when the embedded weights file or the transformers model folder is absent.
 */
export function createStanceModel(options: CreateStanceModelOptions): StanceModel {
  switch (options.backend) {
    case 'nli':
      return createNliStanceModel(options.nli ?? {});
    case 'embedded': {
      const weightsPath = options.embedded?.weightsPath ?? DEFAULT_STANCE_WEIGHTS_PATH;
      if (!existsSync(weightsPath)) {
        throw new NonRetryableError(
          `embedded stance model: weights file missing: ${weightsPath} (train it with \`npm run train:stance\`, or choose another backend with --model)`,
          { code: 'model_weights_missing', details: { path: weightsPath } },
        );
      }
      const maxPairs = options.embedded?.maxPairs ?? DEFAULT_STANCE_MAX_PAIRS;
      const network = createEmbeddedStanceModel({ ...options.embedded, weightsPath });
      // Read the network's English edges again with the pretrained cross-encoder (second-reading.ts).
      const embedded =
        options.secondReading === 'nli' || options.secondReading === 'nli-refutes'
          ? withSecondReading({
              first: network,
              second: () => createNliStanceModel({ maxPairs }),
              secondName: 'nli',
              ...(options.secondReading === 'nli-refutes' ? { edges: ['refutes'] as const } : {}),
            })
          : network;
      // Japanese claims stay with the embedded network (models/stance-ja) unless the pretrained
      // cross-encoder (models/nli-ja) is asked for: on realistic sentences it shows more edges, and more
      // wrong ones, than precision first allows (models/nli-ja/MODEL_CARD.md).
      if (options.japaneseJudge !== 'nli') return embedded;
      return createLanguageRoutedStanceModel({
        // Its own name: the edges it judges are stored under it, and calibrations fitted for the embedded
        // network's confidences are never applied to the cross-encoder's.
        name: `${embedded.name}+nli-ja`,
        en: embedded,
        ja: () => createShippedJapaneseJudge({ judge: 'nli', maxPairs }),
        maxPairs,
      });
    }
    case 'transformers': {
      const opts = parseOptions(transformersStanceOptionsSchema, options.transformers, 'transformers stance model');
      requireLocalModel({ modelsDir: opts.modelsDir, modelId: opts.modelId, dtype: opts.dtype });
      return createTransformersStanceModel(opts);
    }
    case 'llm': {
      const { llm } = options;
      const client = 'client' in llm ? llm.client : createChatClient(llm.chat);
      const { client: _c, chat: _h, ...stance } = llm as Omit<LlmStanceOptions, 'client'> & { client?: ChatClient; chat?: ChatClientOptions };
      return createLlmStanceModel({ ...stance, client });
    }
    case 'client': {
      // The embedded model judges every pair; the MCP client's model (sampling) those it is unsure of.
      const base = createStanceModel({
        backend: 'embedded',
        ...(options.embedded ? { embedded: options.embedded } : {}),
        ...(options.japaneseJudge ? { japaneseJudge: options.japaneseJudge } : {}),
      });
      const judge = createLlmStanceModel({ client: createSamplingChatClient(options.sampler ? { sampler: options.sampler } : {}), concurrency: 1 });
      return createEscalatingStanceModel({ base, judge, ...options.escalation });
    }
    default:
      throw new InvalidInputError(`unknown stance backend ${(options as { backend: string }).backend}; expected one of ${STANCE_BACKENDS.join(', ')}`, {
        code: 'stance_backend_unknown',
      });
  }
}

export const EMBEDDING_BACKENDS = ['embedded', 'transformers'] as const;
export type EmbeddingBackend = (typeof EMBEDDING_BACKENDS)[number];

export interface CreateEmbeddingModelOptions {
  /**
   * `embedded`: the pretrained encoder shipped in the project's models/ (models/minilm-en:
   * all-MiniLM-L6-v2, int8, English, 384 dimensions; the default). Until 2026-11-28 it was Universal
   * Sentence Encoder lite (512 dimensions), which was removed (CHANGELOG).
   * `transformers`: an ONNX sentence encoder from a local folder (e.g. a multilingual one).
   */
  backend?: EmbeddingBackend;
  /** @deprecated Ignored: the options of the removed USE-lite model (CHANGELOG, 2026-11-28). */
  useLite?: unknown;
  /** Required for the `transformers` backend. */
  transformers?: TransformersEmbeddingOptions;
  /** SQLite file of the on-disk vector cache (keyed by model and text hash); none when absent. */
  cachePath?: string;
  /**
   * A vector cache shared with other models (one connection to one file for every encoder of a process),
   * used instead of opening `cachePath`; its owner closes it, never this model.
   */
  cache?: VectorCache;
  /** Bound of the on-disk cache, in vectors. */
  cacheMaxEntries?: number;
  /**
   * Vectors computed ahead of time (a built-in corpus's fragments), loaded on the first cache miss and
   * consulted before the model: the same vectors, sooner. Only those of this model's name are used.
   */
  staticVectors?: () => readonly StaticVectors[];
}

export interface ClosableEmbeddingModel extends EmbeddingModel {
  /** Closes the vector cache (a no-op without one). */
  close(): void;
}

/** The on-disk vector cache at `path`, or a typed error naming the file. */
export function openVectorCache(options: { path: string; maxEntries?: number }): VectorCache {
  try {
    return createSqliteVectorCache(options);
  } catch (cause) {
    throw new NonRetryableError(`embedding vector cache: cannot open ${options.path}: ${(cause as Error).message}`, {
      code: 'cache_unavailable',
      details: { path: options.path },
      cause,
    });
  }
}

export function createEmbeddingModel(options: CreateEmbeddingModelOptions = {}): ClosableEmbeddingModel {
  const backend = options.backend ?? 'embedded';
  let base: EmbeddingModel;
  if (backend === 'embedded') {
    base = createShippedEncoder();
  } else if (backend === 'transformers') {
    if (!options.transformers) throw new InvalidInputError('embedding backend transformers: no model given', { code: 'model_not_configured' });
    const opts = parseOptions(transformersEmbeddingOptionsSchema, options.transformers, 'transformers embedding model');
    requireLocalModel({ modelsDir: opts.modelsDir, modelId: opts.modelId, dtype: opts.dtype });
    base = createTransformersEmbeddingModel(opts);
  } else {
    throw new InvalidInputError(`unknown embedding backend ${String(backend)}; expected one of ${EMBEDDING_BACKENDS.join(', ')}`, {
      code: 'embedding_backend_unknown',
    });
  }
  let cache: VectorCache | undefined;
  if (options.cache) {
    const shared = options.cache;
    // Without close: the owner of a shared cache closes it.
    cache = { get: (model, text) => shared.get(model, text), set: (model, text, vector) => shared.set(model, text, vector) };
  } else if (options.cachePath) {
    cache = openVectorCache({ path: options.cachePath, ...(options.cacheMaxEntries !== undefined ? { maxEntries: options.cacheMaxEntries } : {}) });
  }
  if (options.staticVectors) cache = withStaticVectors(cache, options.staticVectors);
  const model = cache ? withVectorCache(base, cache) : base;
  return {
    name: model.name,
    get dimensions() {
      return model.dimensions;
    },
    embed: (texts, callOptions) => model.embed(texts, callOptions),
    close: () => cache?.close?.(),
  };
}
