// npm run bench:slots — does claim normalization find a claim's subject and predicate? The slots feed the
// claim's fingerprint (merging), the pronoun resolution of the next sentence ("Their…" takes the previous
// subject), the embedded judge's alignment, DEEP's queries for a major claim and the question's subject.
// bench/data/claim-slots-dev.jsonl and claim-slots-test.jsonl (drawn by scripts/draw-slot-sample.ts from
// the sentences the checkability labellers called claims; labelled by hand, bench/data/README.md): the
// main clause's subject as written, its head noun and the main verb's lemma ("not " when negated). The
// test sample was labelled by two labellers; the first is the gold, the second's agreement is printed.
// Check-COVID rows carry character offsets, the text is read from ../shared/data (skipped without it).
// Prints per sample: subject exact, subject clean (it holds the head and no word outside the gold
// subject), predicate exact — for the shipped extractor and, as the baseline in the same run, the words
// before the first verb.
//   npm run bench:slots [-- --show] [-- --sample dev|test]   (--show lists every miss)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { analyzeEnglish, extractSlots } from '../src/extract/index.js';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';

const { values: args } = parseArgs({ options: { show: { type: 'boolean', default: false }, sample: { type: 'string', default: 'dev,test' } } });

const labels = {
  head: z.string(),
  predicate: z.string(),
  head_b: z.string().optional(),
  predicate_b: z.string().optional(),
};
const rowSchema = z.union([
  z.object({
    corpus: z.literal('example'),
    doc: z.string(),
    para: z.number(),
    text: z.string(),
    subject: z.string(),
    subject_b: z.string().optional(),
    ...labels,
  }),
  z.object({
    corpus: z.literal('check-covid'),
    cord_id: z.string(),
    sent_index: z.number(),
    subject_span: z.tuple([z.number(), z.number()]),
    subject_span_b: z.tuple([z.number(), z.number()]).optional(),
    ...labels,
  }),
]);

interface Item {
  text: string;
  subject: string;
  head: string;
  predicate: string;
  second?: { subject: string; head: string; predicate: string };
}

const covidPath = sharedDataPath('check-covid/corpus.json');
const covid = existsSync(covidPath)
  ? new Map(
      readFileSync(covidPath, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { cord_id: string; abstract: string[] })
        .map((d) => [d.cord_id, d.abstract] as const),
    )
  : undefined;
if (!covid) console.log(`(${covidPath} not found: the Check-COVID rows are skipped)`);

function load(name: string): Item[] {
  const file = join(PROJECT_ROOT, 'bench', 'data', name);
  const out: Item[] = [];
  for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (!line.trim()) continue;
    const parsed = rowSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
    const r = parsed.data;
    const second = (subject: string | undefined) =>
      subject !== undefined && r.head_b !== undefined && r.predicate_b !== undefined ? { second: { subject, head: r.head_b, predicate: r.predicate_b } } : {};
    if (r.corpus === 'example') {
      out.push({ text: r.text, subject: r.subject, head: r.head, predicate: r.predicate, ...second(r.subject_b) });
    } else if (covid) {
      const text = covid.get(r.cord_id)?.[r.sent_index];
      if (text === undefined) throw new Error(`${file}:${i + 1}: no sentence ${r.sent_index} of ${r.cord_id} in ${covidPath}`);
      const cut = ([s, e]: readonly [number, number]): string => text.slice(s, e);
      out.push({ text, subject: cut(r.subject_span), head: r.head, predicate: r.predicate, ...second(r.subject_span_b ? cut(r.subject_span_b) : undefined) });
    }
  }
  return out;
}

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? [];
const same = (a: string, b: string): boolean => words(a).join(' ') === words(b).join(' ');
/** Holds the head and no word outside the gold subject: the right noun phrase, perhaps cut short or with a year lifted out. */
function clean(found: string, gold: string, head: string): boolean {
  const allowed = new Set(words(gold));
  const got = words(found);
  return got.length > 0 && got.every((w) => allowed.has(w)) && got.includes(head.toLowerCase());
}

interface Reading {
  subject: string;
  predicate: string;
}
/** The baseline: the words before the first verb, and that verb's lemma. */
function baseline(text: string): Reading {
  const { tokens } = analyzeEnglish(text);
  const v = tokens.findIndex((t, i) => i > 0 && (t.pos === 'VERB' || t.pos === 'AUX'));
  if (v < 0) return { subject: '', predicate: '' };
  return {
    subject: tokens
      .slice(0, v)
      .map((t, i) => (i === 0 ? '' : t.pre) + t.value)
      .join(''),
    predicate: tokens[v]!.lemma,
  };
}
function shipped(text: string): Reading {
  const s = extractSlots(text, 'en').slots;
  return { subject: s.subject ?? '', predicate: s.predicate ?? '' };
}

const pct = (a: number, n: number): string => (n > 0 ? `${(a / n).toFixed(3)} (${a}/${n})` : '-');
console.log("# Claim slots: the main clause's subject and predicate against hand labels\n");
console.log('| sample | reader | sentences | subject exact | subject clean | predicate exact | sentences/s |');
console.log('|---|---|---|---|---|---|---|');
const misses: string[] = [];
let peakRss = process.memoryUsage().rss;
for (const sample of args.sample.split(',').map((s) => `claim-slots-${s.trim()}.jsonl`)) {
  const items = load(sample).filter((it) => it.predicate !== '');
  const readers: Array<{ name: string; read: (text: string) => Reading }> = [
    { name: 'words before the first verb (baseline)', read: baseline },
    { name: 'extractSlots (shipped)', read: shipped },
  ];
  for (const r of readers) {
    let exact = 0;
    let cleanCount = 0;
    let pred = 0;
    const t0 = performance.now();
    for (const it of items) {
      const got = r.read(it.text);
      const e = same(got.subject, it.subject);
      const c = clean(got.subject, it.subject, it.head);
      const p = got.predicate === it.predicate;
      exact += e ? 1 : 0;
      cleanCount += c ? 1 : 0;
      pred += p ? 1 : 0;
      if (args.show && r.read === shipped && (!c || !p))
        misses.push(`- [${sample}] ${it.text}\n  gold: ${it.subject} | ${it.predicate}\n  got:  ${got.subject} | ${got.predicate}`);
    }
    const seconds = (performance.now() - t0) / 1000;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.log(
      `| ${sample} | ${r.name} | ${items.length} | ${pct(exact, items.length)} | ${pct(cleanCount, items.length)} | ${pct(pred, items.length)} | ${(items.length / seconds).toFixed(0)} |`,
    );
  }
  const both = items.filter((it) => it.second);
  if (both.length > 0) {
    const subj = both.filter((it) => same(it.second!.subject, it.subject)).length;
    const pred = both.filter((it) => it.second!.predicate === it.predicate).length;
    console.log(`| ${sample} | second labeller against the first | ${both.length} | ${pct(subj, both.length)} | | ${pct(pred, both.length)} | |`);
  }
}
if (misses.length > 0) console.log(`\n## Misses of the shipped extractor (subject not clean or predicate wrong)\n\n${misses.join('\n')}`);
console.log(`\npeak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
