import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { main } from '../main.js';
import { runCli, tempHome } from '../../test-support/cli.js';

test('serve: --host/--port/--json without --http are invalid input (exit 2)', async () => {
  const home = tempHome();
  const r = await runCli(['serve', '--port', '4000'], { home });
  assert.equal(r.code, 2);
  assert.match(r.err, /--host, --port, --json and --ui apply to --http only/);
  const bad = await runCli(['serve', '--http', '--port', 'seventy'], { home });
  assert.equal(bad.code, 2);
});

test('serve --http beyond loopback without a token is refused (exit 2); a short token too', async () => {
  const home = tempHome();
  const r = await runCli(['serve', '--http', '--host', '0.0.0.0', '--port', '0'], { home });
  assert.equal(r.code, 2);
  assert.match(r.err, /needs a bearer token/);
  const weak = await runCli(['serve', '--http', '--host', '0.0.0.0', '--port', '0'], { home, env: { LYRA_MCP_TOKEN: 'short' } });
  assert.equal(weak.code, 2);
  assert.match(weak.err, /at least 16 characters/);
  assert.equal(existsSync(join(home, 'lyra.db')), false, 'nothing was opened for a server that did not start');
});

test('serve --help documents stdio, --http and the client configuration', async () => {
  const r = await runCli(['serve', '--help'], { home: tempHome() });
  assert.equal(r.code, 0);
  assert.match(r.out, /--http/);
  assert.match(r.out, /"command": "node", "args": \["\/path\/to\/lyra\/bin\/lyra.js", "serve"\]/);
});

test('serve --http --ui mounts the browser UI at /ui beside /mcp, under the same guard', async () => {
  const home = tempHome();
  let out = '';
  let err = '';
  let announced: (v: { url: string; ui: string }) => void = () => undefined;
  const listening = new Promise<{ url: string; ui: string }>((resolve) => (announced = resolve));
  const run = main(['node', 'lyra', 'serve', '--http', '--port', '0', '--json', '--ui'], {
    io: {
      stdout: (t) => {
        out += t;
        if (out.includes('\n')) announced(JSON.parse(out) as { url: string; ui: string });
      },
      stderr: (t) => void (err += t),
    },
    env: { LYRA_HOME: home },
    cwd: home,
  });
  const urls = await Promise.race([
    listening,
    run.then((code) => {
      throw new Error(`exited ${code}: ${err}`);
    }),
  ]);
  assert.match(urls.ui, /^http:\/\/127\.0\.0\.1:\d+\/ui\/$/);
  const get = (url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const u = new URL(url);
      request({ host: u.hostname, port: u.port, path: u.pathname, headers }, (res) => {
        let b = '';
        res.on('data', (c) => (b += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: b }));
      })
        .on('error', reject)
        .end();
    });
  const page = await get(urls.ui);
  assert.equal(page.status, 200);
  assert.match(page.body, /<h1>Tasks<\/h1>/);
  assert.match(page.body, /href="\/ui\/assets\/ui\.css"/, 'links carry the mount path');
  assert.equal((await get(urls.ui, { host: 'evil.example' })).status, 403);
  assert.equal((await get(urls.url)).status, 400, '/mcp is still the MCP endpoint');
  process.emit('SIGINT');
  assert.equal(await run, 0);
});
