// Text-processing benchmark: time per MB of `lyra claims` (read, extract, split, find claims) on 1 MB
// documents written as one line and as many lines, and on hostile shapes (long runs without spaces,
// abbreviation runs, dotted runs). In the same run, the sentence splitter of 84a345b (read from git)
// and today's run on the same inputs, so the ratio is measured on one machine under one load.
//   npm run bench:text [-- --mb 1 --old-kb 32,64 --passes 2]
// Target (issue 20): `lyra claims` on a 1 MB single-line document in ≤ 2 s on an idle machine (≤ 1 s/MB).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { documentClaims } from '../src/app/index.js';
import { splitSentences } from '../src/extract/index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The commit whose splitter issue 20 measured as quadratic. */
const BASELINE_COMMIT = '84a345b';
const TARGET_SECONDS_PER_MB = 1;

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '1' },
    'old-kb': { type: 'string', default: '32,64' },
    passes: { type: 'string', default: '2' },
  },
});
const MB = Number(args.mb);
const PASSES = Math.max(1, Number(args.passes));
const OLD_KB = args['old-kb']
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

const SENTENCES = [
  'Coral bleaching events rose by 40 percent between 1998 and 2020 as sea surface temperatures increased.',
  'Researchers found that reefs exposed to heat stress for more than eight weeks lost half of their coral cover.',
  'The 2016 marine heatwave killed about 30 percent of the corals on the northern Great Barrier Reef.',
  'Ocean acidification reduces the growth rate of reef-building corals by 15 percent in laboratory studies.',
  'Fig. 2 shows that recovery takes 10 to 15 years when no further bleaching occurs, e.g. in protected areas.',
  'Local pollution and overfishing make reefs more vulnerable than warming alone, according to Smith et al. (2019).',
  'Some heat-tolerant coral species survived temperatures 2 °C above the summer maximum.',
  'Restoration projects replanted 1.5 million coral fragments in 2021, but survival was lower than expected.',
];

/** About `bytes` of prose; `wrap` hard-wraps it at ~72 characters with a blank line every 12 lines. */
function prose(bytes: number, wrap: boolean): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const s = SENTENCES[i % SENTENCES.length]!;
    parts.push(s);
    size += s.length + 1;
  }
  const text = parts.join(' ');
  if (!wrap) return text.slice(0, bytes);
  const lines: string[] = [];
  for (let i = 0, n = 0; i < text.length; n++) {
    let end = Math.min(text.length, i + 72);
    const space = text.lastIndexOf(' ', end);
    if (end < text.length && space > i) end = space;
    lines.push(text.slice(i, end).trim());
    if (n % 12 === 11) lines.push('');
    i = end;
  }
  return lines.join('\n').slice(0, bytes);
}

const SHAPES: Record<string, (bytes: number) => string> = {
  'single line': (b) => prose(b, false),
  'many lines': (b) => prose(b, true),
  'no spaces (aaaa…)': (b) => 'a'.repeat(b),
  'abbreviations (Fig. Fig. …)': (b) => 'Fig. '.repeat(Math.floor(b / 5)),
  'dotted run (a.a.a…)': (b) => 'a.'.repeat(Math.floor(b / 2)),
  'DOI-like run (10.1010.1010…)': (b) => '10.1010'.repeat(Math.floor(b / 7)),
};

async function timeClaims(file: string): Promise<{ seconds: number; claims: number }> {
  let best = Number.POSITIVE_INFINITY;
  let claims = 0;
  for (let p = 0; p < PASSES; p++) {
    const t = performance.now();
    const r = await documentClaims({ source: file, cwd: ROOT });
    best = Math.min(best, (performance.now() - t) / 1000);
    claims = r.claims.length;
  }
  return { seconds: best, claims };
}

type Splitter = (text: string) => unknown[];

/** The splitter of BASELINE_COMMIT, written next to today's (so its imports resolve) and loaded; undefined without git history. */
async function loadOldSplitter(): Promise<{ split: Splitter; cleanup: () => void } | undefined> {
  let source: string;
  try {
    source = execFileSync('git', ['show', `${BASELINE_COMMIT}:src/extract/sentences.ts`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
  const file = join(ROOT, 'src', 'extract', `.bench-sentences-${BASELINE_COMMIT}.ts`);
  writeFileSync(file, source);
  const cleanup = (): void => rmSync(file, { force: true });
  try {
    const mod = (await import(pathToFileURL(file).href)) as { splitSentences: Splitter };
    return { split: (t) => mod.splitSentences(t), cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}

function timeSplit(split: Splitter, text: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (let p = 0; p < PASSES; p++) {
    const t = performance.now();
    split(text);
    best = Math.min(best, (performance.now() - t) / 1000);
  }
  return best;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-bench-text-'));
  try {
    const bytes = Math.round(MB * 1024 * 1024);
    // Warm-up: loads the NLP models once so the timings below are the text work only.
    writeFileSync(join(dir, 'warm.txt'), prose(4096, false));
    await documentClaims({ source: join(dir, 'warm.txt'), cwd: ROOT });

    console.log(`lyra claims, ${MB} MB documents (best of ${PASSES}; models loaded once before):`);
    let singleLinePerMb = Number.NaN;
    for (const [name, make] of Object.entries(SHAPES)) {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.txt`);
      writeFileSync(file, make(bytes));
      const { seconds, claims } = await timeClaims(file);
      const perMb = seconds / MB;
      if (name === 'single line') singleLinePerMb = perMb;
      console.log(`  ${name.padEnd(30)} ${seconds.toFixed(2).padStart(6)} s  ${perMb.toFixed(2).padStart(6)} s/MB  ${String(claims).padStart(4)} claims`);
    }
    console.log(`  target ≤ ${TARGET_SECONDS_PER_MB} s/MB on the single-line document: ${singleLinePerMb <= TARGET_SECONDS_PER_MB ? 'met' : 'NOT met'}`);

    const old = await loadOldSplitter();
    if (!old) {
      console.log(`\nsentence splitter vs ${BASELINE_COMMIT}: skipped (no git history of ${BASELINE_COMMIT} here)`);
      return;
    }
    try {
      console.log(`\nsentence splitter, ${BASELINE_COMMIT} vs today, same inputs (best of ${PASSES}):`);
      for (const name of ['single line', 'many lines', 'no spaces (aaaa…)']) {
        for (const kb of OLD_KB) {
          const text = SHAPES[name]!(kb * 1024);
          const before = timeSplit(old.split, text);
          const after = timeSplit((t) => splitSentences(t), text);
          console.log(
            `  ${name.padEnd(20)} ${String(kb).padStart(5)} KB  ${BASELINE_COMMIT} ${before.toFixed(3).padStart(7)} s  today ${after.toFixed(3).padStart(7)} s  ratio ${(before / after).toFixed(1).padStart(6)}×`,
          );
        }
      }
    } finally {
      old.cleanup();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
