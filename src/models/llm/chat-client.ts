// A client for any OpenAI-compatible chat completions endpoint (Ollama, llama.cpp server, vLLM,
// OpenAI): POST <baseUrl>/chat/completions. Reusable by every LLM task (stance, translation, query
// generation). It bounds everything: a time limit per attempt, a retry count with capped backoff
// (Retry-After honoured), a concurrency limit with a bounded wait queue, and a response size limit.
// Structured answers use `response_format: json_schema` and are validated with zod; an answer that
// does not parse is a RetryableError carrying its first 500 characters — never a guessed value.
import { z } from 'zod';
import { combineSignals, delay, InvalidInputError, isLyraError, NonRetryableError, RetryableError, throwIfAborted, type LyraError } from '../../core/index.js';
import { parseOptions } from '../options.js';

export const chatClientOptionsSchema = z.strictObject({
  /** API root that `/chat/completions` is appended to, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: z.url(),
  model: z.string().min(1),
  /** Sent as `Authorization: Bearer <key>` when set. */
  apiKey: z.string().min(1).optional(),
  /** Time limit of one HTTP attempt, in milliseconds. */
  timeoutMs: z.number().int().min(100).max(600_000).default(60_000),
  /** Further attempts after a retryable failure (network, timeout, 408/409/425/429/5xx, unparsable answer). */
  maxRetries: z.number().int().min(0).max(10).default(2),
  /** First backoff delay; doubles per attempt. */
  retryBaseDelayMs: z.number().int().min(0).max(60_000).default(500),
  /** Longest wait between attempts, also the cap on Retry-After. */
  maxRetryDelayMs: z.number().int().min(0).max(600_000).default(30_000),
  /** Requests in flight at once. */
  concurrency: z.number().int().min(1).max(64).default(2),
  /** Requests waiting for a slot; more is a RetryableError (`llm_queue_full`). */
  maxQueued: z.number().int().min(0).max(100_000).default(1_000),
  /** Largest response body read, in bytes. */
  maxResponseBytes: z
    .number()
    .int()
    .min(1_024)
    .max(64 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  temperature: z.number().min(0).max(2).default(0),
  /** `max_tokens` sent with each request. */
  maxTokens: z.number().int().min(1).max(1_000_000).default(512),
});
export type ChatClientOptions = z.input<typeof chatClientOptionsSchema>;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface ChatResponse {
  content: string;
  model: string;
  finishReason?: string;
  /** HTTP attempts made (1 when the first succeeded). */
  attempts: number;
}

export interface JsonChatRequest<T> extends ChatRequest {
  /** Name of the schema in `response_format` (letters, digits, `_`, `-`). */
  schemaName: string;
  schema: z.ZodType<T>;
}

export interface ChatClient {
  readonly model: string;
  readonly baseUrl: string;
  complete(request: ChatRequest): Promise<ChatResponse>;
  /** A JSON answer constrained by `schema` (sent as JSON Schema) and validated by it. */
  completeJson<T>(request: JsonChatRequest<T>): Promise<{ value: T; raw: string; attempts: number }>;
}

/** Characters of an unparsable answer kept in the error. */
export const RAW_ANSWER_CHARS = 500;

const completionSchema = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }), finish_reason: z.string().nullable().optional() })).min(1),
});

const RETRYABLE_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Retry-After as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A counting semaphore whose waiters leave the queue when their signal aborts. */
function createLimiter(concurrency: number, maxQueued: number) {
  let active = 0;
  const waiting: Array<{ resolve: () => void; reject: (e: unknown) => void; signal?: AbortSignal; onAbort: () => void }> = [];
  const release = (): void => {
    active--;
    const next = waiting.shift();
    if (next) {
      next.signal?.removeEventListener('abort', next.onAbort);
      active++;
      next.resolve();
    }
  };
  const acquire = (signal?: AbortSignal, what = 'request'): Promise<void> => {
    throwIfAborted(signal);
    if (active < concurrency) {
      active++;
      return Promise.resolve();
    }
    if (waiting.length >= maxQueued) {
      return Promise.reject(new RetryableError(`${what}: ${waiting.length} requests already waiting (maxQueued ${maxQueued})`, { code: 'llm_queue_full' }));
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = waiting.indexOf(entry);
          if (i >= 0) waiting.splice(i, 1);
          reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      waiting.push(entry);
    });
  };
  return { acquire, release };
}

async function readBounded(response: Response, maxBytes: number, what: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes)
    throw new NonRetryableError(`${what}: response of ${declared} bytes exceeds maxResponseBytes ${maxBytes}`, { code: 'llm_response_too_large' });
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new NonRetryableError(`${what}: response exceeds maxResponseBytes ${maxBytes}`, { code: 'llm_response_too_large' });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON object inside an answer: bare, or in one ``` fenced block (some servers add fences). */
function jsonText(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return (fenced ? fenced[1]! : content).trim();
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const opts = parseOptions(chatClientOptionsSchema, options, 'llm chat client');
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const limiter = createLimiter(opts.concurrency, opts.maxQueued);
  const what = `llm ${opts.model} at ${url}`;

  /** One HTTP attempt; throws typed errors. */
  const attempt = async (body: Record<string, unknown>, signal?: AbortSignal): Promise<{ content: string; model: string; finishReason?: string }> => {
    const attemptSignal = combineSignals([signal], opts.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: attemptSignal,
      });
    } catch (cause) {
      if (signal?.aborted) throw signal.reason ?? cause;
      if (attemptSignal.aborted) throw new RetryableError(`${what}: no answer within ${opts.timeoutMs} ms`, { code: 'llm_timeout', cause });
      throw new RetryableError(
        `${what}: cannot connect: ${(cause as Error).cause instanceof Error ? ((cause as Error).cause as Error).message : (cause as Error).message}`,
        { code: 'llm_unreachable', cause },
      );
    }
    let text: string;
    try {
      text = await readBounded(response, opts.maxResponseBytes, what);
    } catch (cause) {
      if (isLyraError(cause)) throw cause;
      if (signal?.aborted) throw signal.reason ?? cause;
      if (attemptSignal.aborted) throw new RetryableError(`${what}: answer not complete within ${opts.timeoutMs} ms`, { code: 'llm_timeout', cause });
      throw new RetryableError(`${what}: answer cut off: ${(cause as Error).message}`, { code: 'llm_truncated', cause });
    }
    if (!response.ok) {
      const snippet = text.slice(0, RAW_ANSWER_CHARS);
      const details = { status: response.status, body: snippet };
      if (RETRYABLE_STATUSES.has(response.status)) {
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
        throw new RetryableError(`${what}: HTTP ${response.status}: ${snippet}`, {
          code: 'llm_http_status',
          details: { ...details, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) },
        });
      }
      const code = response.status === 401 || response.status === 403 ? 'llm_auth' : response.status === 404 ? 'llm_not_found' : 'llm_http_status';
      throw new NonRetryableError(`${what}: HTTP ${response.status}: ${snippet}`, { code, details });
    }
    let parsed: z.infer<typeof completionSchema>;
    try {
      parsed = completionSchema.parse(JSON.parse(text));
    } catch (cause) {
      throw new RetryableError(`${what}: not a chat completion response: ${text.slice(0, RAW_ANSWER_CHARS)}`, {
        code: 'llm_response_invalid',
        details: { raw: text.slice(0, RAW_ANSWER_CHARS) },
        cause,
      });
    }
    const choice = parsed.choices[0]!;
    return {
      content: choice.message.content ?? '',
      model: parsed.model ?? opts.model,
      ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}),
    };
  };

  /** Attempts with backoff; `check` may turn a successful HTTP answer into a retryable error. */
  const run = async <R>(
    body: Record<string, unknown>,
    signal: AbortSignal | undefined,
    check: (c: { content: string; model: string; finishReason?: string }) => R,
  ): Promise<{ result: R; attempts: number }> => {
    await limiter.acquire(signal, what);
    try {
      let last: LyraError | undefined;
      for (let n = 0; n <= opts.maxRetries; n++) {
        throwIfAborted(signal);
        if (n > 0 && last) {
          const backoff = Math.min(opts.maxRetryDelayMs, opts.retryBaseDelayMs * 2 ** (n - 1));
          const retryAfter = typeof last.details.retryAfterMs === 'number' ? Math.min(opts.maxRetryDelayMs, last.details.retryAfterMs) : 0;
          await delay(Math.max(backoff, retryAfter), signal);
        }
        try {
          return { result: check(await attempt(body, signal)), attempts: n + 1 };
        } catch (error) {
          if (!isLyraError(error) || error.category !== 'retryable') throw error;
          last = error;
        }
      }
      throw new RetryableError(`${last!.message} (after ${opts.maxRetries + 1} attempts)`, {
        code: last!.code,
        details: { ...last!.details, attempts: opts.maxRetries + 1 },
        cause: last,
      });
    } finally {
      limiter.release();
    }
  };

  const baseBody = (request: ChatRequest): Record<string, unknown> => {
    if (request.messages.length === 0) throw new InvalidInputError(`${what}: a chat request needs at least one message`, { code: 'llm_no_messages' });
    return { model: opts.model, messages: request.messages, temperature: opts.temperature, max_tokens: request.maxTokens ?? opts.maxTokens, stream: false };
  };

  return {
    model: opts.model,
    baseUrl: opts.baseUrl,
    async complete(request) {
      const { result, attempts } = await run(baseBody(request), request.signal, (c) => c);
      return { ...result, attempts };
    },
    async completeJson<T>(request: JsonChatRequest<T>) {
      if (!/^[\w-]{1,64}$/.test(request.schemaName))
        throw new InvalidInputError(`${what}: schema name "${request.schemaName}" must be 1-64 letters, digits, _ or -`, { code: 'llm_schema_name' });
      const jsonSchema = z.toJSONSchema(request.schema, { target: 'draft-7' }) as Record<string, unknown>;
      delete jsonSchema.$schema;
      const body = {
        ...baseBody(request),
        response_format: { type: 'json_schema', json_schema: { name: request.schemaName, strict: true, schema: jsonSchema } },
      };
      const { result, attempts } = await run(body, request.signal, (c) => {
        const raw = c.content;
        let value: unknown;
        try {
          value = JSON.parse(jsonText(raw));
        } catch (cause) {
          throw new RetryableError(`${what}: answer is not JSON (${c.finishReason ?? 'no finish reason'}): ${raw.slice(0, RAW_ANSWER_CHARS)}`, {
            code: 'llm_answer_unparsable',
            details: { raw: raw.slice(0, RAW_ANSWER_CHARS) },
            cause,
          });
        }
        const checked = request.schema.safeParse(value);
        if (!checked.success) {
          throw new RetryableError(
            `${what}: answer does not match schema ${request.schemaName} (${checked.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}): ${raw.slice(0, RAW_ANSWER_CHARS)}`,
            {
              code: 'llm_answer_unparsable',
              details: { raw: raw.slice(0, RAW_ANSWER_CHARS) },
            },
          );
        }
        return { value: checked.data, raw };
      });
      return { ...result, attempts };
    },
  };
}
