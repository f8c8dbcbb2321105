// Renders script-only pages with playwright-core driving the system Chromium (Debian package
// `chromium`, /usr/bin/chromium); nothing is downloaded. Every request the page makes passes the SSRF
// guard first (route interception). Known limit: the browser resolves names itself, so the address
// checked is not pinned as in the plain fetcher; private targets are still refused by the check.
import { existsSync } from 'node:fs';
import { NonRetryableError, RetryableError } from '../core/index.js';
import type * as PlaywrightModule from 'playwright-core';
import type { PageRenderer, RenderRequest, RenderedPage } from './renderer.js';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export interface ChromiumRendererOptions {
  /** Chromium executable; default /usr/bin/chromium. */
  executablePath?: string;
  /** After `load`, wait at most this long for the network to go quiet (ms). */
  settleMs?: number;
  /** Extra Chromium flags (tests map virtual host names to loopback with --host-resolver-rules). */
  extraArgs?: string[];
}

type PlaywrightCore = typeof PlaywrightModule;
type Browser = Awaited<ReturnType<PlaywrightCore['chromium']['launch']>>;

export function createChromiumRenderer(options: ChromiumRendererOptions = {}): PageRenderer {
  const executablePath = options.executablePath ?? DEFAULT_CHROMIUM_PATH;
  const settleMs = options.settleMs ?? 2_000;
  let browser: Promise<Browser> | undefined;

  const launch = async (): Promise<Browser> => {
    if (!existsSync(executablePath)) {
      throw new NonRetryableError(`rendering needs Chromium at ${executablePath}, which is not installed: install the Debian package chromium (apt-get install chromium) or set fetch.render.chromium_path`, {
        code: 'chromium_missing',
        details: { executablePath, package: 'chromium' },
      });
    }
    let pw: PlaywrightCore;
    try {
      pw = await import('playwright-core');
    } catch (cause) {
      throw new NonRetryableError('rendering needs the npm package playwright-core, which is not installed (npm install playwright-core)', { code: 'playwright_missing', details: { package: 'playwright-core' }, cause });
    }
    // Chromium refuses to start as root with its sandbox on; containers commonly run as root.
    const args = [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-dev-shm-usage', ...(options.extraArgs ?? [])];
    return pw.chromium.launch({ executablePath, headless: true, args });
  };

  return {
    async render(req: RenderRequest): Promise<RenderedPage> {
      browser ??= launch().catch((err: unknown) => {
        browser = undefined;
        throw err;
      });
      const b = await browser;
      const context = await b.newContext({ userAgent: req.userAgent, serviceWorkers: 'block', acceptDownloads: false });
      const onAbort = (): void => void context.close().catch(() => undefined);
      req.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        await context.route('**/*', async (route) => {
          try {
            await req.checkUrl(route.request().url());
            await route.continue();
          } catch {
            await route.abort('blockedbyclient');
          }
        });
        const page = await context.newPage();
        let response;
        try {
          response = await page.goto(req.url, { waitUntil: 'load', timeout: req.timeoutMs });
        } catch (cause) {
          if (req.signal?.aborted) throw req.signal.reason;
          throw new RetryableError(`rendering ${req.url} failed: ${(cause as Error).message.split('\n')[0]}`, { code: 'render_failed', details: { url: req.url }, cause });
        }
        // Pages that poll forever never go quiet: the settle wait is a bounded courtesy, not a requirement.
        await page.waitForLoadState('networkidle', { timeout: settleMs }).catch(() => undefined);
        const html = await page.content();
        if (Buffer.byteLength(html) > req.maxBytes) {
          throw new NonRetryableError(`rendered page ${req.url} exceeds fetch.max_body_bytes (${req.maxBytes} bytes)`, { code: 'body_too_large', details: { url: req.url, limit: req.maxBytes } });
        }
        return { finalUrl: page.url(), status: response?.status() ?? 0, headers: response ? await response.allHeaders() : {}, html };
      } finally {
        req.signal?.removeEventListener('abort', onAbort);
        await context.close().catch(() => undefined);
      }
    },
    async close() {
      const b = browser;
      browser = undefined;
      if (b) await (await b.catch(() => undefined))?.close();
    },
  };
}
