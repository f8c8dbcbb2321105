import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { collectCorpusFiles } from './walk-files.js';

const linux = process.platform === 'linux' && existsSync('/proc/self/environ');

test('corpus add --follow-symlinks never reads /proc, /sys or /dev, whatever the link or the command line names', {
  skip: !linux && 'needs Linux procfs',
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-walk-pseudo-'));
  try {
    const docs = join(dir, 'docs');
    mkdirSync(docs);
    writeFileSync(join(docs, 'good.txt'), 'A document.');
    symlinkSync('/proc/self/environ', join(docs, 'environ.txt'));
    // The process's own environment, once read into a corpus, is searchable by anyone who queries it.
    const file = await collectCorpusFiles({ paths: [docs], maxFiles: 50, followSymlinks: true });
    assert.deepEqual(
      file.files.map((f) => basename(f.path)),
      ['good.txt'],
    );
    symlinkSync('/proc/self', join(docs, 'self'));
    symlinkSync('/sys/kernel', join(docs, 'kernel'));
    symlinkSync('/dev/shm', join(docs, 'shm'));
    // A link into /proc through another link: the resolved path decides, not what the link says.
    symlinkSync(join(docs, 'self'), join(docs, 'via-link'));
    const r = await collectCorpusFiles({ paths: [docs], maxFiles: 50, followSymlinks: true });
    assert.deepEqual(
      r.files.map((f) => basename(f.path)),
      ['good.txt'],
    );
    const skipped = new Map(r.skipped.map((s) => [basename(s.file), s.reason]));
    assert.match(skipped.get('environ.txt') ?? '', /^\/proc\/\d+\/environ is on \/proc, a pseudo-filesystem/);
    assert.match(skipped.get('self') ?? '', /is on \/proc, a pseudo-filesystem/);
    assert.match(skipped.get('via-link') ?? '', /is on \/proc, a pseudo-filesystem/);
    if (existsSync('/sys/kernel')) assert.match(skipped.get('kernel') ?? '', /is on \/sys, a pseudo-filesystem/);
    if (existsSync('/dev/shm')) assert.match(skipped.get('shm') ?? '', /is on \/dev, a pseudo-filesystem/);
    // Named on the command line, too.
    const named = await collectCorpusFiles({ paths: ['/proc/self/environ', '/proc/self/status'], maxFiles: 50 });
    assert.deepEqual(named.files, []);
    assert.equal(named.skipped.length, 2);
    for (const s of named.skipped) assert.match(s.reason, /is on \/proc, a pseudo-filesystem/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
