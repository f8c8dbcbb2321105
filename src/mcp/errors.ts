// Tool errors are results with isError: true whose text is JSON {"error": {category, code, message}},
// so a client reads the category (retryable, non_retryable, invalid_input, blocked) and never has to
// parse prose. Nothing thrown by a tool crosses the wire as a protocol error or crashes the server.
import type { z } from 'zod';
import { ERROR_CATEGORIES, isAbortError, isLyraError, type ErrorCategory } from '../core/index.js';

export interface ToolErrorBody {
  category: ErrorCategory;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface ToolErrorResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  isError: true;
}

/** Longest message returned; zod issues on huge inputs are cut rather than echoed back whole. */
export const MAX_ERROR_MESSAGE_CHARS = 2_000;

function cut(text: string): string {
  return text.length > MAX_ERROR_MESSAGE_CHARS ? `${text.slice(0, MAX_ERROR_MESSAGE_CHARS)}… (${text.length} chars)` : text;
}

export function toolErrorResult(body: ToolErrorBody): ToolErrorResult {
  const error = { ...body, message: cut(body.message) };
  return { content: [{ type: 'text', text: JSON.stringify({ error }) }], isError: true };
}

/** Any thrown value as a structured error body; unknown errors are non_retryable with code `internal`. */
export function errorBody(err: unknown, tool: string): ToolErrorBody {
  if (isLyraError(err)) {
    const details = JSON.parse(JSON.stringify(err.details ?? {})) as Record<string, unknown>;
    return { category: err.category, code: err.code, message: err.message, ...(Object.keys(details).length ? { details } : {}) };
  }
  if (isAbortError(err)) return { category: 'retryable', code: 'cancelled', message: `${tool}: cancelled before it finished` };
  const message = err instanceof Error ? err.message : String(err);
  return { category: 'non_retryable', code: 'internal', message: `${tool}: ${message}` };
}

/** zod issues as one invalid_input body naming each bad argument path. */
export function invalidArguments(tool: string, error: z.ZodError): ToolErrorBody {
  const issues = error.issues.slice(0, 10).map((i) => `${i.path.length ? i.path.join('.') : '(arguments)'}: ${i.message}`);
  const more = error.issues.length > 10 ? ` (+${error.issues.length - 10} more)` : '';
  return { category: 'invalid_input', code: 'invalid_arguments', message: cut(`${tool}: invalid arguments: ${issues.join('; ')}${more}`) };
}

export function isErrorCategory(value: unknown): value is ErrorCategory {
  return typeof value === 'string' && (ERROR_CATEGORIES as readonly string[]).includes(value);
}
