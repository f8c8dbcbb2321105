// Relevance by meaning (core RelevanceModel): a logistic regression over figures of a claim — the term
// rules' relevance to the question (workflows/answer), whether it reaches the cut, the shipped sentence
// encoder's cosine of question and claim and (format 2) its cosine of question and the title of the
// document the claim comes from — fitted by `npm run train:relevance` on the hand-labelled relevance
// samples of bench/data/ and shipped as models/relevance/relevance.json. A format-1 file (no title weight)
// still loads. The file is validated here; one that does not parse is an error naming it, never a model
// that keeps every claim.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { InvalidInputError, cosineSimilarity, throwIfAborted, type EmbeddingModel, type RelevanceModel } from '../../core/index.js';
import { predictLogistic } from '../claim-screen/logistic.js';
import { readModelFile } from '../model-file.js';

/** models/relevance/relevance.json at the repository root (same path from src/ and dist/). */
export const DEFAULT_RELEVANCE_MODEL_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'models', 'relevance', 'relevance.json');

/** The format `npm run train:relevance` writes: four weights, the fourth the title's cosine. */
export const RELEVANCE_MODEL_FORMAT = 'lyra-relevance/2';
/** The first format (three weights, no title), still read: a file a user fitted before keeps working. */
export const RELEVANCE_MODEL_FORMAT_V1 = 'lyra-relevance/1';

/** Statements embedded per call to the encoder: bounds the memory of one batch. */
export const SIMILARITY_BATCH = 256;

const weight = z.number().finite();
const fileFields = {
  name: z.string().min(1),
  /** The embedding model whose cosines the weights were fitted on (its EmbeddingModel name). */
  embedding_model: z.string().min(1),
  bias: z.number().finite(),
  /** The fitted probability at which a claim counts as relevant. */
  threshold: z.number().gt(0).lt(1),
  /** The relevance scale's cut that `threshold` maps to (the workflows' MIN_RELEVANCE). */
  cut: z.number().gt(0).lt(1),
  /** How it was fitted (samples, rows, penalty, cross-validated figures): for the model card, not used here. */
  training: z.record(z.string(), z.unknown()).optional(),
};
export const relevanceModelFileSchema = z.discriminatedUnion('format', [
  z.object({
    format: z.literal(RELEVANCE_MODEL_FORMAT),
    ...fileFields,
    /** Weights of relevanceFeatures: [rules' relevance, rules at or over the cut (1 or 0), cosine, title cosine]. */
    weights: z.tuple([weight, weight, weight, weight]),
  }),
  z.object({
    format: z.literal(RELEVANCE_MODEL_FORMAT_V1),
    ...fileFields,
    /** [rules' relevance, rules at or over the cut (1 or 0), cosine]. */
    weights: z.tuple([weight, weight, weight]),
  }),
]);
export type RelevanceModelFile = z.infer<typeof relevanceModelFileSchema>;

const logit = (p: number): number => Math.log(p / (1 - p));
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * The model's features of a claim: the rules' relevance, whether it reaches the cut, the cosine and, with
 * `title` (format 2), the larger of the title's cosine and the claim's. A title about the question lifts a
 * claim that does not name it ("Field study: imidacloprid and foraging honeybees"); a title about nothing
 * in particular — a file name, "Regulation", "Minutes" — never lowers one, since the samples it was fitted
 * on hold only informative titles (Wikipedia articles, papers). A claim whose documents have no title reads
 * its own cosine there. Chosen over the title's cosine alone by the same measure (leave one question out:
 * F1 0.766 against 0.762), and for that robustness.
 */
export function relevanceFeatures(parts: RelevanceInputs, cut: number, options: { title: boolean }): number[] {
  const base = [parts.rules, parts.rules >= cut ? 1 : 0, parts.similarity];
  return options.title ? [...base, Math.max(parts.titleSimilarity ?? parts.similarity, parts.similarity)] : base;
}

/** What a relevance model reads of a claim (core RelevanceModel.combine). */
export type RelevanceInputs = Parameters<RelevanceModel['combine']>[0];

/** A relevance model from a parsed file over `encoder`, which must be the model the file was fitted on. */
export function createRelevanceModel(options: { file: RelevanceModelFile; encoder: EmbeddingModel }): RelevanceModel {
  const { file, encoder } = options;
  if (encoder.name !== file.embedding_model)
    throw new InvalidInputError(`relevance model ${file.name}: fitted on ${file.embedding_model}'s cosines, given the encoder ${encoder.name}`, {
      code: 'relevance_encoder_mismatch',
      details: { expected: file.embedding_model, given: encoder.name },
    });
  // Shifting the logit by logit(cut) − logit(threshold) puts the fitted threshold on the cut and keeps the order.
  const model = { weights: file.weights, bias: file.bias + logit(file.cut) - logit(file.threshold) };
  const title = file.format === RELEVANCE_MODEL_FORMAT;
  return {
    name: file.name,
    embeddingModel: file.embedding_model,
    cut: file.cut,
    async similarities(question, statements, callOptions = {}) {
      const { signal } = callOptions;
      throwIfAborted(signal);
      if (statements.length === 0) return [];
      const [q] = await encoder.embed([question], signal ? { signal } : {});
      const out: number[] = [];
      for (let i = 0; i < statements.length; i += SIMILARITY_BATCH) {
        const vectors = await encoder.embed(statements.slice(i, i + SIMILARITY_BATCH), signal ? { signal } : {});
        for (const v of vectors) out.push(cosineSimilarity(q!, v));
      }
      return out;
    },
    readsTitles: title,
    combine(parts) {
      const p = predictLogistic(model, relevanceFeatures(parts, file.cut, { title }));
      // Three decimals as the rules give, never rounded across the cut: a claim under the threshold stays under it.
      const r = round3(p);
      return p >= file.cut ? Math.max(r, file.cut) : Math.min(r, round3(file.cut - 0.001));
    },
  };
}

/** Reads and validates a relevance model file (default the shipped one) and binds it to `encoder`. */
export function loadRelevanceModel(options: { encoder: EmbeddingModel; path?: string }): RelevanceModel {
  return createRelevanceModel({ file: readRelevanceModelFile(options.path), encoder: options.encoder });
}

/** Reads and validates a relevance model file (default the shipped one); an error names the file. */
export function readRelevanceModelFile(path: string = DEFAULT_RELEVANCE_MODEL_PATH): RelevanceModelFile {
  return readModelFile({
    path,
    schema: relevanceModelFileSchema,
    what: 'relevance model',
    format: `${RELEVANCE_MODEL_FORMAT} (or ${RELEVANCE_MODEL_FORMAT_V1})`,
  });
}
