// Workloads of the hostile-input suite that must finish in linear time, run by test-support's
// boundedRun in a worker (terminated past a deadline, heap capped). Each returns a small summary.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentClaims } from '../app/claims.js';
import { MAX_SEGMENT_CHARS, splitSentences } from '../extract/sentences.js';
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
