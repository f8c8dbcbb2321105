// The `transformers` backend: ONNX NLI cross-encoders from a local model folder, and `models pull`.
export { DEFAULT_MODEL_HUB, pullOptionsSchema, pullTransformersModel } from './pull.js';
export type { PullOptions, PullProgress, PullResult } from './pull.js';
export { MODEL_ID_RE, ONNX_DTYPES, ONNX_FILES, defaultBatchSize, loadTransformers, requireLocalModel, stanceOfLabel, withTransformersEnv } from './runtime.js';
export type { EnvSettings, OnnxDtype, TransformersLibrary } from './runtime.js';
export { createTransformersStanceModel, transformersStanceOptionsSchema } from './stance-transformers.js';
export type { TransformersStanceOptions } from './stance-transformers.js';
export { judgementUnits, type TransformersStanceModel } from './stance-transformers.js';
export {
  createDescribedJudge,
  createShippedJapaneseJudge,
  createNliStanceModel,
  JAPANESE_JUDGES,
  loadNliDescriptor,
  NliDescriptorSchema,
  SHIPPED_MODELS_DIR,
  SHIPPED_NLI_DESCRIPTOR,
  SHIPPED_NLI_JA_DESCRIPTOR,
  SHIPPED_NLI_JA_MODEL_ID,
  SHIPPED_NLI_MODEL_ID,
  type DescribedJudgeOptions,
  type JapaneseJudge,
  type NliDescriptor,
  type NliStanceModel,
  type NliStanceOptions,
} from './shipped-nli.js';
