// The pretrained sentence encoder that ships in the project's models/ (models/minilm-en: all-MiniLM-L6-v2
// as int8 ONNX, `npm run build:encoder`), opened the one way its card describes. Benchmarks, training
// scripts and tests call this instead of spelling the id, folder and dtype each time.
import type { EmbeddingModel } from '../../core/index.js';
import { SHIPPED_MODELS_DIR } from '../transformers/index.js';
import { createTransformersEmbeddingModel } from './transformers-embedding.js';

/** The folder name of the shipped encoder under the project's models/. */
export const SHIPPED_ENCODER_ID = 'minilm-en';

/** The shipped encoder, run by onnxruntime-node from the project's models/ (nothing is downloaded). */
export function createShippedEncoder(): EmbeddingModel {
  return createTransformersEmbeddingModel({ modelId: SHIPPED_ENCODER_ID, modelsDir: SHIPPED_MODELS_DIR, dtype: 'q8' });
}
