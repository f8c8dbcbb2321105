// The `llm` StanceModel: asks an OpenAI-compatible chat model, with a JSON-schema-constrained
// answer {label, sentence, confidence}. The passage is split into numbered sentences so the model
// names the decisive sentence by number (a quote could be paraphrased; a number is checked).
//
// Long passages are judged in windows of `windowSentences`. Aggregation rule: the supporting or
// refuting window answer with the highest stated confidence decides; when every window says
// neutral, the most confident neutral answer stands. `confidence` is the model's own stated
// probability (not calibrated); `scores` give the label that value and split the rest evenly.
import { z } from 'zod';
import { STANCES, throwIfAborted, type Stance, type StanceJudgement, type StanceModel, type StancePair } from '../../core/index.js';
import { checkStanceBatch, checkStancePair, DEFAULT_MAX_SENTENCES, splitSentences } from '../stance/index.js';
import { parseOptions } from '../options.js';
import type { ChatClient } from './chat-client.js';

export const llmStanceOptionsSchema = z.strictObject({
  /** Sentences shown to the model in one request. */
  windowSentences: z.number().int().min(1).max(500).default(40),
  /** Sentences judged per passage; the rest is ignored. */
  maxSentences: z.number().int().min(1).max(10_000).default(DEFAULT_MAX_SENTENCES),
  /** Characters kept per sentence (very long "sentences" are cut). */
  maxSentenceChars: z.number().int().min(50).max(20_000).default(1_000),
  /** Requests this model keeps in flight (the client may allow fewer). */
  concurrency: z.number().int().min(1).max(64).default(2),
  /** Pairs per judge() call; larger batches are an InvalidInputError. */
  maxPairs: z.number().int().min(1).max(100_000).default(1_000),
});
export type LlmStanceOptions = z.input<typeof llmStanceOptionsSchema> & { client: ChatClient };

export const STANCE_SYSTEM_PROMPT = [
  'You judge evidence for fact-checking.',
  'Given a claim and a passage split into numbered sentences, decide from the passage alone whether it',
  'supports the claim, refutes it (contradicts it: opposite direction, different number, negation), or is',
  'neutral (unrelated, or not enough information). Do not use outside knowledge.',
  'Answer with JSON only: {"label": "supports" | "refutes" | "neutral", "sentence": <number of the sentence',
  'that decides it, or of the most relevant sentence when neutral>, "confidence": <probability 0..1 that the label is right>}.',
].join(' ');

export function stancePrompt(claim: string, sentences: string[]): string {
  return `Claim: ${claim}\n\nPassage:\n${sentences.map((s, i) => `[${i}] ${s}`).join('\n')}`;
}

function answerSchema(sentenceCount: number) {
  return z.strictObject({
    label: z.enum(STANCES),
    sentence: z
      .number()
      .int()
      .min(0)
      .max(sentenceCount - 1),
    confidence: z.number().min(0).max(1),
  });
}

function judgementOf(label: Stance, confidence: number, sentence: string): StanceJudgement {
  const rest = (1 - confidence) / 2;
  const scores = { supports: rest, refutes: rest, neutral: rest, [label]: confidence } as Record<Stance, number>;
  return { stance: label, confidence, scores, decisiveSentence: sentence };
}

/** Runs `fn` over `items` with at most `limit` at once, keeping order; the first error stops the rest. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      throwIfAborted(signal);
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function createLlmStanceModel(options: LlmStanceOptions): StanceModel {
  const { client, ...rest } = options;
  const opts = parseOptions(llmStanceOptionsSchema, rest, 'llm stance model');

  const judgeWindow = async (claim: string, sentences: string[], signal?: AbortSignal): Promise<StanceJudgement> => {
    const { value } = await client.completeJson({
      schemaName: 'stance_judgement',
      schema: answerSchema(sentences.length),
      messages: [
        { role: 'system', content: STANCE_SYSTEM_PROMPT },
        { role: 'user', content: stancePrompt(claim, sentences) },
      ],
      maxTokens: 100,
      ...(signal ? { signal } : {}),
    });
    return judgementOf(value.label, value.confidence, sentences[value.sentence]!);
  };

  return {
    name: `llm:${client.model}`,
    async judge(pairs: StancePair[], callOptions: { signal?: AbortSignal } = {}): Promise<StanceJudgement[]> {
      const { signal } = callOptions;
      throwIfAborted(signal);
      checkStanceBatch(pairs, opts.maxPairs);
      const jobs = pairs.flatMap((pair, i) => {
        checkStancePair(pair, i);
        const sentences = splitSentences(pair.passage, { maxSentences: opts.maxSentences }).map((s) => s.slice(0, opts.maxSentenceChars));
        const windows: Array<{ pair: number; claim: string; sentences: string[] }> = [];
        for (let k = 0; k < sentences.length; k += opts.windowSentences)
          windows.push({ pair: i, claim: pair.claim.trim(), sentences: sentences.slice(k, k + opts.windowSentences) });
        return windows;
      });
      const answers = await mapLimit(jobs, opts.concurrency, (job) => judgeWindow(job.claim, job.sentences, signal), signal);
      const perPair: StanceJudgement[][] = pairs.map(() => []);
      jobs.forEach((job, k) => perPair[job.pair]!.push(answers[k]!));
      return perPair.map((list) => {
        const decided = list.filter((j) => j.stance !== 'neutral');
        const pool = decided.length > 0 ? decided : list;
        return pool.reduce((best, j) => (j.confidence > best.confidence ? j : best));
      });
    },
  };
}
