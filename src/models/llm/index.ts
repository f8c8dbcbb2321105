// The `llm` backend: a reusable OpenAI-compatible chat client and the stance model built on it.
export { RAW_ANSWER_CHARS, chatClientOptionsSchema, createChatClient, parseRetryAfter } from './chat-client.js';
export type { ChatClient, ChatClientOptions, ChatMessage, ChatRequest, ChatResponse, JsonChatRequest } from './chat-client.js';
export { STANCE_SYSTEM_PROMPT, createLlmStanceModel, llmStanceOptionsSchema, stancePrompt } from './stance-llm.js';
export type { LlmStanceOptions } from './stance-llm.js';
export { createSamplingChatClient, currentSampler, withSampler } from './sampling-chat-client.js';
export type { Sampler, SamplingChatClientOptions, SamplingRequest, SamplingResponse } from './sampling-chat-client.js';
