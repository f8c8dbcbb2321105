// Shared parsing helpers for web providers: errors name the API, the URL and the field.
import type { z } from 'zod';
import { RetryableError } from '../../core/index.js';

export function zodIssueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `field ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

/** Parses a JSON body; a truncated or non-JSON body is a retryable error naming the API and URL. */
export function parseJsonBody(options: { api: string; text: string; url: string }): unknown {
  try {
    return JSON.parse(options.text) as unknown;
  } catch (cause) {
    throw new RetryableError(`${options.api}: response from ${options.url} is not valid JSON (${options.text.length} bytes): ${(cause as Error).message}`, {
      code: 'response_invalid',
      cause,
    });
  }
}
