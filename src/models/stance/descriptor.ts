// The descriptor of a shipped stance network (models/stance-<lang>/stance-<lang>.json), written by
// `npm run train:stance`: which files make it up, the calibration, and the decision thresholds fitted
// for precision on the tuning data (the model card says how and on what).
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { NonRetryableError } from '../../core/index.js';

export const DecisionSchema = z.strictObject({
  /** Least calibrated probability for a sentence to support the claim. */
  supports: z.number().min(0).max(1),
  /** Least calibrated probability for a sentence to refute the claim. */
  refutes: z.number().min(0).max(1),
  /**
   * "Same event first": least share of the claim's subject words, and of its predicate and object
   * words, the sentence must hold before it may refute (English only; 0 turns a check off).
   */
  refuteSubject: z.number().min(0).max(1).default(0),
  refuteRest: z.number().min(0).max(1).default(0),
  /** The same for supporting (usually weaker: a paraphrase may share fewer words). */
  supportSubject: z.number().min(0).max(1).default(0),
  supportRest: z.number().min(0).max(1).default(0),
});
export type Decision = z.infer<typeof DecisionSchema>;

export const DescriptorSchema = z.strictObject({
  format: z.literal(1),
  language: z.enum(['en', 'ja']),
  /** The ONNX network, relative to the descriptor. */
  network: z.string().min(1),
  /** English: the word vectors and antonyms file, relative to the descriptor. */
  vectors: z.string().min(1).optional(),
  /** Japanese: hash buckets of the character n-gram ids and of the sparse features. */
  idBuckets: z.number().int().positive().optional(),
  hashBuckets: z.number().int().positive(),
  /** Temperature applied to the logits before the softmax (fitted by NLL on the tuning data). */
  temperature: z.number().positive(),
  decision: DecisionSchema,
  /** Training record (data, seed, scores) for audits; the model card is written from it. */
  training: z.record(z.string(), z.unknown()).optional(),
});
export type Descriptor = z.infer<typeof DescriptorSchema>;

export interface LoadedDescriptor extends Descriptor {
  path: string;
  networkPath: string;
  vectorsPath?: string;
}

export async function loadDescriptor(path: string, options: { signal?: AbortSignal } = {}): Promise<LoadedDescriptor> {
  let text: string;
  try {
    text = await readFile(path, { encoding: 'utf8', ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NonRetryableError(`cannot read stance model descriptor ${path}: ${(error as Error).message} (train it with \`npm run train:stance\`)`, {
      code: 'model_weights_missing',
      details: { path },
      cause: error,
    });
  }
  let d: Descriptor;
  try {
    d = DescriptorSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new NonRetryableError(
      `stance model descriptor ${path} is invalid: ${error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message}`,
      {
        code: 'model_weights_corrupt',
        details: { path },
        cause: error,
      },
    );
  }
  const dir = dirname(path);
  return { ...d, path, networkPath: resolve(dir, d.network), ...(d.vectors ? { vectorsPath: resolve(dir, d.vectors) } : {}) };
}
