// The pretrained sentence encoders that ship in the project's models/, opened the one way their cards
// describe: models/minilm-en (all-MiniLM-L6-v2 as published, int8 ONNX, `npm run build:encoder`) for the
// graph phase and the default embedding; models/minilm-retrieval-en (the same base fine-tuned to find the
// document that answers a claim, `npm run train:retrieval`) for corpus search. Benchmarks, training
// scripts and tests call these instead of spelling the id, folder and dtype each time.
import type { EmbeddingModel } from '../../core/index.js';
import { SHIPPED_MODELS_DIR } from '../transformers/index.js';
import { createTransformersEmbeddingModel } from './transformers-embedding.js';

/** The folder name of the shipped encoder under the project's models/. */
export const SHIPPED_ENCODER_ID = 'minilm-en';

/** The shipped encoder, run by onnxruntime-node from the project's models/ (nothing is downloaded). */
export function createShippedEncoder(): EmbeddingModel {
  return createTransformersEmbeddingModel({ modelId: SHIPPED_ENCODER_ID, modelsDir: SHIPPED_MODELS_DIR, dtype: 'q8' });
}

/** The folder name of the shipped retrieval encoder (corpus search's ranking by meaning) under models/. */
export const RETRIEVAL_ENCODER_ID = 'minilm-retrieval-en';

/** The shipped retrieval encoder, run by onnxruntime-node from the project's models/ (nothing is downloaded). */
export function createRetrievalEncoder(): EmbeddingModel {
  return createTransformersEmbeddingModel({ modelId: RETRIEVAL_ENCODER_ID, modelsDir: SHIPPED_MODELS_DIR, dtype: 'q8' });
}
