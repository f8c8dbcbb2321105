// Typed errors. The category tells the caller how to react, so retry logic reads the category,
// never the message (seed 003: no silent fallback; every failure is explicit).

export const ERROR_CATEGORIES = ['retryable', 'non_retryable', 'invalid_input', 'blocked'] as const;
/**
 * - `retryable`: a passing fault (timeout, 429/503, parse of a flaky answer); the same call may succeed later.
 * - `non_retryable`: will fail again as it is (404, missing required component, broken config at run time).
 * - `invalid_input`: the caller's input is wrong; nothing was changed.
 * - `blocked`: the source refused us (CAPTCHA, login wall, robots.txt, SSRF guard); needs a person or a policy change.
 */
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** The code of a stance judge's refusal of a language it does not read; workflows report it as a limitation. */
export const STANCE_UNSUPPORTED_LANGUAGE = 'stance_unsupported_language';

export interface LyraErrorOptions {
  /** Stable machine-readable code, e.g. `config_invalid`, `http_status`, `provider_not_configured`. */
  code?: string;
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class LyraError extends Error {
  readonly category: ErrorCategory;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(category: ErrorCategory, message: string, options: LyraErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LyraError';
    this.category = category;
    this.code = options.code ?? category;
    this.details = options.details ?? {};
  }

  get isRetryable(): boolean {
    return this.category === 'retryable';
  }

  /** JSON-safe form for CLI `--json`, MCP tool errors and stored `last_error` values. */
  toJSON(): { category: ErrorCategory; code: string; message: string; details: Record<string, unknown> } {
    return { category: this.category, code: this.code, message: this.message, details: this.details };
  }
}

export class RetryableError extends LyraError {
  constructor(message: string, options?: LyraErrorOptions) {
    super('retryable', message, options);
    this.name = 'RetryableError';
  }
}

export class NonRetryableError extends LyraError {
  constructor(message: string, options?: LyraErrorOptions) {
    super('non_retryable', message, options);
    this.name = 'NonRetryableError';
  }
}

export class InvalidInputError extends LyraError {
  constructor(message: string, options?: LyraErrorOptions) {
    super('invalid_input', message, options);
    this.name = 'InvalidInputError';
  }
}

export class BlockedError extends LyraError {
  constructor(message: string, options?: LyraErrorOptions) {
    super('blocked', message, options);
    this.name = 'BlockedError';
  }
}

const ERROR_CLASSES: Record<ErrorCategory, new (message: string, options?: LyraErrorOptions) => LyraError> = {
  retryable: RetryableError,
  non_retryable: NonRetryableError,
  invalid_input: InvalidInputError,
  blocked: BlockedError,
};

/** An error of the class that matches `category` (RetryableError for `retryable`, …). */
export function errorOfCategory(category: ErrorCategory, message: string, options?: LyraErrorOptions): LyraError {
  return new ERROR_CLASSES[category](message, options);
}

export function isLyraError(value: unknown): value is LyraError {
  return value instanceof LyraError;
}

export function isRetryable(value: unknown): boolean {
  return isLyraError(value) && value.category === 'retryable';
}

/** Abort errors from a cancelled AbortSignal: callers stop, they do not retry. */
export function isAbortError(value: unknown): boolean {
  return value instanceof Error && (value.name === 'AbortError' || value.name === 'TimeoutError');
}

/** Message of any thrown value, for logs and stored errors. */
export function errorMessage(value: unknown): string {
  if (value instanceof Error) return value.message;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
