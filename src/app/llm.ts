// The chat model of `models.llm` (an OpenAI-compatible endpoint): one mapping from the configuration to
// the client's options, used by the stance backend, the translator, the prose answer and collect.
import { createChatClient, type ChatClient, type ChatClientOptions } from '../models/index.js';
import type { LyraConfig } from './config/index.js';

/** The client options of `models.llm`, or undefined when it is not configured. */
export function chatClientOptionsOf(config: LyraConfig): ChatClientOptions | undefined {
  const l = config.raw.models?.llm;
  if (!l) return undefined;
  return {
    baseUrl: l.base_url,
    model: l.model,
    ...(l.api_key ? { apiKey: l.api_key } : {}),
    ...(l.timeout_ms ? { timeoutMs: l.timeout_ms } : {}),
    ...(l.concurrency ? { concurrency: l.concurrency } : {}),
    ...(l.max_retries !== undefined ? { maxRetries: l.max_retries } : {}),
  };
}

/** A client of `models.llm`, or undefined when it is not configured. */
export function chatClientOf(config: LyraConfig): ChatClient | undefined {
  const options = chatClientOptionsOf(config);
  return options ? createChatClient(options) : undefined;
}
