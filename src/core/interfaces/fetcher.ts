// HTTP fetching behind one interface: throttling, retries, robots, SSRF guard and cache are the
// implementation's business (net/).

export interface FetchRequest {
  url: string;
  signal?: AbortSignal;
  /** Task the fetch belongs to, so stopping the task cancels it. */
  taskId?: string;
  /** HTTP method; default GET. POST is for APIs (batch lookups, model endpoints), never cached. */
  method?: 'GET' | 'POST' | 'HEAD';
  /** Request body for POST (JSON text or bytes); set Content-Type in `headers`. */
  body?: string | Uint8Array;
  /** Extra request headers (Accept, API keys). */
  headers?: Record<string, string>;
  /** Skip robots.txt for this request: only for documented APIs called at their published rate. */
  ignoreRobots?: boolean;
  /** Render script-only pages in a browser when the fetcher supports it. */
  render?: boolean;
  /** Skip the on-disk cache for this request. */
  noCache?: boolean;
  /**
   * The origin of the configured provider making this request (its base URL): the SSRF guard lets
   * URLs of exactly this origin reach a private or loopback address (a local SearXNG), for this
   * request only. A redirect to another origin, and the pages the provider's results point to, do
   * not inherit it. Set by provider clients from their configuration, never from page content.
   */
  providerOrigin?: string;
}

export interface FetchResponse {
  /** URL as requested (normalized). */
  url: string;
  /** URL after redirects. */
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: Uint8Array;
  /** Body decoded with the detected charset (HTTP header, meta charset or BOM). */
  text: string;
  charset: string;
  fromCache: boolean;
  fetchedAt: string;
}

export interface Fetcher {
  fetch(request: FetchRequest): Promise<FetchResponse>;
  /** Cancels everything in flight for a task. */
  cancelTask?(taskId: string): void;
}
