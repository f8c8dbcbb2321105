import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempHome } from '../../test-support/cli.js';
import { startLoopbackWeb } from '../../test-support/loopback-web.js';

test('lyra claims <file> --json prints the normalized claims with ids, slots and sources', async () => {
  const home = tempHome('lyra-claims-cli-');
  try {
    writeFileSync(
      join(home, 'notes.txt'),
      'Smoking causes lung cancer. Is coffee healthy?\n\nExperts found that smoking causes lung cancer.\n\n喫煙は肺がんのリスクを高める。',
    );
    const r = await runCli(['claims', 'notes.txt', '--json'], { home });
    assert.equal(r.code, 0, r.err);
    const got = JSON.parse(r.out) as {
      url: string;
      claims: Array<{ claim_id: string; statement: string; slots: unknown; attribution: string | null; sources: Array<{ locator: string }> }>;
    };
    assert.equal(got.url, `file://${join(home, 'notes.txt')}`);
    assert.deepEqual(
      got.claims.map((c) => [c.statement, c.sources.map((s) => s.locator)]),
      [
        ['Smoking causes lung cancer.', ['sentence:0', 'sentence:2']],
        ['喫煙は肺がんのリスクを高める。', ['sentence:3']],
      ],
    );
    assert.match(got.claims[0]!.claim_id, /^clm_[0-9a-f]{16}$/);
    assert.deepEqual(got.claims[0]!.slots, { subject: 'Smoking', predicate: 'cause', object: 'lung cancer' });
    const withVectors = await runCli(['claims', 'notes.txt', '--json', '--embeddings'], { home });
    assert.equal(withVectors.code, 0, withVectors.err);
    assert.deepEqual(
      (JSON.parse(withVectors.out) as typeof got).claims.map((c) => c.statement),
      got.claims.map((c) => c.statement),
      'unrelated claims stay apart',
    );
    const text = await runCli(['claims', 'notes.txt'], { home });
    assert.match(text.out, /2 claims\n/);
    assert.match(text.out, /subject: Smoking \| predicate: cause \| object: lung cancer/);
    const missing = await runCli(['claims', 'absent.html'], { home });
    assert.equal(missing.code, 2);
    assert.match(missing.err, /absent\.html/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra claims <url> fetches the page through the configured fetcher (loopback, allowed by fetch.allow_private)', async () => {
  const web = await startLoopbackWeb();
  web.route('/article.html', {
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: '<html><head><title>Coffee</title></head><body><article><p>Coffee consumption increased by 12% in 2023. Click here to subscribe.</p></article></body></html>',
  });
  const home = tempHome('lyra-claims-cli-');
  try {
    writeFileSync(join(home, 'lyra.config.yaml'), 'fetch:\n  allow_private: ["127.0.0.1/32:1-65535"]\n');
    const r = await runCli(['claims', web.url('/article.html'), '--json'], { home });
    assert.equal(r.code, 0, r.err);
    const got = JSON.parse(r.out) as { title: string; claims: Array<{ statement: string; sources: Array<{ source: string }> }> };
    assert.equal(got.title, 'Coffee');
    assert.deepEqual(
      got.claims.map((c) => [c.statement, c.sources[0]!.source]),
      [['Coffee consumption increased by 12% in 2023.', web.url('/article.html')]],
    );
  } finally {
    await web.close();
    rmSync(home, { recursive: true, force: true });
  }
});
