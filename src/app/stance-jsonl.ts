// `lyra stance`: JSONL {id, claim, evidence} in, {id, label, confidence, decisive_sentence, scores} out.
// Lines are validated one by one (a bad line is reported with its number and the run goes on),
// judged in batches, and written in input order. When a batch fails, its lines are judged one by
// one so only the lines that fail are reported; a model that cannot run at all stops the run.
import { z } from 'zod';
import { isAbortError, isLyraError, LyraError, NonRetryableError, type ErrorCategory, type StanceModel } from '../core/index.js';

export const stanceInputLineSchema = z.object({
  id: z.union([z.string(), z.number()]),
  claim: z.string().trim().min(1),
  evidence: z.string().trim().min(1),
});

export interface StanceOutputLine {
  id: string | number;
  label: 'supports' | 'refutes' | 'neutral';
  confidence: number;
  decisive_sentence: string;
  /** The judge's probability of each label (a neutral line keeps how close it came to supports or refutes). */
  scores: { supports: number; refutes: number; neutral: number };
}

export interface StanceLineError {
  /** 1-based line number in the input. */
  line: number;
  id?: string | number;
  category: ErrorCategory;
  code: string;
  message: string;
}

export interface RunStanceJsonlOptions {
  lines: AsyncIterable<string>;
  model: StanceModel;
  /** Pairs judged per model call. */
  batchSize?: number;
  /** Longest accepted input line, in characters. */
  maxLineChars?: number;
  signal?: AbortSignal;
  onResult: (result: StanceOutputLine) => void;
  onError: (error: StanceLineError) => void;
}

export const DEFAULT_STANCE_BATCH = 64;
export const DEFAULT_MAX_LINE_CHARS = 1_000_000;

/** Failures that mean no line can succeed: the run stops instead of reporting every line. */
const FATAL_CODES = new Set([
  'model_weights_missing',
  'model_not_found',
  'model_load_failed',
  'model_runtime_missing',
  'model_labels_unknown',
  'llm_auth',
  'llm_not_found',
]);

interface Pending {
  line: number;
  id: string | number;
  claim: string;
  evidence: string;
}

function lineError(line: number, error: unknown, id?: string | number): StanceLineError {
  const e = isLyraError(error) ? error : new LyraError('non_retryable', error instanceof Error ? error.message : String(error), { code: 'unexpected' });
  return { line, ...(id !== undefined ? { id } : {}), category: e.category, code: e.code, message: e.message };
}

export async function runStanceJsonl(options: RunStanceJsonlOptions): Promise<{ ok: number; failed: number }> {
  const batchSize = options.batchSize ?? DEFAULT_STANCE_BATCH;
  const maxLineChars = options.maxLineChars ?? DEFAULT_MAX_LINE_CHARS;
  const { model, signal } = options;
  let ok = 0;
  let failed = 0;
  let batch: Pending[] = [];

  const fail = (e: StanceLineError): void => {
    failed++;
    options.onError(e);
  };
  const emit = (p: Pending, j: Awaited<ReturnType<StanceModel['judge']>>[number]): void => {
    ok++;
    const r6 = (x: number): number => Number(x.toFixed(6));
    options.onResult({
      id: p.id,
      label: j.stance,
      confidence: r6(j.confidence),
      decisive_sentence: j.decisiveSentence,
      scores: { supports: r6(j.scores.supports), refutes: r6(j.scores.refutes), neutral: r6(j.scores.neutral) },
    });
  };
  const judge = (items: Pending[]) =>
    model.judge(
      items.map((p) => ({ claim: p.claim, passage: p.evidence })),
      signal ? { signal } : {},
    );
  const rethrowIfFatal = (error: unknown): void => {
    if (isAbortError(error) || signal?.aborted) throw error;
    if (isLyraError(error) && FATAL_CODES.has(error.code)) throw error;
  };

  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    try {
      const results = await judge(items);
      if (results.length !== items.length)
        throw new NonRetryableError(`stance model ${model.name} returned ${results.length} judgements for ${items.length} pairs`, {
          code: 'model_output_invalid',
        });
      items.forEach((p, i) => emit(p, results[i]!));
      return;
    } catch (error) {
      rethrowIfFatal(error);
      if (items.length === 1) return fail(lineError(items[0]!.line, error, items[0]!.id));
    }
    // Isolate the failing lines.
    for (const p of items) {
      try {
        emit(p, (await judge([p]))[0]!);
      } catch (error) {
        rethrowIfFatal(error);
        fail(lineError(p.line, error, p.id));
      }
    }
  };

  let n = 0;
  for await (const raw of options.lines) {
    n++;
    const text = raw.trim();
    if (!text) continue;
    if (text.length > maxLineChars) {
      fail({ line: n, category: 'invalid_input', code: 'line_too_long', message: `line ${n}: ${text.length} characters exceed the limit of ${maxLineChars}` });
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      fail({ line: n, category: 'invalid_input', code: 'invalid_json', message: `line ${n}: not JSON: ${(cause as Error).message}` });
      continue;
    }
    const parsed = stanceInputLineSchema.safeParse(json);
    if (!parsed.success) {
      const id =
        typeof (json as { id?: unknown })?.id === 'string' || typeof (json as { id?: unknown })?.id === 'number'
          ? (json as { id: string | number }).id
          : undefined;
      const why = parsed.error.issues.map((i) => `${i.path.join('.') || '(line)'}: ${i.message}`).join('; ');
      fail({
        line: n,
        ...(id !== undefined ? { id } : {}),
        category: 'invalid_input',
        code: 'invalid_line',
        message: `line ${n}: expected {id, claim, evidence}: ${why}`,
      });
      continue;
    }
    batch.push({ line: n, ...parsed.data });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return { ok, failed };
}
