// Hostile input, holes 6 and 8 of issue 20: terminal escapes in page-derived text are shown, not
// sent, by `fetch`, `extract` and `search` (their JSON stays exact); and the inputs that ended in
// "unexpected error" with a stack trace are typed errors with a clear message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../test-support/cli.js';
import { startLoopbackWeb } from '../test-support/loopback-web.js';
import { TERMINAL_PAYLOADS } from '../test-support/payloads.js';

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const payload = TERMINAL_PAYLOADS.join(' ');

test('fetch, extract and search show control characters of pages instead of sending them; --json stays exact', { timeout: 60_000 }, async () => {
  const web = await startLoopbackWeb();
  web.route('/escapes', {
    body: `<html><head><title>T ${payload}</title></head><body><article><h1>Heading</h1><p>Coral text ${payload} ends here with enough words to be an article paragraph.</p></article></body></html>`,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
  const home = mkdtempSync(join(tmpdir(), 'lyra-hostile-term-'));
  try {
    writeFileSync(
      join(home, 'lyra.config.yaml'),
      `fetch:\n  allow_private: ["${web.origin}"]\n  respect_robots: false\n  max_retries: 0\n  cache: { enabled: false }\n`,
    );
    writeFileSync(join(home, 'docs.jsonl'), `${JSON.stringify({ id: 'x', title: `Title ${payload}`, text: `Coral reefs ${payload} bleach.` })}\n`);
    const fetched = await runCli(['fetch', web.url('/escapes')], { home });
    const extracted = await runCli(['extract', web.url('/escapes')], { home });
    assert.equal((await runCli(['corpus', 'add', join(home, 'docs.jsonl'), '--name', 'c'], { home })).code, 0);
    const searched = await runCli(['search', 'coral', '--provider', 'corpus'], { home });
    for (const [name, r] of [
      ['fetch', fetched],
      ['extract', extracted],
      ['search', searched],
    ] as const) {
      assert.equal(r.code, 0, `${name}: ${r.err}`);
      assert.doesNotMatch(r.out, RAW_CONTROL, `${name} printed a raw control character`);
      assert.match(r.out, /\u241b\[2J/, `${name} shows ESC visibly`);
    }
    const json = await runCli(['fetch', web.url('/escapes'), '--json'], { home });
    assert.ok((JSON.parse(json.out) as { text: string }).text.includes(TERMINAL_PAYLOADS[0]!), 'JSON keeps the text exact');
    const sj = await runCli(['search', 'coral', '--provider', 'corpus', '--json'], { home });
    assert.ok((JSON.parse(sj.out) as { hits: Array<{ title: string }> }).hits[0]!.title.includes(TERMINAL_PAYLOADS[1]!));
  } finally {
    rmSync(home, { recursive: true, force: true });
    await web.close();
  }
});

test('--out naming a file or a folder, a YAML alias bomb and an invalid CIDR are typed errors, never "unexpected error"', { timeout: 60_000 }, async () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-hostile-err-'));
  try {
    const aFile = join(home, 'a-file');
    writeFileSync(aFile, 'x');
    const bomb = join(home, 'bomb.yaml');
    writeFileSync(
      bomb,
      [
        'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
        ...'bcdefg'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefg'[i]}`).join(',')}]`),
      ].join('\n'),
    );
    writeFileSync(join(home, 'docs.jsonl'), `${JSON.stringify({ id: 'x', title: 'Coral', text: 'Coral bleaching increased by 40 percent in 2016.' })}\n`);
    assert.equal((await runCli(['corpus', 'add', join(home, 'docs.jsonl'), '--name', 'c'], { home })).code, 0);
    const cidr = join(home, 'cidr.yaml');
    writeFileSync(cidr, 'fetch:\n  allow_private: ["10.0.0.0/99:80"]\n');
    const runs = [
      [
        'research --out <file>',
        await runCli(['research', 'Is coral bleaching increasing?', '--corpus', 'c', '--budget', 'pages=2,queries=4,seconds=20', '--out', aFile], { home }),
        /--out .* is a file, not a folder/,
      ],
      ['consensus --out <file>', await runCli(['consensus', 'coral bleaching', '--corpus', 'c', '--out', aFile], { home }), /--out .* is a file, not a folder/],
      [
        'collect --out <folder>',
        await runCli(['collect', '--keyword', 'coral', '--corpus', 'c', '--scholarly', 'none', '--out', home], { home }),
        /--out .* is a folder, not a file/,
      ],
      ['alias bomb', await runCli(['--config', bomb, 'domains', 'list'], { home }), /aliases.*limit of 100/],
      ['invalid CIDR', await runCli(['--config', cidr, 'domains', 'list'], { home }), /allow_private.*invalid address or CIDR/],
    ] as const;
    for (const [name, r, message] of runs) {
      assert.doesNotMatch(r.err, /unexpected error|\n\s+at /, `${name}: ${r.err}`);
      assert.equal(r.code, 2, `${name}: ${r.err}`);
      assert.match(r.err, message, name);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
