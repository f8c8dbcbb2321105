import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExistingStore } from '../../app/index.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { main } from '../main.js';

let web: LoopbackWeb;
let home: string;

before(async () => {
  web = await startLoopbackWeb({
    routes: {
      '/page': { body: '<html><head><meta charset="utf-8"><title>t</title></head><body>héllo</body></html>', headers: { 'content-type': 'text/html' } },
      '/wall': { fault: { challenge: 'cloudflare' } },
    },
  });
  home = mkdtempSync(join(tmpdir(), 'lyra-fetch-cli-'));
  // The SSRF guard refuses loopback unless the config allowlists it, as here.
  writeFileSync(join(home, 'lyra.config.yaml'), 'fetch:\n  allow_private: ["127.0.0.1/32:1-65535"]\n  max_retries: 0\n');
});
after(async () => {
  await web.close();
  rmSync(home, { recursive: true, force: true });
});

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['node', 'lyra', ...args], {
    io: { stdout: (t) => void (out += t), stderr: (t) => void (err += t) },
    env: { LYRA_HOME: home },
    cwd: home,
  });
  return { code, out, err };
}

test('lyra fetch --json prints status, final URL, content type, charset, bytes, from-cache and text', async () => {
  const r = await run(['fetch', web.url('/page'), '--json']);
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out) as Record<string, unknown>;
  assert.deepEqual(
    { status: j.status, final_url: j.final_url, content_type: j.content_type, charset: j.charset, bytes: j.bytes, from_cache: j.from_cache, text: j.text },
    {
      status: 200,
      final_url: web.url('/page'),
      content_type: 'text/html',
      charset: 'utf-8',
      bytes: 83,
      from_cache: false,
      text: '<html><head><meta charset="utf-8"><title>t</title></head><body>héllo</body></html>',
    },
  );
  const again = await run(['fetch', web.url('/page')]);
  assert.equal(again.code, 0, again.err);
  assert.match(again.out, /^status: 200\n/);
  assert.match(again.out, /from cache: yes\n/);
  assert.match(again.out, /héllo/);
});

test('lyra fetch: a challenge page exits 1 as blocked and lands in the auth queue; a bad URL exits 2', async () => {
  const r = await run(['fetch', web.url('/wall'), '--json']);
  assert.equal(r.code, 1);
  const e = JSON.parse(r.err.trim().split('\n').pop()!) as { error: { category: string; code: string; details: { kind: string } } };
  assert.deepEqual([e.error.category, e.error.code, e.error.details.kind], ['blocked', 'auth_required', 'captcha']);
  const store = openExistingStore(join(home, 'lyra.db'))!;
  try {
    assert.deepEqual(
      store.listAuth().map((a) => [a.url, a.kind, a.status]),
      [[web.url('/wall'), 'captcha', 'pending']],
    );
  } finally {
    store.close();
  }
  const bad = await run(['fetch', 'ftp://example.org/x']);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /invalid_input/);
});

test('lyra fetch refuses loopback targets when the config does not allowlist them', async () => {
  const other = mkdtempSync(join(tmpdir(), 'lyra-fetch-cli-'));
  try {
    let err = '';
    const code = await main(['node', 'lyra', 'fetch', web.url('/page')], {
      io: { stdout: () => undefined, stderr: (t) => void (err += t) },
      env: { LYRA_HOME: other },
      cwd: other,
    });
    assert.equal(code, 1);
    assert.match(err, /blocked: SSRF guard refused/);
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});
