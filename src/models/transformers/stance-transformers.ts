// The `transformers` StanceModel: any ONNX NLI cross-encoder (Hugging Face model folder with
// config.json, tokenizer.json and onnx/model*.onnx) run on the CPU by onnxruntime-node through
// @huggingface/transformers. Nothing is downloaded here: the folder must exist (`lyra models pull`).
//
// Passages are split into sentences; every (sentence, claim) pair is judged as premise/hypothesis, and
// with `windows` a sentence that opens by referring back ("This…", "They…", "However,…") is judged a
// second time together with the sentence before it, as a two-sentence window. With per-label `decision`
// thresholds (the shipped judge, fitted for precision: models/nli-en/lyra.json) the precision-first rule
// of models/stance/decide.ts turns the units into one judgement; otherwise the single-threshold rule of
// models/stance/aggregate.ts does. Either way the most confident supporting or refuting unit decides and
// is stored as the decisive sentence (a window's text is its two sentences joined by one space).
import { z } from 'zod';
import { NonRetryableError, STANCES, throwIfAborted, type Stance, type StanceJudgement, type StanceModel, type StancePair } from '../../core/index.js';
import {
  aggregateSentences,
  checkStanceBatch,
  checkStancePair,
  decidePassage,
  DEFAULT_MAX_SENTENCES,
  DEFAULT_STANCE_MAX_PAIRS,
  splitSentences,
  type SentenceProbabilities,
} from '../stance/index.js';
import { parseOptions } from '../options.js';
import { MODEL_ID_RE, ONNX_DTYPES, defaultBatchSize, requireLocalModel, stanceOfLabel, withTransformersEnv, type OnnxDtype } from './runtime.js';

export const transformersStanceOptionsSchema = z.strictObject({
  /** Hugging Face model id, also the folder under `modelsDir` (e.g. `Xenova/nli-deberta-v3-xsmall`). */
  modelId: z.string().regex(MODEL_ID_RE, 'expected a model id such as Xenova/nli-deberta-v3-xsmall'),
  /** Folder holding model folders (`<modelsDir>/<modelId>/`), default $LYRA_HOME/models. */
  modelsDir: z.string().min(1),
  /** ONNX weight precision: which onnx/model*.onnx file is loaded. */
  dtype: z.enum(ONNX_DTYPES).default('fp32'),
  /**
   * The q8 file holds int8 weights under DequantizeLinear and multiplies in fp32 (weight-only int8,
   * scripts/nli/weight_only_int8.py): onnxruntime is asked to fold the dequantization into fp32 weights once
   * at load (otherwise it would keep the QDQ pair and dequantize on every run), and results do not depend
   * on batch-mates.
   */
  weightsOnly: z.boolean().default(false),
  /** Sentence pairs per forward pass (default 16; WEIGHTS_ONLY_BATCH for a weights-only file; 1 for a dynamically quantized file: defaultBatchSize). */
  batchSize: z.number().int().min(1).max(512).optional(),
  /** Tokens per pair; longer pairs are truncated. */
  maxLength: z.number().int().min(8).max(4096).default(512),
  /** Sentences judged per passage; the rest is ignored. */
  maxSentences: z.number().int().min(1).max(10_000).default(DEFAULT_MAX_SENTENCES),
  /** Pairs per judge() call; larger batches are an InvalidInputError. */
  maxPairs: z.number().int().min(1).max(1_000_000).default(DEFAULT_STANCE_MAX_PAIRS),
  /** Minimum probability for a sentence to decide supports/refutes (when no `decision` is given). */
  threshold: z.number().min(0).max(1).default(0.5),
  /** Per-label least calibrated probabilities (precision first); replace `threshold` when given. */
  decision: z.strictObject({ supports: z.number().min(0).max(1), refutes: z.number().min(0).max(1) }).optional(),
  /** Logits are divided by this before the softmax (calibration fitted on tuning data). */
  temperature: z.number().positive().max(100).default(1),
  /** Also judge a sentence that refers back together with the one before it. */
  windows: z.boolean().default(false),
  /** Extra label names (lower case) → stance, for models whose labels are not the usual NLI names. */
  labels: z.record(z.string(), z.enum(STANCES)).default({}),
});
export type TransformersStanceOptions = z.input<typeof transformersStanceOptionsSchema>;

interface LoadedModel {
  tokenizer: (a: string[], o: Record<string, unknown>) => Record<string, unknown>;
  model: (inputs: Record<string, unknown>) => Promise<{ logits: { dims: number[]; data: ArrayLike<number> } }>;
  /** Output column of each stance, -1 when the model has no such class. */
  columns: Record<Stance, number>;
  numLabels: number;
}

function softmaxRow(data: ArrayLike<number>, offset: number, n: number): number[] {
  let max = -Infinity;
  for (let j = 0; j < n; j++) max = Math.max(max, data[offset + j]!);
  const e = Array.from({ length: n }, (_, j) => Math.exp(data[offset + j]! - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/** Opening words of a sentence that leans on the one before it ("This effect…", "However, it…"). */
const REFERS_BACK =
  /^(?:this|these|that|those|it|its|they|their|them|such|he|she|his|her|both|neither|however|but|yet|thus|therefore|hence|consequently|in contrast|conversely|instead|the latter|the former|the same)\b/i;

/**
 * The units judged of one passage: each sentence, and for a sentence that refers back (when `windows`
 * is on) the window of it and its predecessor.
 */
export function judgementUnits(sentences: readonly string[], windows: boolean): string[] {
  const units: string[] = [];
  sentences.forEach((sentence, i) => {
    units.push(sentence);
    if (windows && i > 0 && REFERS_BACK.test(sentence)) units.push(`${sentences[i - 1]!} ${sentence}`);
  });
  return units;
}

export interface TransformersStanceModel extends StanceModel {
  /** Calibrated [supports, refutes, neutral] of every judged unit of each pair (benchmarks and fitting). */
  judgeSentenceLists(pairs: readonly StancePair[], options?: { signal?: AbortSignal }): Promise<SentenceProbabilities[][]>;
}

export function createTransformersStanceModel(options: TransformersStanceOptions): TransformersStanceModel {
  const opts = parseOptions(transformersStanceOptionsSchema, options, 'transformers stance model');
  const batchSize = opts.batchSize ?? defaultBatchSize({ dtype: opts.dtype, weightsOnly: opts.weightsOnly }, 16);
  const sessionOptions = opts.weightsOnly ? { session_options: { extra: { session: { disable_quant_qdq: '1' } } } } : {};
  const dtype: OnnxDtype = opts.dtype;
  let loading: Promise<LoadedModel> | undefined;

  const load = (): Promise<LoadedModel> => {
    loading ??= (async () => {
      requireLocalModel({ modelsDir: opts.modelsDir, modelId: opts.modelId, dtype });
      return withTransformersEnv({ modelsDir: opts.modelsDir, allowRemote: false }, async (lib) => {
        try {
          const tokenizer = await lib.AutoTokenizer.from_pretrained(opts.modelId);
          const model = await lib.AutoModelForSequenceClassification.from_pretrained(opts.modelId, { dtype, device: 'cpu', ...sessionOptions });
          const id2label = (model.config as unknown as { id2label?: Record<string, string> }).id2label ?? {};
          const entries = Object.entries(id2label);
          if (entries.length < 2)
            throw new NonRetryableError(`transformers model ${opts.modelId}: config.json has no id2label`, { code: 'model_labels_unknown' });
          const columns: Record<Stance, number> = { supports: -1, refutes: -1, neutral: -1 };
          for (const [index, label] of entries) columns[stanceOfLabel(label, opts.labels)] = Number(index);
          if (columns.supports < 0) {
            throw new NonRetryableError(`transformers model ${opts.modelId}: no entailment label among ${entries.map((e) => e[1]).join(', ')}`, {
              code: 'model_labels_unknown',
            });
          }
          return {
            tokenizer: tokenizer as unknown as LoadedModel['tokenizer'],
            model: model as unknown as LoadedModel['model'],
            columns,
            numLabels: entries.length,
          };
        } catch (cause) {
          if (cause instanceof NonRetryableError) throw cause;
          throw new NonRetryableError(`transformers model ${opts.modelId}: cannot load from ${opts.modelsDir}: ${(cause as Error).message}`, {
            code: 'model_load_failed',
            cause,
          });
        }
      });
    })().catch((error: unknown) => {
      loading = undefined; // a later call may find the folder fixed
      throw error;
    });
    return loading;
  };

  /** [supports, refutes, neutral] per (premise, hypothesis) pair, in input order. */
  const infer = async (m: LoadedModel, premises: string[], hypotheses: string[], signal?: AbortSignal): Promise<number[][]> => {
    const out: number[][] = [];
    for (let k = 0; k < premises.length; k += batchSize) {
      throwIfAborted(signal);
      const a = premises.slice(k, k + batchSize);
      const b = hypotheses.slice(k, k + batchSize);
      const inputs = m.tokenizer(a, { text_pair: b, padding: true, truncation: true, max_length: opts.maxLength });
      const { logits } = await m.model(inputs);
      const [rows, cols] = logits.dims;
      if (rows !== a.length || cols !== m.numLabels) {
        throw new NonRetryableError(
          `transformers model ${opts.modelId}: logits of shape [${logits.dims.join(', ')}] for ${a.length} pairs and ${m.numLabels} labels`,
          { code: 'model_output_invalid' },
        );
      }
      const scaled = opts.temperature === 1 ? logits.data : Array.from(logits.data, (x) => x / opts.temperature);
      for (let r = 0; r < rows; r++) {
        const p = softmaxRow(scaled, r * cols, cols);
        const at = (s: Stance): number => (m.columns[s] >= 0 ? p[m.columns[s]]! : 0);
        out.push([at('supports'), at('refutes'), at('neutral')]);
      }
    }
    return out;
  };

  // The precision-first rule without the embedded model's slot alignment (the cross-encoder reads the pair whole).
  const decision = opts.decision ? { ...opts.decision, refuteSubject: 0, refuteRest: 0, supportSubject: 0, supportRest: 0 } : undefined;

  const judgeUnits = async (pairs: readonly StancePair[], signal?: AbortSignal): Promise<SentenceProbabilities[][]> => {
    throwIfAborted(signal);
    checkStanceBatch(pairs, opts.maxPairs);
    const split = pairs.map((pair, i) => {
      checkStancePair(pair, i);
      const sentences = splitSentences(pair.passage, { maxSentences: opts.maxSentences });
      return judgementUnits(sentences.length > 0 ? sentences : [pair.passage.replace(/\s+/g, ' ').trim()], opts.windows);
    });
    if (pairs.length === 0) return [];
    const m = await load();
    // One flat list of (unit, claim) pairs over the whole batch, sorted by length so padding stays low.
    const flat = split.flatMap((units, i) => units.map((sentence) => ({ i, sentence, claim: pairs[i]!.claim.trim() })));
    const order = flat.map((_, j) => j).sort((x, y) => flat[x]!.sentence.length + flat[x]!.claim.length - flat[y]!.sentence.length - flat[y]!.claim.length);
    const probs = await infer(
      m,
      order.map((j) => flat[j]!.sentence),
      order.map((j) => flat[j]!.claim),
      signal,
    );
    const perPair: SentenceProbabilities[][] = pairs.map(() => []);
    const byFlat = new Array<number[]>(flat.length);
    order.forEach((j, k) => (byFlat[j] = probs[k]!));
    flat.forEach((f, j) => perPair[f.i]!.push({ sentence: f.sentence, probs: byFlat[j]! }));
    return perPair;
  };

  return {
    name: `transformers:${opts.modelId}`,
    async judge(pairs: StancePair[], callOptions: { signal?: AbortSignal } = {}): Promise<StanceJudgement[]> {
      const perPair = await judgeUnits(pairs, callOptions.signal);
      return perPair.map((units, i) => (decision ? decidePassage(units, decision, { claim: pairs[i]!.claim }) : aggregateSentences(units, opts.threshold)));
    },
    judgeSentenceLists: (pairs, callOptions = {}) => judgeUnits(pairs, callOptions.signal),
  };
}
