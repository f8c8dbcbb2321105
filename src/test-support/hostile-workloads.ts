// Workloads of the hostile-input suite that must finish in linear time, run by test-support's
// boundedRun in a worker (terminated past a deadline, heap capped). Each returns a small summary.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { documentClaims } from '../app/tasks/claims.js';
import { createTextExtractor } from '../extract/index.js';
import { MAX_SEGMENT_CHARS, splitSentences } from '../extract/sentences.js';
import { ingestCorpus } from '../sources/index.js';
import { openStore } from '../store/index.js';
import { HOSTILE_MARKUP, HOSTILE_TEXT_RUNS, megabyteDocuments } from './payloads.js';

/**
 * Splits the whole of the 1 MB single-line and many-line documents (one call per MAX_SEGMENT_CHARS
 * window, the most one call segments) and checks every sentence's offsets.
 */
export function splitMegabyteDocuments(): Array<{ sentences: number; offsetsExact: boolean }> {
  return megabyteDocuments().map((input) => {
    let sentences = 0;
    let offsetsExact = true;
    for (let from = 0; from < input.text.length; from += MAX_SEGMENT_CHARS) {
      const window = input.text.slice(from, from + MAX_SEGMENT_CHARS);
      const got = splitSentences(window);
      sentences += got.length;
      offsetsExact &&= got.every((s) => window.slice(s.start, s.end).replace(/\s+/g, ' ') === s.text);
    }
    return { sentences, offsetsExact };
  });
}

/** Splits each hostile run; returns how many sentences came out in all. */
export function splitHostileRuns(): number {
  let n = 0;
  for (const make of Object.values(HOSTILE_TEXT_RUNS)) n += splitSentences(make(512 * 1024)).length;
  return n;
}

/** `lyra claims` (documentClaims) on each 1 MB document and hostile run (plain text) and markup shape; claim counts or typed errors. */
export async function claimsOnHostileDocuments(): Promise<Array<{ shape: string; claims: number; error?: { code: string; message: string } }>> {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-hostile-'));
  const bytes = 1024 * 1024;
  const docs: Array<{ shape: string; ext: string; text: string }> = [
    ...megabyteDocuments().map((d) => ({ shape: d.name, ext: 'txt', text: d.text })),
    ...Object.entries(HOSTILE_TEXT_RUNS).map(([shape, make]) => ({ shape, ext: 'txt', text: make(bytes) })),
    ...HOSTILE_MARKUP.map((m) => ({ shape: m.name, ext: m.ext, text: m.make(bytes) })),
  ];
  try {
    const out: Array<{ shape: string; claims: number; error?: { code: string; message: string } }> = [];
    for (const [i, doc] of docs.entries()) {
      const file = join(dir, `doc-${i}.${doc.ext}`);
      writeFileSync(file, doc.text);
      try {
        out.push({ shape: doc.shape, claims: (await documentClaims({ source: file, cwd: dir })).claims.length });
      } catch (err) {
        const e = err as { code?: string; message: string };
        out.push({ shape: doc.shape, claims: 0, error: { code: e.code ?? 'untyped', message: e.message } });
      }
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `corpus add` (ingestCorpus, real SQLite store and extractor) on a folder built to hurt: a link to
 * /dev/zero, a FIFO named .txt, links leaving the folder (/etc/passwd, /proc/self/environ), dangling
 * and looping links, a file over the byte cap, Latin-1 and Shift_JIS text, and records claiming
 * javascript: and data: URLs. Returns the report and the stored documents' texts by file name.
 */
export async function ingestHostileFolder(options: { followSymlinks: boolean }): Promise<{
  report: { files: number; skipped: Array<{ file: string; reason: string }>; failed: Array<{ file: string; error: string }> };
  texts: Record<string, string>;
  passwdSearchHits: number;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-hostile-folder-'));
  const docs = join(dir, 'docs');
  mkdirSync(docs);
  writeFileSync(join(docs, 'good.txt'), 'Coral cover fell by 40 percent after the 2016 heatwave.');
  writeFileSync(join(dir, 'outside.txt'), 'A file next to the folder, outside it.');
  symlinkSync('/dev/zero', join(docs, 'zero.txt'));
  symlinkSync('/etc/passwd', join(docs, 'passwd.txt'));
  symlinkSync('/proc/self/environ', join(docs, 'environ.txt'));
  symlinkSync(join(dir, 'outside.txt'), join(docs, 'outside-link.txt'));
  symlinkSync(join(docs, 'missing.txt'), join(docs, 'dangling.txt'));
  symlinkSync(join(docs, 'loop.txt'), join(docs, 'loop.txt'));
  symlinkSync(join(docs, 'good.txt'), join(docs, 'inner-link.txt'));
  execFileSync('mkfifo', [join(docs, 'pipe.txt')]);
  writeFileSync(join(docs, 'big.txt'), 'x'.repeat(4096));
  writeFileSync(join(docs, 'latin1.txt'), Buffer.from('Caf\u00e9 na\u00efve: the caf\u00e9 served cr\u00e8me br\u00fbl\u00e9e.', 'latin1'));
  // 「日本語の文章です。」 in Shift_JIS.
  writeFileSync(
    join(docs, 'sjis.txt'),
    Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x95, 0xb6, 0x8f, 0xcd, 0x82, 0xc5, 0x82, 0xb7, 0x81, 0x42]),
  );
  writeFileSync(join(docs, 'records.jsonl'), '{"id":"js","title":"x","text":"Click me.","url":"javascript:alert(1)"}\n');
  writeFileSync(join(docs, 'data.jsonl'), '{"id":"d","title":"x","text":"Data.","url":"data:text/html,<script>alert(2)</script>"}\n');
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    const report = await ingestCorpus({
      store,
      extractor: createTextExtractor(),
      name: 'hostile',
      paths: [docs],
      maxFileBytes: 1024,
      followSymlinks: options.followSymlinks,
    });
    const texts: Record<string, string> = {};
    for (const id of store.listCorpusDocumentIds('hostile')) texts[basename(id)] = store.getCorpusDocument('hostile', id)!.text;
    const passwdSearchHits = store.searchCorpus('root', { corpus: 'hostile', limit: 5 }).length;
    store.close();
    return {
      report: {
        files: report.files,
        skipped: report.skippedFiles.map((s) => ({ ...s, file: basename(s.file) })),
        failed: report.failedFiles.map((f) => ({ ...f, file: basename(f.file) })),
      },
      texts,
      passwdSearchHits,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `corpus add` on a folder holding a PDF decompression bomb (the test makes it: test-support/pdf-bomb.ts) beside a good file, with the default limits. */
export async function ingestPdfBomb(bomb: Uint8Array): Promise<{ failed: Array<{ file: string; error: string }>; texts: Record<string, string> }> {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-hostile-pdf-'));
  const docs = join(dir, 'docs');
  mkdirSync(docs);
  writeFileSync(join(docs, 'good.txt'), 'Coral cover fell by 40 percent after the 2016 heatwave.');
  writeFileSync(join(docs, 'bomb.pdf'), bomb);
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    const report = await ingestCorpus({ store, extractor: createTextExtractor(), name: 'bomb', paths: [docs] });
    const texts: Record<string, string> = {};
    for (const id of store.listCorpusDocumentIds('bomb')) texts[basename(id)] = store.getCorpusDocument('bomb', id)!.text;
    store.close();
    return { failed: report.failedFiles.map((f) => ({ ...f, file: basename(f.file) })), texts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
