// The prose answer (with models.llm): the chat model writes a short answer from the numbered quotes,
// each sentence citing the quotes it rests on; every sentence is then judged by the stance model
// against exactly the quotes it cites, and a sentence they do not support — or that cites none — is
// removed and listed as unsupported. The model's words never reach the report unchecked.
import { z } from 'zod';
import type { StanceJudge } from '../../core/index.js';
import type { ProseSentence } from './answer-schema.js';
import type { AnswerVerdict } from './verdict.js';

/** Sentences read from the model's answer at most; more are dropped. */
export const MAX_PROSE_SENTENCES = 8;
/** Longest sentence kept, in characters (a longer one is cut off by the model or is not one sentence). */
export const MAX_PROSE_SENTENCE_CHARS = 600;
/** Tokens the model may use for the answer. */
export const PROSE_MAX_TOKENS = 700;

/** A chat model that answers in JSON constrained by a schema (models/ ChatClient has this shape). */
export interface AnswerWriter {
  readonly model: string;
  completeJson<T>(request: {
    messages: Array<{ role: 'system' | 'user'; content: string }>;
    schemaName: string;
    schema: z.ZodType<T>;
    maxTokens?: number;
    signal?: AbortSignal;
  }): Promise<{ value: T }>;
}

export interface NumberedQuote {
  /** 1-based number the model cites. */
  n: number;
  side: 'for' | 'against';
  text: string;
}

const proseAnswerSchema = z.object({
  sentences: z.array(z.object({ text: z.string(), quotes: z.array(z.number().int()) })),
});

const LANGUAGE_NAME = { en: 'English', ja: 'Japanese' } as const;

function prompt(options: {
  question: string;
  proposition: string | null;
  verdict: AnswerVerdict;
  quotes: readonly NumberedQuote[];
  language: 'en' | 'ja';
}): Array<{ role: 'system' | 'user'; content: string }> {
  const quotes = options.quotes.map((q) => `[${q.n}] (${q.side === 'for' ? 'supports' : 'refutes'} the proposition) ${q.text}`).join('\n');
  return [
    {
      role: 'system',
      content:
        `You answer a research question in ${LANGUAGE_NAME[options.language]} in 2 to 5 sentences, using only the numbered quotes given. ` +
        'Every sentence must say only what the quotes it cites state, and cite them by number in "quotes". Do not add facts, numbers or sources of your own. ' +
        'Answer with JSON: {"sentences": [{"text": "...", "quotes": [1, 2]}]}.',
    },
    {
      role: 'user',
      content: `Question: ${options.question}\n${options.proposition ? `Proposition: ${options.proposition}\n` : ''}Verdict of the evidence: ${options.verdict}\nQuotes:\n${quotes}`,
    },
  ];
}

const withoutMarkers = (s: string): string =>
  s
    .replace(/\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Asks the writer for the prose answer and checks each sentence against the quotes it cites. */
export async function writeCheckedProse(options: {
  writer: AnswerWriter;
  /** The engine's judge (Engine.judge). */
  judge: StanceJudge;
  question: string;
  proposition: string | null;
  verdict: AnswerVerdict;
  quotes: readonly NumberedQuote[];
  language: 'en' | 'ja';
  signal?: AbortSignal;
}): Promise<{ model: string; judge: string; sentences: ProseSentence[] }> {
  const { writer, judge, quotes, signal } = options;
  const { value } = await writer.completeJson({
    messages: prompt(options),
    schemaName: 'prose_answer',
    schema: proseAnswerSchema,
    maxTokens: PROSE_MAX_TOKENS,
    ...(signal ? { signal } : {}),
  });
  const byNumber = new Map(quotes.map((q) => [q.n, q]));
  const drafted = value.sentences
    .slice(0, MAX_PROSE_SENTENCES)
    .map((s) => ({
      text: s.text.replace(/\s+/g, ' ').trim().slice(0, MAX_PROSE_SENTENCE_CHARS),
      quotes: [...new Set(s.quotes)].filter((n) => byNumber.has(n)).sort((a, b) => a - b),
    }))
    .filter((s) => s.text !== '');
  const judged = drafted.filter((s) => s.quotes.length > 0);
  const judgements =
    judged.length === 0
      ? []
      : await judge.judge(
          judged.map((s) => ({ claim: withoutMarkers(s.text), passage: s.quotes.map((n) => byNumber.get(n)!.text).join(' ') })),
          signal ? { signal } : {},
        );
  let k = 0;
  const sentences = drafted.map((s): ProseSentence => {
    if (s.quotes.length === 0) return { text: s.text, quotes: [], kept: false, judgement: 'no_quote', confidence: null };
    const j = judgements[k++]!;
    return { text: s.text, quotes: s.quotes, kept: j.stance === 'supports', judgement: j.stance, confidence: Math.round(j.confidence * 1000) / 1000 };
  });
  return { model: writer.model, judge: judge.stanceModelName(), sentences };
}
