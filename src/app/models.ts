// Builds models from LyraConfig's `models` section (docs/configuration.md). A backend that is
// chosen but not configured is an InvalidInputError naming the missing key.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InvalidInputError, type ClaimScreen, type EmbeddingModel, type RelevanceModel, type StanceModel } from '../core/index.js';
import {
  createEmbeddingModel,
  createStanceModel,
  DEFAULT_SECOND_READING,
  DEFAULT_MODEL_HUB,
  loadClaimScreen,
  loadRelevanceModel,
  readRelevanceModelFile,
  DEFAULT_RELEVANCE_MODEL_PATH,
  openVectorCache,
  pullTransformersModel,
  RETRIEVAL_ENCODER_ID,
  SHIPPED_ENCODER_ID,
  SHIPPED_MODELS_DIR,
  type ClosableEmbeddingModel,
  type SecondReading,
  type OnnxDtype,
  type PullProgress,
  type PullResult,
  type JapaneseJudge,
  type StanceBackend,
  type StaticVectors,
} from '../models/index.js';
import type { VectorCache } from '../models/embedding/index.js';
import type { LyraConfig } from './config/index.js';
import { chatClientOptionsOf } from './llm.js';
import { BUILTIN_LEAD_VECTORS_FILES, loadBuiltinVectors } from './corpus/builtin-vectors.js';
import { DEFAULT_CORPUS_RANKING } from '../sources/corpus/hybrid-rank.js';

type ModelsSection = NonNullable<LyraConfig['raw']['models']>;

function section(config: LyraConfig): ModelsSection {
  return config.raw.models ?? {};
}

/** Paths in the config file are relative to it; otherwise to the working directory. */
function resolvePath(config: LyraConfig, path: string): string {
  return config.configFile ? resolve(dirname(config.configFile), path) : resolve(path);
}

/** Folder of transformers model folders: `models.transformers.models_dir`, default `$LYRA_HOME/models`. */
export function modelsDirOf(config: LyraConfig): string {
  const dir = section(config).transformers?.models_dir;
  return dir ? resolvePath(config, dir) : join(config.home, 'models');
}

/**
 * The stance backend in force: the flag, else `models.stance.backend`, else `embedded`. The pretrained
 * judge (`nli`) is opt-in until it beats the embedded model on bench:verdicts (models/nli-en/MODEL_CARD.md).
 */
export function stanceBackendOf(config: LyraConfig, override?: StanceBackend): StanceBackend {
  return override ?? section(config).stance?.backend ?? 'embedded';
}

/**
 * The judge of Japanese claims under the shipped backends: `models.stance.japanese`, else the network of
 * models/stance-ja — the cross-encoder of models/nli-ja is opt-in (models/nli-ja/MODEL_CARD.md says why).
 */
export function japaneseJudgeOf(config: LyraConfig): JapaneseJudge {
  return section(config).stance?.japanese ?? 'embedded';
}

/** Which of the embedded judge's English edges the pretrained cross-encoder reads again: `models.stance.second_reading`, else nli-refutes. */
export function secondReadingOf(config: LyraConfig): SecondReading {
  return section(config).stance?.second_reading ?? DEFAULT_SECOND_READING;
}

export function buildStanceModel(options: { config: LyraConfig; backend?: StanceBackend }): StanceModel {
  const { config } = options;
  const models = section(config);
  const backend = stanceBackendOf(config, options.backend);
  switch (backend) {
    case 'nli':
      return createStanceModel({ backend, nli: { japaneseJudge: japaneseJudgeOf(config) } });
    case 'embedded': {
      const weights = models.stance?.weights_path;
      return createStanceModel({
        backend,
        embedded: weights ? { weightsPath: resolvePath(config, weights) } : {},
        japaneseJudge: japaneseJudgeOf(config),
        secondReading: secondReadingOf(config),
      });
    }
    case 'transformers': {
      const t = models.transformers;
      if (!t?.model) {
        throw new InvalidInputError(
          'stance backend transformers: set models.transformers.model (a model id such as Xenova/nli-deberta-v3-xsmall) in the config file',
          {
            code: 'model_not_configured',
            details: { key: 'models.transformers.model' },
          },
        );
      }
      return createStanceModel({
        backend,
        transformers: {
          modelId: t.model,
          modelsDir: modelsDirOf(config),
          ...(t.dtype ? { dtype: t.dtype } : {}),
          ...(t.batch_size ? { batchSize: t.batch_size } : {}),
          ...(t.labels ? { labels: t.labels } : {}),
        },
      });
    }
    case 'client': {
      const weights = models.stance?.weights_path;
      const c = models.stance?.client;
      return createStanceModel({
        backend,
        embedded: weights ? { weightsPath: resolvePath(config, weights) } : {},
        japaneseJudge: japaneseJudgeOf(config),
        escalation: {
          ...(c?.sure_above !== undefined ? { sureAbove: c.sure_above } : {}),
          ...(c?.unsure_floor !== undefined ? { unsureFloor: c.unsure_floor } : {}),
          ...(c?.max_escalations !== undefined ? { maxEscalations: c.max_escalations } : {}),
        },
      });
    }
    case 'llm': {
      const l = models.llm;
      if (!l) {
        throw new InvalidInputError('stance backend llm: set models.llm.base_url and models.llm.model (an OpenAI-compatible endpoint) in the config file', {
          code: 'model_not_configured',
          details: { key: 'models.llm' },
        });
      }
      return createStanceModel({
        backend,
        llm: {
          chat: chatClientOptionsOf(config)!,
          ...(l.concurrency ? { concurrency: l.concurrency } : {}),
        },
      });
    }
  }
}

/** Whether `models.embedding` names the shipped encoder (`embedded`, the default) rather than another one. */
export function embeddingIsShipped(config: LyraConfig): boolean {
  return section(config).embedding?.backend !== 'transformers';
}

/**
 * The embedding model of `models.embedding` (default `embedded`: the shipped encoder, buildSentenceEncoder)
 * with its on-disk vector cache at `models.embedding.cache_path` (default `$LYRA_HOME/cache/vectors.db`).
 */
export function buildEmbeddingModel(options: { config: LyraConfig; cache?: () => VectorCache }): ClosableEmbeddingModel {
  const { config } = options;
  const e = section(config).embedding;
  if (embeddingIsShipped(config) || !e) return buildSentenceEncoder(options);
  if (!e.model) {
    throw new InvalidInputError(
      'embedding backend transformers: set models.embedding.model (an encoder such as Xenova/multilingual-e5-small) in the config file',
      {
        code: 'model_not_configured',
        details: { key: 'models.embedding.model' },
      },
    );
  }
  const dtype = e.dtype;
  return createEmbeddingModel({
    backend: 'transformers',
    transformers: { modelId: e.model, modelsDir: modelsDirOf(config), ...(dtype ? { dtype } : {}), ...(e.prefix ? { prefix: e.prefix } : {}) },
    ...cacheOf(options),
  });
}

/**
 * The on-disk vector cache both encoders keep their vectors in: `models.embedding.cache_path` (default
 * `$LYRA_HOME/cache/vectors.db`) and `models.embedding.cache_max_entries`.
 */
function vectorCacheOptions(config: LyraConfig): { cachePath: string; cacheMaxEntries?: number } {
  const e = section(config).embedding;
  return {
    cachePath: e?.cache_path ? resolvePath(config, e.cache_path) : join(config.home, 'cache', 'vectors.db'),
    ...(e?.cache_max_entries !== undefined ? { cacheMaxEntries: e.cache_max_entries } : {}),
  };
}

/**
 * An encoder's vector cache: the shared one when a getter is handed in (asked only once the encoder is
 * built, so a runtime that builds none opens no file), else the configured file opened for it alone.
 */
function cacheOf(options: { config: LyraConfig; cache?: () => VectorCache }): { cache: VectorCache } | { cachePath: string; cacheMaxEntries?: number } {
  return options.cache ? { cache: options.cache() } : vectorCacheOptions(options.config);
}

/** The vector cache file both encoders of a runtime share (one connection; the runtime closes it). */
export function buildVectorCache(options: { config: LyraConfig }): VectorCache {
  const o = vectorCacheOptions(options.config);
  return openVectorCache({ path: o.cachePath, ...(o.cacheMaxEntries !== undefined ? { maxEntries: o.cacheMaxEntries } : {}) });
}

/** Whether corpus search ranks by meaning too (`corpus.ranking: hybrid`, the default) or by words alone. */
export function rankingByMeaning(config: LyraConfig): boolean {
  return (config.raw.corpus?.ranking ?? DEFAULT_CORPUS_RANKING) !== 'bm25';
}

/**
 * The shipped pretrained sentence encoder (models/minilm-en, all-MiniLM-L6-v2 int8) with the runtime's
 * vector cache: the default embedding model, and the encoder whose cosine gates which claims of different
 * sources the graph phase asks the judge about (pipeline/graph/corroborate.ts).
 */
export function buildSentenceEncoder(options: { config: LyraConfig; cache?: () => VectorCache }): ClosableEmbeddingModel {
  // The example corpus ships its fragments' vectors (corpora/example/vectors.*), consulted on a cache miss.
  return shippedEncoder(SHIPPED_ENCODER_ID, options, () => loadBuiltinVectors());
}

/** A sentence encoder shipped in models/ (int8), with the runtime's vector cache and the vectors a built-in corpus ships for it. */
function shippedEncoder(
  modelId: string,
  options: { config: LyraConfig; cache?: () => VectorCache },
  staticVectors: () => readonly StaticVectors[],
): ClosableEmbeddingModel {
  return createEmbeddingModel({
    backend: 'transformers',
    transformers: { modelId, modelsDir: SHIPPED_MODELS_DIR, dtype: 'q8' },
    ...cacheOf(options),
    staticVectors,
  });
}

/**
 * Corpus search's retrieval encoder (models/minilm-retrieval-en: the same base fine-tuned to bring a claim
 * and the document that answers it together, `npm run train:retrieval`) with the runtime's vector cache.
 * Its own model, because its vectors serve ranking documents, where the graph phase's thresholds were
 * fitted on the published encoder's.
 */
export function buildRetrievalEncoder(options: { config: LyraConfig; cache?: () => VectorCache }): ClosableEmbeddingModel {
  // The example corpus ships its documents' leads' vectors (corpora/example/lead-vectors.*), consulted on a cache miss.
  return shippedEncoder(RETRIEVAL_ENCODER_ID, options, () => loadBuiltinVectors(undefined, BUILTIN_LEAD_VECTORS_FILES));
}

/**
 * The judge that keeps apart two claims the merge would join when it reads them as contradicting
 * (pipeline/graph/merge-vetoes.ts): the shipped NLI cross-encoder (models/nli-en), whatever judge
 * `models.stance` names, because it reads sentence pairs best of the shipped judges (npm run bench:merge).
 */
export function buildMergeJudge(): StanceModel {
  return createStanceModel({ backend: 'nli' });
}

/**
 * The learned claim screen (`models.claim_screen`), or undefined unless it is switched on: opt-in,
 * because on unseen text it buys precision with as much recall (docs/guide.md "Claims", bench:research). A
 * configured file that cannot be read is an error, not a run without the screen.
 */
export function buildClaimScreen(options: { config: LyraConfig }): ClaimScreen | undefined {
  const c = section(options.config).claim_screen;
  if (c?.enabled !== true) return undefined;
  return c?.weights_path ? loadClaimScreen(resolvePath(options.config, c.weights_path)) : loadClaimScreen();
}

/**
 * Relevance by meaning (`models.relevance`, default `meaning`): the term rules mixed with the shipped
 * encoder's cosines of question and claim and of question and the claim's document title (models/relevance), over `encoder()` (the runtime's shipped
 * encoder, shared with the graph phase; asked for only when the backend is `meaning`). Undefined under
 * `backend: rules`, or when the runtime was given no sentence encoder. A configured file that cannot be
 * read is an error, not a run on the rules.
 */
export function buildRelevanceModel(options: { config: LyraConfig; encoder: () => EmbeddingModel | undefined }): RelevanceModel | undefined {
  const path = relevanceWeightsPath(options.config);
  if (path === null) return undefined;
  const encoder = options.encoder();
  if (!encoder) return undefined;
  return loadRelevanceModel({ encoder, path });
}

/** The relevance model's weights file (`models.relevance.weights_path`, else the shipped one); null under `backend: rules`. */
function relevanceWeightsPath(config: LyraConfig): string | null {
  const r = section(config).relevance;
  if (r?.backend === 'rules') return null;
  return r?.weights_path ? resolvePath(config, r.weights_path) : DEFAULT_RELEVANCE_MODEL_PATH;
}

/** Doctor's view of `models.relevance`: the backend, and under `meaning` the weights file and whether it reads. */
export function relevanceModelCheck(config: LyraConfig): { backend: 'meaning' | 'rules'; path: string | null; readable: boolean; error: string | null } {
  const path = relevanceWeightsPath(config);
  if (path === null) return { backend: 'rules', path: null, readable: false, error: null };
  try {
    readRelevanceModelFile(path);
    return { backend: 'meaning', path, readable: true, error: null };
  } catch (err) {
    return { backend: 'meaning', path, readable: false, error: (err as Error).message };
  }
}

export interface PullModelOptions {
  config: LyraConfig;
  modelId: string;
  dtype?: OnnxDtype;
  /** Hub base URL; default `models.transformers.hub_url`, else the Hugging Face hub. */
  hubUrl?: string;
  signal?: AbortSignal;
  onProgress?: (p: PullProgress) => void;
}

export function pullModel(options: PullModelOptions): Promise<PullResult> {
  const t = section(options.config).transformers;
  const dtype = options.dtype ?? t?.dtype;
  return pullTransformersModel(
    {
      modelId: options.modelId,
      modelsDir: modelsDirOf(options.config),
      remoteHost: options.hubUrl ?? t?.hub_url ?? DEFAULT_MODEL_HUB,
      ...(dtype ? { dtype } : {}),
    },
    { ...(options.signal ? { signal: options.signal } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) },
  );
}

/** Model folders present under the models dir (those holding a config.json), as model ids. */
export function listLocalModels(config: LyraConfig): string[] {
  const root = modelsDirOf(config);
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const a of readdirSync(root)) {
    const pa = join(root, a);
    if (!statSync(pa).isDirectory()) continue;
    if (existsSync(join(pa, 'config.json'))) out.push(a);
    for (const b of readdirSync(pa)) {
      if (existsSync(join(pa, b, 'config.json'))) out.push(`${a}/${b}`);
    }
  }
  return out.sort();
}
