// lyra doctor's local checks (no network): which model judges English and which Japanese claims and
// whether its files are there, the embedding model, the Chromium executable, and the data folders.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  DEFAULT_STANCE_JA_PATH,
  DEFAULT_STANCE_WEIGHTS_PATH,
  requireLocalModel,
  RETRIEVAL_ENCODER_ID,
  SHIPPED_ENCODER_ID,
  SHIPPED_MODELS_DIR,
  SHIPPED_NLI_DESCRIPTOR,
  SHIPPED_NLI_JA_DESCRIPTOR,
  SHIPPED_NLI_JA_MODEL_ID,
} from '../../models/index.js';
import { DEFAULT_CHROMIUM_PATH } from '../../net/index.js';
import type { LyraConfig } from '../config/index.js';
import { listLocalModels, modelsDirOf, rankingByMeaning, relevanceModelCheck, secondReadingOf, stanceBackendOf, japaneseJudgeOf } from '../models.js';
import type { DoctorReport } from './doctor-schema.js';

type Models = DoctorReport['models'];

/** Whether a sentence encoder shipped in models/ has its int8 network (a broken install lacks it). */
const shippedEncoderPresent = (id: string): boolean => existsSync(join(SHIPPED_MODELS_DIR, id, 'onnx', 'model_quantized.onnx'));
type Judge = Models['stance']['en'];

/** A path of the config file, relative to the file (as app/models.ts resolves it). */
function resolveFromConfig(config: LyraConfig, path: string): string {
  return config.configFile ? resolve(dirname(config.configFile), path) : resolve(path);
}

function localModel(
  config: LyraConfig,
  modelId: string,
  dtype: NonNullable<NonNullable<LyraConfig['raw']['models']>['transformers']>['dtype'] | undefined,
): { path: string; present: boolean } {
  const modelsDir = modelsDirOf(config);
  try {
    return { path: requireLocalModel({ modelsDir, modelId, dtype: dtype ?? 'fp32' }), present: true };
  } catch {
    return { path: join(modelsDir, modelId), present: false };
  }
}

/** The judge of each language under the configured backend (models/factory.ts: the embedded model picks its network by the claim's language). */
export function modelChecks(config: LyraConfig): Models {
  const m = config.raw.models ?? {};
  const backend = stanceBackendOf(config);
  const file = (path: string): Judge => ({ backend, model: path.replace(/^.*\//, ''), path, present: existsSync(path) });
  let en: Judge;
  let ja: Judge;
  // Japanese claims: models/nli-ja's cross-encoder, or models/stance-ja's network (models.stance.japanese: embedded).
  const japanese = (): Judge =>
    japaneseJudgeOf(config) === 'embedded' ? file(DEFAULT_STANCE_JA_PATH) : { ...file(SHIPPED_NLI_JA_DESCRIPTOR), model: SHIPPED_NLI_JA_MODEL_ID };
  if (backend === 'nli') {
    en = { ...file(SHIPPED_NLI_DESCRIPTOR), model: 'nli-en' };
    ja = japanese();
  } else if (backend === 'embedded' || backend === 'client') {
    const weights = m.stance?.weights_path;
    en = file(weights ? resolveFromConfig(config, weights) : DEFAULT_STANCE_WEIGHTS_PATH);
    ja = japanese();
  } else if (backend === 'transformers') {
    const id = m.transformers?.model;
    const local = id ? localModel(config, id, m.transformers?.dtype) : undefined;
    en = { backend, model: id ?? null, path: local?.path ?? null, present: local?.present ?? false };
    ja = en;
  } else {
    en = { backend, model: m.llm?.model ?? null, path: null, present: m.llm !== undefined };
    ja = en;
  }
  const e = m.embedding;
  const embedding =
    e?.backend === 'transformers'
      ? { backend: 'transformers' as const, model: e.model ?? '', present: e.model ? localModel(config, e.model, e.dtype).present : false }
      : {
          backend: 'embedded' as const,
          model: SHIPPED_ENCODER_ID,
          present: shippedEncoderPresent(SHIPPED_ENCODER_ID),
        };
  const reading = secondReadingOf(config);
  const second_reading =
    backend === 'embedded' && reading !== 'none'
      ? {
          edges: reading === 'nli' ? ('supports and refutes' as const) : ('refutes' as const),
          model: 'nli-en',
          path: SHIPPED_NLI_DESCRIPTOR,
          present: existsSync(SHIPPED_NLI_DESCRIPTOR),
        }
      : null;
  const retrieval = rankingByMeaning(config) ? { model: RETRIEVAL_ENCODER_ID, present: shippedEncoderPresent(RETRIEVAL_ENCODER_ID) } : null;
  return {
    stance_backend: backend,
    stance: { en, ja },
    second_reading,
    embedding,
    retrieval,
    relevance: relevanceModelCheck(config),
    local: listLocalModels(config),
    llm: { configured: m.llm !== undefined, base_url: m.llm?.base_url ?? null, model: m.llm?.model ?? null },
  };
}

/** Whether a file exists and may be executed by this user. */
function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function chromiumCheck(config: LyraConfig): DoctorReport['chromium'] {
  const configured = config.raw.fetch?.render?.chromium_path;
  const path = configured ?? DEFAULT_CHROMIUM_PATH;
  return { path, source: configured ? 'config' : 'default', found: executable(path), render_enabled: config.raw.fetch?.render?.enabled ?? executable(path) };
}

/** The nearest existing folder of a path, and whether this user may write there (a data folder is created on first use). */
export function writableAncestor(path: string): { dir: string; writable: boolean } {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  try {
    accessSync(dir, constants.W_OK);
    return { dir, writable: true };
  } catch {
    return { dir, writable: false };
  }
}
