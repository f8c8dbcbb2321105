// A fetch through the browser renderer: same robots check, politeness slot, SSRF guard (on the page
// and on every sub-request the page makes) and block detection as a plain fetch; never cached.
import { NonRetryableError, type FetchRequest, type FetchResponse } from '../core/index.js';
import type { PageRenderer, RenderRequest, RenderedPage } from './renderer.js';

export interface RenderPageOptions {
  renderer: PageRenderer | undefined;
  url: string;
  request: FetchRequest;
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  signal: AbortSignal;
  checkUrl: (url: string) => Promise<void>;
  /** Resolves and checks a URL for the browser's proxy (see RenderRequest.resolveUrl). */
  resolveUrl?: RenderRequest['resolveUrl'];
  /** Robots check and politeness slot; returns the release function. */
  before: (url: URL) => Promise<() => void>;
  /** Throws BlockedError for a challenge or login page. */
  detect: (page: RenderedPage) => void;
}

export async function renderPage(options: RenderPageOptions): Promise<FetchResponse> {
  const { renderer, url } = options;
  if (!renderer) {
    throw new NonRetryableError(
      `rendering requested for ${url} but rendering is off: set fetch.render.enabled: true (or pass --render) and install the Debian package chromium (apt-get install chromium)`,
      {
        code: 'render_unavailable',
        details: { url },
      },
    );
  }
  if ((options.request.method ?? 'GET') !== 'GET') {
    throw new NonRetryableError(`rendering supports GET only; got ${options.request.method} for ${url}`, { code: 'render_method', details: { url } });
  }
  await options.checkUrl(url);
  const release = await options.before(new URL(url));
  let page: RenderedPage;
  try {
    page = await renderer.render({
      url,
      userAgent: options.userAgent,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      checkUrl: options.checkUrl,
      ...(options.resolveUrl ? { resolveUrl: options.resolveUrl } : {}),
      signal: options.signal,
    });
  } finally {
    release();
  }
  options.detect(page);
  const body = Buffer.from(page.html, 'utf8');
  return {
    url,
    finalUrl: page.finalUrl,
    status: page.status,
    headers: page.headers,
    contentType: 'text/html; charset=utf-8',
    body: new Uint8Array(body.buffer, body.byteOffset, body.length),
    text: page.html,
    charset: 'utf-8',
    fromCache: false,
    fetchedAt: new Date().toISOString(),
  };
}
