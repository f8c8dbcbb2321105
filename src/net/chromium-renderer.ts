// Renders script-only pages with playwright-core driving the system Chromium (Debian package
// `chromium`, /usr/bin/chromium); nothing is downloaded. Every request the page makes — navigations,
// each redirect hop, subresources, fetch/XHR, WebSockets — leaves the browser through a per-render
// loopback proxy (guard-proxy.ts) that resolves the host itself, checks it with the SSRF guard and
// connects to the checked address only: the browser's DNS is never used. Route interception stays
// as a first check, and the final URL is checked again after the page settled.
import { existsSync } from 'node:fs';
import { BlockedError, NonRetryableError, RetryableError, isLyraError } from '../core/index.js';
import { startGuardProxy } from './guard-proxy.js';
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
      throw new NonRetryableError(
        `rendering needs Chromium at ${executablePath}, which is not installed: install the Debian package chromium (apt-get install chromium) or set fetch.render.chromium_path`,
        {
          code: 'chromium_missing',
          details: { executablePath, package: 'chromium' },
        },
      );
    }
    let pw: PlaywrightCore;
    try {
      pw = await import('playwright-core');
    } catch (cause) {
      throw new NonRetryableError('rendering needs the npm package playwright-core, which is not installed (npm install playwright-core)', {
        code: 'playwright_missing',
        details: { package: 'playwright-core' },
        cause,
      });
    }
    // Chromium refuses to start as root with its sandbox on; containers commonly run as root.
    // Loopback is proxied too (<-loopback> removes Chromium's implicit bypass); no DNS prefetch; WebRTC may not send UDP around the proxy.
    const args = [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-dev-shm-usage',
      '--proxy-bypass-list=<-loopback>',
      '--dns-prefetch-disable',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      ...(options.extraArgs ?? []),
    ];
    // Each context sets its own proxy (the render's guard proxy); the launch-level one is never used.
    return pw.chromium.launch({ executablePath, headless: true, args, proxy: { server: 'http://per-context', bypass: '<-loopback>' } });
  };

  return {
    async render(req: RenderRequest): Promise<RenderedPage> {
      browser ??= launch().catch((err: unknown) => {
        browser = undefined;
        throw err;
      });
      const b = await browser;
      const resolveUrl =
        req.resolveUrl ??
        (async (url: string) => {
          await req.checkUrl(url);
          throw new NonRetryableError(`rendering ${req.url}: no resolver for ${url}`, { code: 'render_no_resolver', details: { url } });
        });
      const proxy = await startGuardProxy({ resolve: resolveUrl });
      const context = await b
        .newContext({ userAgent: req.userAgent, serviceWorkers: 'block', acceptDownloads: false, proxy: { server: proxy.server, bypass: '<-loopback>' } })
        .catch(async (err: unknown) => {
          await proxy.close();
          throw err;
        });
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
          throw new RetryableError(`rendering ${req.url} failed: ${(cause as Error).message.split('\n')[0]}`, {
            code: 'render_failed',
            details: { url: req.url },
            cause,
          });
        }
        // Pages that poll forever never go quiet: the settle wait is a bounded courtesy, not a requirement.
        await page.waitForLoadState('networkidle', { timeout: settleMs }).catch(() => undefined);
        // The page may have moved on (redirects, script navigation): the URL it ends at is checked again.
        const finalUrl = page.url();
        if (!/^https?:\/\//i.test(finalUrl)) {
          throw new BlockedError(`rendering ${req.url} ended at ${finalUrl}, not an http(s) page; refused`, {
            code: 'render_final_url',
            details: { url: req.url, finalUrl },
          });
        }
        // A hop the proxy refused ends there (its 403 page): this check refuses the page with the guard's error.
        await req.checkUrl(finalUrl);
        const html = await page.content();
        if (Buffer.byteLength(html) > req.maxBytes) {
          throw new NonRetryableError(`rendered page ${req.url} exceeds fetch.max_body_bytes (${req.maxBytes} bytes)`, {
            code: 'body_too_large',
            details: { url: req.url, limit: req.maxBytes },
          });
        }
        return { finalUrl, status: response?.status() ?? 0, headers: response ? await response.allHeaders() : {}, html };
      } catch (err) {
        // A tunnel the proxy refused (https, wss) surfaces as a navigation error: report the guard's refusal.
        const hop = proxy.refused[0];
        if (hop && (!isLyraError(err) || err.code === 'render_failed')) {
          throw new BlockedError(`rendering ${req.url}: ${hop.url} refused by the SSRF guard (${hop.reason})`, {
            code: 'ssrf_blocked',
            details: { url: req.url, refused: hop.url },
            cause: err,
          });
        }
        throw err;
      } finally {
        req.signal?.removeEventListener('abort', onAbort);
        await context.close().catch(() => undefined);
        await proxy.close();
      }
    },
    async close() {
      const b = browser;
      browser = undefined;
      if (b) await (await b.catch(() => undefined))?.close();
    },
  };
}
