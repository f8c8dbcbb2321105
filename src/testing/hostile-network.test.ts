// Hostile input, hole 2 of issue 20: the SSRF allowlist is by origin. A fake SearXNG (allowed as the
// configured provider, or by its origin in fetch.allow_private) answers with results pointing at an
// "internal admin" service on another loopback port, and a page of its origin redirects there. A
// loopback recorder counts connections: none may reach it. A lyra.config.yaml in the working
// directory cannot widen the allowlist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../test-support/cli.js';
import { startConnectionRecorder, RECORDER_SECRET } from '../test-support/connection-recorder.js';
import { startFakeSearxng } from '../test-support/fake-searxng.js';

const config = (lines: string[]): string => `${lines.join('\n')}\n`;

test('search results and redirects never inherit the provider origin or an allowed origin; other loopback ports stay refused', {
  timeout: 60_000,
}, async () => {
  const admin = await startConnectionRecorder();
  const searx = await startFakeSearxng(() => [
    { url: `${admin.origin}/internal-admin`, title: 'admin by address' },
    { url: `http://localhost:${admin.port}/internal-admin`, title: 'admin by name' },
  ]);
  searx.web.route('/to-admin', { status: 302, headers: { location: `${admin.origin}/internal-admin` } });
  searx.web.route('/page', { body: '<html><body><p>A page of the allowed origin.</p></body></html>', headers: { 'content-type': 'text/html' } });
  const home = mkdtempSync(join(tmpdir(), 'lyra-hostile-net-'));
  try {
    // The provider's origin is allowed for its own requests (no allow_private at all).
    writeFileSync(
      join(home, 'lyra.config.yaml'),
      config([
        'providers:',
        `  searxng: { base_url: "${searx.baseUrl}" }`,
        'fetch:',
        '  respect_robots: false',
        '  max_retries: 0',
        '  cache: { enabled: false }',
      ]),
    );
    const search = await runCli(['search', 'admin', '--provider', 'searxng', '--json'], { home });
    assert.equal(search.code, 0, search.err);
    const hits = (JSON.parse(search.out) as { hits: Array<{ url: string }> }).hits;
    assert.equal(hits.length, 2);
    for (const h of hits) {
      const r = await runCli(['fetch', h.url, '--json'], { home });
      assert.equal(r.code, 1, `${h.url}: ${r.out}`);
      assert.match(r.err, /ssrf_blocked/);
    }
    // The provider's own origin is not open to other requests either.
    const own = await runCli(['fetch', searx.web.url('/page'), '--json'], { home });
    assert.match(own.err, /ssrf_blocked/);

    // allow_private by origin: that origin is reachable, a redirect from it to another port is not.
    writeFileSync(
      join(home, 'lyra.config.yaml'),
      config(['fetch:', `  allow_private: ["${searx.web.origin}"]`, '  respect_robots: false', '  max_retries: 0', '  cache: { enabled: false }']),
    );
    const ok = await runCli(['fetch', searx.web.url('/page'), '--json'], { home });
    assert.equal(ok.code, 0, ok.err);
    const redirected = await runCli(['fetch', searx.web.url('/to-admin'), '--json'], { home });
    assert.equal(redirected.code, 1);
    assert.match(redirected.err, /ssrf_blocked/);
    assert.doesNotMatch(redirected.out + redirected.err, new RegExp(RECORDER_SECRET));
    assert.equal(admin.connections(), 0, 'no connection reached the internal service');
  } finally {
    rmSync(home, { recursive: true, force: true });
    await searx.web.close();
    await admin.close();
  }
});

test('a lyra.config.yaml in the working directory cannot widen network reach; a bare address in allow_private is refused at load', {
  timeout: 60_000,
}, async () => {
  const admin = await startConnectionRecorder();
  const home = mkdtempSync(join(tmpdir(), 'lyra-hostile-cwd-'));
  const project = join(home, 'project');
  mkdirSync(project);
  try {
    writeFileSync(join(project, 'lyra.config.yaml'), config(['fetch:', `  allow_private: ["${admin.origin}"]`, '  max_retries: 0', '  respect_robots: false']));
    const r = await runCli(['fetch', `${admin.origin}/internal-admin`], { home: join(home, 'lyra-home'), cwd: project });
    assert.equal(r.code, 1);
    assert.ok(r.err.includes(`${join(project, 'lyra.config.yaml')}: fetch.allow_private ignored`), r.err);
    assert.match(r.err, /SSRF guard refused/);
    assert.equal(admin.connections(), 0);
    // Named with --config, the same file is trusted.
    const trusted = await runCli(['--config', join(project, 'lyra.config.yaml'), 'fetch', `${admin.origin}/internal-admin`, '--json'], {
      home: join(home, 'lyra-home'),
      cwd: project,
    });
    assert.equal(trusted.code, 0, trusted.err);
    assert.equal(admin.connections(), 1);
    // The README's old example (a bare address) now names the accepted forms when the file loads.
    writeFileSync(join(project, 'lyra.config.yaml'), config(['fetch:', '  allow_private: ["127.0.0.1"]']));
    const bare = await runCli(['--config', join(project, 'lyra.config.yaml'), 'fetch', 'http://example.org/'], { home: join(home, 'lyra-home'), cwd: project });
    assert.equal(bare.code, 2);
    assert.match(bare.err, /allow_private.*names no port.*http:\/\/127\.0\.0\.1:8888/s);
  } finally {
    rmSync(home, { recursive: true, force: true });
    await admin.close();
  }
});
