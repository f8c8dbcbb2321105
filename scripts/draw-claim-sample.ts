// Draws the labelled samples of bench:research (bench/data/): sentences for claim checkability, from
// the shipped example corpus and from Check-COVID's abstracts (../shared/data, referenced by id and
// sentence index only: its text is never copied into the project). Deterministic (seeded), so the
// sample can be re-drawn and checked; the labels themselves were added by hand (see bench/data/README.md).
//   node --import tsx scripts/draw-claim-sample.ts checkability > /tmp/sample.jsonl
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';

/** mulberry32: a small seeded generator, so the draw is reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function draw<T>(items: readonly T[], n: number, seed: number): T[] {
  const r = rng(seed);
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]!);
  return out;
}

const example = readFileSync(join(PROJECT_ROOT, 'corpora', 'example', 'documents.jsonl'), 'utf8').split('\n').filter(Boolean)
  .map((l) => JSON.parse(l) as { id: string; text: string })
  .flatMap((d) => d.text.split('\n\n').map((text, para) => ({ doc: d.id, para, text })));
const covid = readFileSync(sharedDataPath('check-covid/corpus.json'), 'utf8').split('\n').filter(Boolean)
  .map((l) => JSON.parse(l) as { cord_id: string; abstract: string[] })
  .flatMap((d) => d.abstract.map((text, sent) => ({ cord_id: d.cord_id, sent_index: sent, text })));

const mode = process.argv[2] ?? 'checkability';
const exampleLine = (e: (typeof example)[number]): string => JSON.stringify({ corpus: 'example', doc: e.doc, para: e.para, text: e.text });
const covidLine = (c: (typeof covid)[number]): string => JSON.stringify({ corpus: 'check-covid', cord_id: c.cord_id, sent_index: c.sent_index, text: c.text });
const devExample = draw(example, 130, 15001);
const devCovid = draw(covid, 100, 15002);
if (mode === 'checkability') {
  // The development sample: the screening rules were written while reading its errors.
  for (const e of devExample) console.log(exampleLine(e));
  for (const c of devCovid) console.log(covidLine(c));
} else if (mode === 'checkability-heldout') {
  // Drawn and labelled after the rules were frozen: the honest figure.
  for (const e of draw(example.filter((x) => !devExample.includes(x)), 60, 15003)) console.log(exampleLine(e));
  for (const c of draw(covid.filter((x) => !devCovid.includes(x)), 40, 15004)) console.log(covidLine(c));
}
