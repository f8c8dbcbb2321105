// npm run bench:collect — de-duplication of primary sources on real abstracts: the 347 Check-COVID
// abstracts (cut to the 500-character excerpt of seed 003) plus, for each, a copy under another URL
// and title with one or two words changed (a preprint and its journal version), shuffled. Measures
// how many copies are merged into their original (recall), wrong merges, and the time of
// `deduplicate` with its term-set screen against the same run comparing every pair (the baseline),
// with peak RSS.
import { readFileSync } from 'node:fs';
import { sharedDataPath } from '../src/test-support/shared-data.js';
import { MAX_EXCERPT_CHARS, deduplicate, type Candidate } from '../src/workflows/collect/index.js';
import { exitUnlessShared } from './lib/shared-data.js';

const covid = sharedDataPath('check-covid/corpus.json');
exitUnlessShared('bench:collect', [covid]);
const abstracts = readFileSync(covid, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { cord_id: string; title: string; abstract: string[] });

let seed = 42;
const rnd = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
const excerpt = (t: string): string => t.replace(/\s+/g, ' ').trim().slice(0, MAX_EXCERPT_CHARS);
/** One or two words replaced, as editing between a preprint and its published version does. */
function edited(text: string): string {
  const words = text.split(' ');
  const n = 1 + Math.floor(rnd() * 2);
  for (let i = 0; i < n; i++) words[Math.floor(rnd() * words.length)] = 'revised';
  return words.join(' ');
}

const originals: Candidate[] = [];
const copies: Candidate[] = [];
for (const [i, a] of abstracts.entries()) {
  const text = excerpt(a.abstract.join(' '));
  if (text.length < 150) continue;
  const base = { hasScholarlyId: true, read: true, query: 'q' };
  originals.push({ ...base, pageId: `pg_o${i}`, url: `https://journal.example/${a.cord_id}`, title: a.title, excerpt: text });
  copies.push({ ...base, pageId: `pg_c${i}`, url: `https://preprints.example/${i}`, title: `Preprint ${i}`, excerpt: edited(text) });
}
// Originals first (the first finder is kept), copies after, each half shuffled.
const shuffle = <T>(xs: T[]): T[] =>
  xs
    .map((x) => [rnd(), x] as const)
    .sort((p, q) => p[0] - q[0])
    .map(([, x]) => x);
const candidates = [...shuffle(originals), ...shuffle(copies)];

const titleCount = new Map<string, number>();
for (const o of originals) titleCount.set(o.title.toLowerCase().trim(), (titleCount.get(o.title.toLowerCase().trim()) ?? 0) + 1);
/** Originals whose title another original also has: the corpus holds those records twice. */
const twice = (o: Candidate): boolean => (titleCount.get(o.title.toLowerCase().trim()) ?? 0) > 1;

function run(screen: boolean): { ms: number; unique: number; merged: number; missed: number; wrong: number } {
  const t = performance.now();
  const { unique } = deduplicate(candidates, { screen });
  const ms = performance.now() - t;
  const kept = new Set(unique.map((u) => u.candidate.url));
  // A copy is merged when it is gone. A copy whose original was itself merged into a same-titled record
  // with a different abstract has nothing left to match: not counted as missed.
  const merged = copies.filter((c) => !kept.has(c.url)).length;
  const missed = copies.filter((c, i) => kept.has(c.url) && kept.has(originals[i]!.url)).length;
  const wrong = originals.filter((o) => !kept.has(o.url) && !twice(o)).length;
  return { ms, unique: unique.length, merged, missed, wrong };
}

const baseline = run(false);
const screened = run(true);
const rssMb = process.resourceUsage().maxRSS / 1024;
console.log(`bench:collect — ${candidates.length} candidates (${originals.length} abstracts + ${copies.length} edited copies)`);
const line = (name: string, r: ReturnType<typeof run>): string =>
  `  ${name} ${r.ms.toFixed(0)} ms, copies merged ${r.merged}/${copies.length} (${((100 * r.merged) / copies.length).toFixed(1)} %), missed ${r.missed}, distinct abstracts merged wrongly ${r.wrong}`;
console.log(`  corpus records sharing a title with another: ${originals.filter(twice).length} (merged by title, as they should be)`);
console.log(line('baseline (every pair):  ', baseline));
console.log(line('screened (term Jaccard):', screened));
console.log(
  `  speed-up ${(baseline.ms / screened.ms).toFixed(1)}x, same result: ${baseline.unique === screened.unique && baseline.merged === screened.merged ? 'yes' : 'no'}`,
);
console.log(`  peak RSS ${rssMb.toFixed(0)} MB`);
