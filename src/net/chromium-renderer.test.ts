// Rendering with the system Chromium; skipped with a message where /usr/bin/chromium is absent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { isLyraError } from '../core/index.js';
import { startConnectionRecorder } from '../test-support/connection-recorder.js';
import { startLoopbackWeb } from '../test-support/loopback-web.js';
import { DEFAULT_CHROMIUM_PATH, createChromiumRenderer, createHttpFetcher } from './index.js';

const skip = existsSync(DEFAULT_CHROMIUM_PATH) ? false : `${DEFAULT_CHROMIUM_PATH} not installed (Debian package chromium)`;

test('renders a script-only page; sub-requests the SSRF guard refuses never leave the browser', { skip, timeout: 60_000 }, async () => {
  const web = await startLoopbackWeb();
  web.route('//page.test/app', {
    body: `<!doctype html><html><head><title>app</title></head><body><div id="app"></div>
      <img src="http://img.test:${web.port}/x.png">
      <script>document.getElementById('app').textContent = 'rendered by script';</script></body></html>`,
  });
  web.route('//img.test/x.png', { body: new Uint8Array([0x89, 0x50]), headers: { 'content-type': 'image/png' } });
  const renderer = createChromiumRenderer({ extraArgs: ['--host-resolver-rules=MAP *.test 127.0.0.1'], settleMs: 500 });
  const fetcher = createHttpFetcher({
    userAgent: 'Lyra/test (+https://example.org)',
    qpsFor: () => 100,
    ssrf: { allow: [`http://page.test:${web.port}`] },
    resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    renderer,
  });
  try {
    const r = await fetcher.fetch({ url: web.url('//page.test/app'), render: true });
    assert.equal(r.status, 200);
    assert.match(r.text, /<div id="app">rendered by script<\/div>/);
    assert.equal(r.fromCache, false);
    assert.equal(web.requestsTo('//img.test/x.png').length, 0);
    assert.equal(web.requestsTo('//page.test/app')[0]!.headers['user-agent'], 'Lyra/test (+https://example.org)');
  } finally {
    await fetcher.close();
    await web.close();
  }
});

test('a missing Chromium is a non-retryable error naming the Debian package', async () => {
  const renderer = createChromiumRenderer({ executablePath: '/nonexistent/chromium' });
  await assert.rejects(
    renderer.render({ url: 'http://example.org/', userAgent: 'Lyra', timeoutMs: 1000, maxBytes: 1024, checkUrl: async () => undefined }),
    (e: unknown) => {
      assert.ok(isLyraError(e));
      assert.equal(e.category, 'non_retryable');
      assert.equal(e.code, 'chromium_missing');
      assert.match(e.message, /Debian package chromium/);
      return true;
    },
  );
});

// Issue 20, hole 4: every request of a rendered page goes through the guard (a proxy that resolves
// and checks each host and connects to the checked address only). A loopback recorder on a refused
// port counts connections: a redirect hop, subresources, fetch, a WebSocket and an iframe to it
// must leave it at 0, and a page redirected there is refused.
test('render mode: redirects, subresources, fetch, WebSockets and the final URL are all checked; nothing reaches a refused address', {
  skip,
  timeout: 90_000,
}, async () => {
  const admin = await startConnectionRecorder();
  const web = await startLoopbackWeb();
  web.route('/redirect', { status: 302, headers: { location: `${admin.origin}/internal-admin` } });
  web.route('/app', {
    body: `<!doctype html><html><head><title>app</title><link rel="stylesheet" href="${admin.origin}/x.css"></head><body><div id="app"></div>
      <img src="${admin.origin}/x.png"><iframe src="${admin.origin}/frame"></iframe>
      <script>
        fetch('${admin.origin}/api').catch(() => undefined);
        try { new WebSocket('ws://127.0.0.1:${admin.port}/ws'); } catch (e) {}
        document.getElementById('app').textContent = 'rendered by script';
      </script></body></html>`,
  });
  web.route('/moves', { body: `<!doctype html><html><body><script>location.href = '${admin.origin}/internal-admin';</script></body></html>` });
  const fetcher = createHttpFetcher({
    userAgent: 'Lyra/test (+https://example.org)',
    qpsFor: () => 100,
    robots: { enabled: false },
    ssrf: { allow: [web.origin] },
    renderer: createChromiumRenderer({ settleMs: 1_000 }),
  });
  try {
    const app = await fetcher.fetch({ url: web.url('/app'), render: true });
    assert.match(app.text, /rendered by script/);
    await assert.rejects(
      fetcher.fetch({ url: web.url('/redirect'), render: true }),
      (e: unknown) => isLyraError(e) && e.category === 'blocked' && e.code === 'ssrf_blocked',
    );
    await assert.rejects(fetcher.fetch({ url: web.url('/moves'), render: true }), (e: unknown) => isLyraError(e) && e.category === 'blocked');
    assert.equal(admin.connections(), 0, 'no connection reached the refused address');
    assert.ok(web.requestsTo('/app').length > 0);
  } finally {
    await fetcher.close();
    await web.close();
    await admin.close();
  }
});
