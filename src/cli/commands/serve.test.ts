import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempHome } from '../../test-support/cli.js';

test('serve: --host/--port/--json without --http are invalid input (exit 2)', async () => {
  const home = tempHome();
  const r = await runCli(['serve', '--port', '4000'], { home });
  assert.equal(r.code, 2);
  assert.match(r.err, /--host, --port and --json apply to --http only/);
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
  assert.match(r.out, /"command": "npx", "args": \["lyra", "serve"\]/);
});
