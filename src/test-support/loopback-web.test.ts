import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { serveReadabilityPages, startLoopbackWeb } from './loopback-web.js';
import { skipUnlessShared } from './shared-data.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  error?: string;
}

/** A plain node:http GET that can set the Host header (global fetch cannot) and reports cut connections. */
function get(url: string, options: { host?: string; headers?: Record<string, string>; method?: string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      {
        hostname: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: options.method ?? 'GET',
        headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (e) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), error: e.message }));
        res.on('aborted', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), error: 'aborted' }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('serves bodies, files and 404s, and logs every request with its Host', async () => {
  const web = await startLoopbackWeb({ routes: { '/hello': { body: 'hi', headers: { 'x-test': '1' } } } });
  try {
    const a = await get(web.url('/hello?x=1'));
    assert.equal(a.status, 200);
    assert.equal(a.body.toString(), 'hi');
    assert.equal(a.headers['x-test'], '1');
    assert.equal(a.headers['content-type'], 'text/html; charset=utf-8');
    const b = await get(web.url('/missing'));
    assert.equal(b.status, 404);
    assert.equal(web.requests.length, 2);
    assert.equal(web.requestsTo('/hello').length, 1);
    assert.equal(web.requestsTo('/hello?x=1').length, 1);
    assert.equal(web.requestsTo('/hello')[0]!.host, '127.0.0.1');
    assert.ok(web.origin.startsWith('http://127.0.0.1:'));
  } finally {
    await web.close();
  }
});

test('virtual hosts: //host/path routes match the Host header; prefix routes match by longest prefix', async () => {
  const web = await startLoopbackWeb();
  web.route('//a.test/*', { body: 'a-any' });
  web.route('//b.test/*', { body: 'b-any' });
  web.route('/x/*', { body: 'x-prefix' });
  web.route('/x/y/*', { body: 'xy-prefix' });
  web.route('/x/y/z', { body: 'exact' });
  try {
    assert.equal((await get(web.url('/p/1'), { host: `a.test:${web.port}` })).body.toString(), 'a-any');
    assert.equal((await get(web.url('/p/1'), { host: 'b.test' })).body.toString(), 'b-any');
    assert.equal((await get(web.url('/p/1'), { host: 'c.test' })).status, 404);
    assert.equal((await get(web.url('/x/1'))).body.toString(), 'x-prefix');
    assert.equal((await get(web.url('/x/y/1'))).body.toString(), 'xy-prefix');
    assert.equal((await get(web.url('/x/y/z'))).body.toString(), 'exact');
    assert.equal(web.url('//a.test/p/1'), `http://a.test:${web.port}/p/1`);
    assert.deepEqual(web.hosts().sort(), ['a.test', 'b.test']);
    assert.equal(web.requestsTo('//a.test/p/1').length, 1);
  } finally {
    await web.close();
  }
});

test('faults: 429 with Retry-After and 503 for the first N requests, then normal', async () => {
  const web = await startLoopbackWeb({
    routes: {
      '/limited': { body: 'ok', fault: { status429RetryAfter: 2, failTimes: 1 } },
      '/flaky': { body: 'ok', fault: { status: 503, failTimes: 2 } },
    },
  });
  try {
    const r1 = await get(web.url('/limited'));
    assert.equal(r1.status, 429);
    assert.equal(r1.headers['retry-after'], '2');
    assert.equal((await get(web.url('/limited'))).status, 200);
    assert.deepEqual([(await get(web.url('/flaky'))).status, (await get(web.url('/flaky'))).status, (await get(web.url('/flaky'))).status], [503, 503, 200]);
  } finally {
    await web.close();
  }
});

test('faults: redirect loop, truncation, wrong charset, huge body, challenge pages, slow body', async () => {
  const web = await startLoopbackWeb({
    routes: {
      '/loop': { fault: { redirectLoop: true } },
      '/cut': { body: 'x'.repeat(1000), fault: { truncate: true } },
      '/wrong': { body: 'abc', fault: { wrongCharset: 'iso-8859-1' } },
      '/huge': { fault: { hugeBytes: 300_000 } },
      '/cf': { fault: { challenge: 'cloudflare' } },
      '/login': { fault: { challenge: 'login' } },
      '/recaptcha': { fault: { challenge: 'recaptcha' } },
      '/hcaptcha': { fault: { challenge: 'hcaptcha' } },
      '/slow': { body: 'abcdefgh', fault: { slowBodyMs: 5 } },
    },
  });
  try {
    const l1 = await get(web.url('/loop'));
    assert.equal(l1.status, 302);
    assert.equal(l1.headers.location, '/loop?loop=1');
    assert.equal((await get(web.url('/loop?loop=1'))).headers.location, '/loop');
    const cut = await get(web.url('/cut'));
    assert.equal(cut.headers['content-length'], '1000');
    assert.ok(cut.body.length < 1000);
    assert.ok(cut.error);
    assert.equal((await get(web.url('/wrong'))).headers['content-type'], 'text/html; charset=iso-8859-1');
    assert.equal((await get(web.url('/huge'))).body.length, 300_000);
    const cf = await get(web.url('/cf'));
    assert.equal(cf.status, 403);
    assert.match(cf.body.toString(), /Just a moment/);
    assert.equal(cf.headers['cf-mitigated'], 'challenge');
    assert.match((await get(web.url('/login'))).body.toString(), /type="password"/);
    assert.match((await get(web.url('/recaptcha'))).body.toString(), /g-recaptcha/);
    assert.match((await get(web.url('/hcaptcha'))).body.toString(), /h-captcha/);
    assert.equal((await get(web.url('/slow'))).body.toString(), 'abcdefgh');
  } finally {
    await web.close();
  }
});

test('conditional requests: a matching If-None-Match or If-Modified-Since gets 304', async () => {
  const web = await startLoopbackWeb({
    routes: {
      '/etag': { body: 'v1', headers: { etag: '"v1"' } },
      '/lm': { body: 'v1', headers: { 'last-modified': 'Wed, 01 May 2024 00:00:00 GMT' } },
    },
  });
  try {
    assert.equal((await get(web.url('/etag'), { headers: { 'if-none-match': '"v1"' } })).status, 304);
    assert.equal((await get(web.url('/etag'), { headers: { 'if-none-match': '"v0"' } })).status, 200);
    assert.equal((await get(web.url('/lm'), { headers: { 'if-modified-since': 'Wed, 01 May 2024 00:00:00 GMT' } })).status, 304);
  } finally {
    await web.close();
  }
});

test('handlers get the raw request and response; a hung response is cut by close()', async () => {
  const web = await startLoopbackWeb();
  web.route('/handler', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('handled');
  });
  web.route('/hang', { body: 'partial body', fault: { hang: true } });
  try {
    assert.equal((await get(web.url('/handler'))).body.toString(), 'handled');
    const pending = get(web.url('/hang'));
    // Wait until the server has seen the request, then close: the client sees a cut connection.
    while (web.requestsTo('/hang').length === 0) await new Promise((r) => setTimeout(r, 5));
    await web.close();
    const r = await pending;
    assert.equal(r.status, 200);
    assert.ok(r.error);
  } finally {
    await web.close().catch(() => undefined);
  }
});

test('serveReadabilityPages routes every page folder to its source.html', { skip: skipUnlessShared('readability-test-pages/pages') }, async () => {
  const web = await startLoopbackWeb();
  try {
    const names = serveReadabilityPages(web);
    assert.ok(names.length >= 100, `expected the 100 pages, got ${names.length}`);
    const r = await get(web.url(`/pages/${names[0]}/`));
    assert.equal(r.status, 200);
    assert.match(r.body.toString('utf8'), /<html|<!DOCTYPE/i);
  } finally {
    await web.close();
  }
});
