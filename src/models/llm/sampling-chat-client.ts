// A ChatClient over the MCP client's own model (sampling/createMessage): when Lyra runs as an MCP
// server and the client declares the `sampling` capability, the client's model can judge what the
// embedded model is unsure about. The sampler is looked up per request (the MCP layer binds the
// calling session's sampler for the duration of a tool call), so one server with several HTTP
// sessions asks each session's own client. JSON answers are validated exactly as the `llm` backend
// validates an OpenAI-compatible endpoint's: an answer that does not parse is an error, never a label.
import { AsyncLocalStorage } from 'node:async_hooks';
import { z } from 'zod';
import { NonRetryableError, RetryableError, throwIfAborted } from '../../core/index.js';
import { RAW_ANSWER_CHARS, type ChatClient, type ChatRequest, type ChatResponse, type JsonChatRequest } from './chat-client.js';

/** One sampling/createMessage round trip, as the MCP layer performs it. */
export interface SamplingRequest {
  systemPrompt?: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
  maxTokens: number;
  signal?: AbortSignal;
}

export interface SamplingResponse {
  content: string;
  model: string;
  stopReason?: string;
}

export type Sampler = (request: SamplingRequest) => Promise<SamplingResponse>;

const samplers = new AsyncLocalStorage<Sampler>();

/** Runs `work` with `sampler` as the current one (what an MCP tool call does for its session). */
export function withSampler<T>(sampler: Sampler, work: () => T): T {
  return samplers.run(sampler, work);
}

/** The sampler bound to the current async context, if any. */
export function currentSampler(): Sampler | undefined {
  return samplers.getStore();
}

export interface SamplingChatClientOptions {
  /** Where the sampler comes from (default: the current async context). */
  sampler?: () => Sampler | undefined;
  /** `maxTokens` of each request (default 300). */
  maxTokens?: number;
}

/** Strips a Markdown code fence a model may wrap its JSON in. */
function jsonText(raw: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(raw);
  return (fenced ? fenced[1]! : raw).trim();
}

export function createSamplingChatClient(options: SamplingChatClientOptions = {}): ChatClient {
  const get = options.sampler ?? currentSampler;
  const maxTokens = options.maxTokens ?? 300;
  const sample = async (request: ChatRequest, extraInstruction?: string): Promise<ChatResponse> => {
    throwIfAborted(request.signal);
    const sampler = get();
    if (!sampler) {
      throw new NonRetryableError(
        'stance backend client: no MCP client with the sampling capability is connected to this call (models.stance.backend: client works only under `lyra serve` with a client that declares sampling)',
        {
          code: 'sampling_unavailable',
        },
      );
    }
    const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content);
    if (extraInstruction) system.push(extraInstruction);
    const res = await sampler({
      ...(system.length ? { systemPrompt: system.join('\n\n') } : {}),
      messages: request.messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content })),
      maxTokens: request.maxTokens ?? maxTokens,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    return { content: res.content, model: res.model, ...(res.stopReason ? { finishReason: res.stopReason } : {}), attempts: 1 };
  };
  return {
    model: 'mcp-client',
    baseUrl: 'mcp:sampling',
    complete: (request) => sample(request),
    async completeJson<T>(request: JsonChatRequest<T>) {
      // Sampling has no response_format: the schema travels as an instruction and is enforced here.
      const schema = JSON.stringify(z.toJSONSchema(request.schema, { target: 'draft-7' }));
      const res = await sample(request, `Answer with one JSON object matching this JSON Schema (${request.schemaName}), and nothing else: ${schema}`);
      const raw = res.content;
      let value: unknown;
      try {
        value = JSON.parse(jsonText(raw));
      } catch (cause) {
        throw new RetryableError(`mcp sampling (${res.model}): answer is not JSON: ${raw.slice(0, RAW_ANSWER_CHARS)}`, {
          code: 'llm_answer_unparsable',
          details: { raw: raw.slice(0, RAW_ANSWER_CHARS) },
          cause,
        });
      }
      const checked = request.schema.safeParse(value);
      if (!checked.success) {
        throw new RetryableError(
          `mcp sampling (${res.model}): answer does not match schema ${request.schemaName} (${checked.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}): ${raw.slice(0, RAW_ANSWER_CHARS)}`,
          {
            code: 'llm_answer_unparsable',
            details: { raw: raw.slice(0, RAW_ANSWER_CHARS) },
          },
        );
      }
      return { value: checked.data, raw, attempts: 1 };
    },
  };
}
