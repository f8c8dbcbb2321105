// Hostile input, hole 5 of issue 20 (and the URL half of hole 1, the charset part of hole 9):
// `corpus add` on a folder built to hurt. Run in a worker with a deadline and a 512 MB heap, since
// the old code blocked forever on a FIFO and read /dev/zero until memory ran out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundedRun } from '../test-support/bounded-run.js';
import { pdfBomb } from '../test-support/pdf-bomb.js';
import { siblingModule } from '../test-support/sibling-module.js';

const workloads = siblingModule(import.meta.url, '../test-support/hostile-workloads').href;
type Outcome = {
  report: { files: number; skipped: Array<{ file: string; reason: string }>; failed: Array<{ file: string; error: string }> };
  texts: Record<string, string>;
  passwdSearchHits: number;
};

const run = async (followSymlinks: boolean): Promise<Outcome> => {
  const r = await boundedRun<Outcome>({ module: workloads, exportName: 'ingestHostileFolder', args: [{ followSymlinks }], timeoutMs: 60_000, maxHeapMb: 512 });
  assert.ok(r.ok, r.ok ? '' : r.message);
  return r.value;
};

test('corpus add: only regular files, links kept inside the folder, per-file errors, byte cap while reading, charsets detected, non-http URLs refused', {
  timeout: 120_000,
}, async () => {
  const { report, texts, passwdSearchHits } = await run(false);
  const skipped = new Map(report.skipped.map((s) => [s.file, s.reason]));
  const failed = new Map(report.failed.map((f) => [f.file, f.error]));
  assert.match(skipped.get('zero.txt') ?? '', /outside the added folder/);
  assert.match(skipped.get('passwd.txt') ?? '', /outside the added folder.*--follow-symlinks/);
  assert.match(skipped.get('outside-link.txt') ?? '', /outside the added folder/);
  assert.match(skipped.get('pipe.txt') ?? '', /FIFO, not a regular file/);
  assert.match(skipped.get('big.txt') ?? '', /corpus\.max_file_bytes 1024/);
  assert.match(failed.get('dangling.txt') ?? '', /dangling symbolic link/);
  assert.match(failed.get('loop.txt') ?? '', /looping symbolic link/);
  assert.match(failed.get('records.jsonl') ?? '', /url must be an absolute http\(s\) URL/);
  assert.match(failed.get('data.jsonl') ?? '', /url must be an absolute http\(s\) URL/);
  // The rest is ingested: the good file, the link inside the folder, and the two legacy charsets decoded.
  assert.equal(texts['good.txt'], 'Coral cover fell by 40 percent after the 2016 heatwave.');
  assert.equal(texts['inner-link.txt'], texts['good.txt']);
  assert.equal(texts['latin1.txt'], 'Café naïve: the café served crème brûlée.');
  assert.equal(texts['sjis.txt'], '日本語の文章です。');
  assert.equal(passwdSearchHits, 0, '/etc/passwd must not be searchable');
  assert.deepEqual(Object.keys(texts).sort(), ['good.txt', 'inner-link.txt', 'latin1.txt', 'sjis.txt']);
});

test('corpus add --follow-symlinks follows links out of the folder but still reads only regular files', { timeout: 120_000 }, async () => {
  const { report, texts } = await run(true);
  const skipped = new Map(report.skipped.map((s) => [s.file, s.reason]));
  assert.match(skipped.get('zero.txt') ?? '', /character device, not a regular file/);
  assert.equal(texts['outside-link.txt'], 'A file next to the folder, outside it.');
  // Never a pseudo-filesystem: /proc/self/environ would put the process's environment in a searchable corpus.
  assert.match(skipped.get('environ.txt') ?? '', /^\/proc\/\d+\/environ is on \/proc, a pseudo-filesystem/);
  assert.equal(texts['environ.txt'], undefined);
  // Followed on request: read, or skipped only for its size (the cap is 1 KiB here).
  assert.ok(texts['passwd.txt'] !== undefined || /max_file_bytes/.test(skipped.get('passwd.txt') ?? ''), skipped.get('passwd.txt'));
});

test('corpus add: a PDF decompression bomb fails with pdf_too_large naming the limit, the rest of the folder is ingested', { timeout: 120_000 }, async () => {
  const r = await boundedRun<{ failed: Array<{ file: string; error: string }>; texts: Record<string, string> }>({
    module: workloads,
    exportName: 'ingestPdfBomb',
    // 300 MB when inflated, above the 256 MiB default limit.
    args: [await pdfBomb({ inflatedBytes: 300 * 1024 * 1024 })],
    timeoutMs: 90_000,
    maxHeapMb: 512,
  });
  assert.ok(r.ok, r.ok ? '' : r.message);
  assert.deepEqual(
    r.value.failed.map((f) => f.file),
    ['bomb.pdf'],
  );
  assert.match(r.value.failed[0]!.error, /decodes to more than 268435456 bytes \(limit extract\.max_pdf_inflated_bytes\)/);
  assert.deepEqual(Object.keys(r.value.texts), ['good.txt']);
});
