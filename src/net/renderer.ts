// Rendering of script-only pages in a real browser, behind one small interface so the fetcher does
// not depend on a browser being installed. The implementation is chromium-renderer.ts.

export interface RenderRequest {
  url: string;
  userAgent: string;
  /** Whole render (navigation + settle). */
  timeoutMs: number;
  /** Largest HTML kept. */
  maxBytes: number;
  /** Refuses a sub-request (SSRF guard); throws to block it. */
  checkUrl: (url: string) => Promise<void>;
  /**
   * Resolves a URL the browser asks for to the addresses the SSRF guard approved (throws when refused).
   * The renderer connects only to these (its proxy), so the browser's own DNS is never used.
   */
  resolveUrl?: (url: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;
  signal?: AbortSignal;
}

export interface RenderedPage {
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  /** Serialized DOM after scripts ran. */
  html: string;
}

export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderedPage>;
  close(): Promise<void>;
}
