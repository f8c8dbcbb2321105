// One HTTP helper for every scholarly client: builds URLs from the configured base, paces requests,
// sends them through the injected Fetcher and turns HTTP failures into typed errors that name the API.
import {
  errorOfCategory,
  type LyraError,
  NonRetryableError,
  RetryableError,
  isAbortError,
  isLyraError,
  type FetchResponse,
  type Fetcher,
} from '../../core/index.js';
import type { RateLimiter } from './rate-limiter.js';

/** Kept here too for the adapters that import it from sources/ (it lives in core/errors.ts). */
export { errorOfCategory };

export interface ApiClientOptions {
  /** API name used in errors and warnings, e.g. `semantic_scholar`. */
  api: string;
  fetcher: Fetcher;
  /** Base URL from config; request paths are appended to it. */
  baseUrl: string;
  limiter: RateLimiter;
  /** Headers sent with every request (API keys). */
  headers?: Record<string, string>;
  /** Query parameters added to every request (mailto, email, api_key, tool). */
  params?: Record<string, string | undefined>;
}

export interface ApiRequest {
  /** Path below the base URL, already percent-encoded where needed, e.g. `/paper/DOI:10.1/x`. */
  path: string;
  params?: Record<string, string | number | undefined>;
  method?: 'GET' | 'POST';
  /** JSON-serialisable body for POST. */
  json?: unknown;
  accept: string;
  signal?: AbortSignal;
  /** When true a 404 resolves to undefined (lookups); otherwise it is a NonRetryableError. */
  notFoundIsUndefined?: boolean;
}

export interface ApiResponse {
  url: string;
  status: number;
  text: string;
}

export interface ApiClient {
  readonly api: string;
  url(path: string, params?: ApiRequest['params']): string;
  send(request: ApiRequest & { notFoundIsUndefined: true }): Promise<ApiResponse | undefined>;
  send(request: ApiRequest): Promise<ApiResponse>;
}

const BODY_SNIPPET_CHARS = 200;

/** The same error category with the API named in front, so a warning says which source failed. */
export function errorForApi(api: string, err: LyraError): LyraError {
  if (err.message.startsWith(`${api}: `)) return err;
  return errorOfCategory(err.category, `${api}: ${err.message}`, { code: err.code, details: { ...err.details, api }, cause: err });
}

/** Typed error for an HTTP status: 429/5xx/408 retryable, 401/403 need a key, other 4xx are final. */
export function httpStatusError(options: { api: string; url: string; status: number; body?: string }): LyraError {
  const { api, url, status } = options;
  const snippet = (options.body ?? '').replace(/\s+/g, ' ').trim().slice(0, BODY_SNIPPET_CHARS);
  const suffix = snippet ? `: ${snippet}` : '';
  const details = { api, url, status };
  if (status === 429) return new RetryableError(`${api}: rate limited (HTTP 429) at ${url}${suffix}`, { code: 'rate_limited', details });
  if (status >= 500 || status === 408) return new RetryableError(`${api}: HTTP ${status} from ${url}${suffix}`, { code: 'http_status', details });
  if (status === 401 || status === 403) {
    return new NonRetryableError(`${api}: HTTP ${status} (refused; check the API key or contact settings in config scholarly.${api}) at ${url}${suffix}`, {
      code: 'unauthorized',
      details,
    });
  }
  if (status === 404) return new NonRetryableError(`${api}: not found (HTTP 404) at ${url}${suffix}`, { code: 'not_found', details });
  return new NonRetryableError(`${api}: HTTP ${status} from ${url}${suffix}`, { code: 'http_status', details });
}

function joinUrl(base: string, path: string): string {
  if (path === '') return base;
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { api, fetcher, limiter } = options;
  const url = (path: string, params: ApiRequest['params'] = {}): string => {
    const u = new URL(joinUrl(options.baseUrl, path));
    for (const [k, v] of Object.entries({ ...params, ...options.params })) {
      if (v !== undefined && v !== '') u.searchParams.set(k, String(v));
    }
    return u.toString();
  };

  async function send(request: ApiRequest): Promise<ApiResponse | undefined> {
    const target = url(request.path, request.params);
    await limiter.acquire(request.signal);
    let res: FetchResponse;
    try {
      res = await fetcher.fetch({
        url: target,
        method: request.method ?? 'GET',
        signal: request.signal,
        headers: { accept: request.accept, ...(request.json !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
        ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
        // Documented APIs called at their published rate (DESIGN: robots applies to pages, not APIs).
        ignoreRobots: true,
        // A configured base URL (a local mirror) may be private: for this API's own origin only.
        providerOrigin: new URL(options.baseUrl).origin,
      });
    } catch (err) {
      if (isAbortError(err)) throw err;
      if (isLyraError(err)) {
        if (err.details.status === 404 && request.notFoundIsUndefined) return undefined;
        throw errorForApi(api, err);
      }
      throw new RetryableError(`${api}: request to ${target} failed: ${err instanceof Error ? err.message : String(err)}`, {
        code: 'network',
        details: { api, url: target },
        cause: err,
      });
    }
    // Fetchers may hand back error statuses instead of throwing; both paths end in the same errors.
    if (res.status === 404 && request.notFoundIsUndefined) return undefined;
    if (res.status < 200 || res.status >= 300) throw httpStatusError({ api, url: target, status: res.status, body: res.text });
    return { url: target, status: res.status, text: res.text };
  }

  return { api, url, send: send as ApiClient['send'] };
}

/** Percent-encodes an identifier for a URL path while keeping `/` and `:` readable (DOIs, `DOI:` prefixes). */
export function encodePathId(id: string): string {
  return encodeURIComponent(id).replace(/%2F/gi, '/').replace(/%3A/gi, ':');
}
