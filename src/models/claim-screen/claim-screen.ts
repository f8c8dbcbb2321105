// The learned claim screen (core ClaimScreen): a logistic regression over a statement's sentence
// vector, trained by `npm run train:claim-screen` on the hand-labelled checkability samples of
// bench/data/ and shipped as models/claim-screen/claim-screen.json. The file is validated here; a file
// that does not parse is an error naming it, never a screen that keeps everything.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { InvalidInputError, type ClaimScreen } from '../../core/index.js';
import { readModelFile } from '../model-file.js';
import { predictLogistic } from './logistic.js';

/** models/claim-screen/claim-screen.json at the repository root (same path from src/ and dist/). */
export const DEFAULT_CLAIM_SCREEN_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'models', 'claim-screen', 'claim-screen.json');

export const CLAIM_SCREEN_FORMAT = 'lyra-claim-screen/1';

export const claimScreenFileSchema = z.object({
  format: z.literal(CLAIM_SCREEN_FORMAT),
  name: z.string().min(1),
  /** The embedding model the weights were trained on (its EmbeddingModel name). */
  embedding_model: z.string().min(1),
  dimensions: z.number().int().min(1).max(8192),
  /** One weight per vector dimension. */
  weights: z.array(z.number().finite()),
  bias: z.number().finite(),
  threshold: z.number().min(0).max(1),
  /** How it was trained (files, rows, penalty, cross-validated figures): for the model card, not used here. */
  training: z.record(z.string(), z.unknown()).optional(),
});
export type ClaimScreenFile = z.infer<typeof claimScreenFileSchema>;

export function createClaimScreen(file: ClaimScreenFile): ClaimScreen {
  if (file.weights.length !== file.dimensions)
    throw new InvalidInputError(`claim screen ${file.name}: ${file.weights.length} weights for ${file.dimensions} dimensions`, { code: 'model_file_invalid' });
  const model = { weights: file.weights, bias: file.bias };
  return {
    name: file.name,
    embeddingModel: file.embedding_model,
    dimensions: file.dimensions,
    threshold: file.threshold,
    score({ vector }) {
      if (vector.length !== file.dimensions)
        throw new InvalidInputError(`claim screen ${file.name}: a vector of ${vector.length} dimensions, expected ${file.dimensions}`, {
          code: 'vector_dimensions',
        });
      return predictLogistic(model, vector);
    },
  };
}

/** Reads and validates a screen file (default the shipped one). */
export function loadClaimScreen(path: string = DEFAULT_CLAIM_SCREEN_PATH): ClaimScreen {
  return createClaimScreen(readModelFile({ path, schema: claimScreenFileSchema, what: 'claim screen', format: CLAIM_SCREEN_FORMAT }));
}
