import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { main } from '../main.js';
import { runCli, tempHome } from '../../test-support/cli.js';

test('ui --help documents the flags and is listed in lyra --help', async () => {
  const home = tempHome();
  const r = await runCli(['ui', '--help'], { home });
  assert.equal(r.code, 0);
  for (const flag of ['--port', '--host', '--open', '--json']) assert.ok(r.out.includes(flag), flag);
  const all = await runCli(['--help'], { home });
  assert.match(all.out, /\bui\b.*browser/);
});

test('ui: a bad port is invalid input; beyond loopback with a short token is refused before the store is opened', async () => {
  const home = tempHome();
  assert.equal((await runCli(['ui', '--port', 'seventy'], { home })).code, 2);
  const weak = await runCli(['ui', '--host', '0.0.0.0', '--port', '0'], { home, env: { LYRA_UI_TOKEN: 'short' } });
  assert.equal(weak.code, 2);
  assert.match(weak.err, /at least 16 characters/);
  assert.equal(existsSync(join(home, 'lyra.db')), false);
});

test('ui --port 0 --json serves the tasks page on loopback until SIGINT', async () => {
  const home = tempHome();
  let out = '';
  let err = '';
  let announced: (url: string) => void = () => undefined;
  const listening = new Promise<string>((resolve) => (announced = resolve));
  const run = main(['node', 'lyra', 'ui', '--port', '0', '--json'], {
    io: {
      stdout: (t) => {
        out += t;
        if (out.includes('\n')) announced((JSON.parse(out) as { url: string }).url);
      },
      stderr: (t) => void (err += t),
    },
    env: { LYRA_HOME: home },
    cwd: home,
  });
  const url = await Promise.race([
    listening,
    run.then((code) => {
      throw new Error(`exited ${code}: ${err}`);
    }),
  ]);
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  const body = await new Promise<string>((resolve, reject) =>
    get(url, (res) => {
      let b = '';
      res.on('data', (c) => (b += c));
      res.on('end', () => resolve(b));
    }).on('error', reject),
  );
  assert.match(body, /<h1>Tasks<\/h1>/);
  process.emit('SIGINT');
  assert.equal(await run, 0);
});
