// Draws the claim-slot samples of bench:slots (bench/data/claim-slots-*.jsonl): sentences that the
// checkability samples' labellers called checkable claims, from the example corpus and from Check-COVID's
// abstracts (Check-COVID's text is read from ../shared/data by id and sentence index and never copied into
// the project). Deterministic (seeded). `dev` is the sample the slot rules may be read against; `test` is
// drawn beside it, excluding it, and scored once after the rules are frozen. The labels (the main clause's
// subject and predicate) were added by hand: see bench/data/README.md.
//   node --import tsx scripts/draw-slot-sample.ts dev|test > /tmp/sample.jsonl
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';
import { draw } from './seeded-draw.js';

interface Row {
  corpus: 'example' | 'check-covid';
  doc?: string;
  para?: number;
  cord_id?: string;
  sent_index?: number;
  text: string;
}

const DATA = join(PROJECT_ROOT, 'bench', 'data');
const covidText = new Map<string, string[]>(
  readFileSync(sharedDataPath('check-covid/corpus.json'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { cord_id: string; abstract: string[] })
    .map((d) => [d.cord_id, d.abstract]),
);
const seen = new Set<string>();
const example: Row[] = [];
const covid: Row[] = [];
for (const file of readdirSync(DATA)
  .filter((f) => f.startsWith('claim-checkability') && f.endsWith('.jsonl'))
  .sort()) {
  for (const line of readFileSync(join(DATA, file), 'utf8').split('\n').filter(Boolean)) {
    const r = JSON.parse(line) as Record<string, unknown>;
    if (r.checkable !== true) continue;
    if (r.corpus === 'example' && typeof r.text === 'string' && !seen.has(r.text)) {
      seen.add(r.text);
      example.push({ corpus: 'example', doc: String(r.doc), para: Number(r.para), text: r.text });
    } else if (r.corpus === 'check-covid') {
      const text = covidText.get(String(r.cord_id))?.[Number(r.sent_index)];
      if (text !== undefined && !seen.has(text)) {
        seen.add(text);
        covid.push({ corpus: 'check-covid', cord_id: String(r.cord_id), sent_index: Number(r.sent_index), text });
      }
    }
  }
}

const mode = process.argv[2] ?? 'dev';
const devExample = draw(example, 60, 32001);
const devCovid = draw(covid, 40, 32002);
const rows =
  mode === 'dev'
    ? [...devExample, ...devCovid]
    : mode === 'test'
      ? [
          ...draw(
            example.filter((r) => !devExample.includes(r)),
            60,
            32003,
          ),
          ...draw(
            covid.filter((r) => !devCovid.includes(r)),
            40,
            32004,
          ),
        ]
      : [];
if (rows.length === 0) throw new Error(`draw-slot-sample: unknown sample ${mode} (dev or test)`);
for (const r of rows) console.log(JSON.stringify(r));
