// npm run bench:answer-quotes — the precision of the quotes a reader meets first: each question of
// bench/data/answer-quotes.jsonl (43 yes/no questions over the example corpus and Check-COVID) is run
// through `lyra research` on its defaults, and every quote its answer shows "for" or "against" is looked
// up among the hand-labelled (proposition, quote) pairs: a "for" quote is right when labelled
// `supports`, an "against" quote when labelled `refutes` (rubric in bench/data/README.md). Quotes the
// file has no label for are counted apart and, with --unlabelled FILE, written out to be labelled.
// Flags: --limit N (the first N questions), --unlabelled FILE, --keep DIR (keep the store and run folders),
// --ranking hybrid|bm25 (corpus.ranking; default the configured one, hybrid).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addToCorpus, loadConfig, openOrCreateStore, runResearch } from '../src/app/index.js';
import { sharedDataPath } from '../src/test-support/shared-data.js';
import { readJsonl } from './lib/claim-samples.js';
import { exitUnlessShared } from './lib/shared-data.js';

const { values: args } = parseArgs({
  options: {
    limit: { type: 'string' },
    unlabelled: { type: 'string' },
    keep: { type: 'string' },
    ranking: { type: 'string' },
  },
});
if (args.ranking !== undefined && args.ranking !== 'hybrid' && args.ranking !== 'bm25') {
  console.error(`bench:answer-quotes: --ranking must be hybrid or bm25 (got ${args.ranking})`);
  process.exit(2);
}
const corpusFile = sharedDataPath('check-covid/corpus.json');
exitUnlessShared('bench:answer-quotes', [corpusFile]);

type Label = 'supports' | 'refutes' | 'related' | 'unrelated';
type Line =
  | { questions: Array<{ question: string; corpus: string }> }
  | { question: string; corpus: string; proposition: string; quote_sha256: string; quote?: string; label: Label; label_b?: Label };
const lines = readJsonl<Line>('answer-quotes.jsonl');
const header = lines.find((l): l is Extract<Line, { questions: unknown }> => 'questions' in l);
const labelled = lines.filter((l): l is Exclude<Line, { questions: unknown }> => !('questions' in l));
/** The key of a labelled pair: the proposition and the first 16 hex digits of SHA-256 of the whitespace-normalized quote. */
const keyOf = (proposition: string, quote: string): string =>
  `${proposition}\u0000${createHash('sha256').update(quote.replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 16)}`;
const labels = new Map<string, (typeof labelled)[number]>(labelled.map((l) => [`${l.proposition}\u0000${l.quote_sha256}`, l]));
const questions = (header?.questions ?? []).slice(0, args.limit ? Number(args.limit) : undefined);

const home = args.keep ? (mkdirSync(args.keep, { recursive: true }), args.keep) : mkdtempSync(join(tmpdir(), 'lyra-bench-quotes-'));
const pct = (n: number, d: number): string => `${n}/${d}${d > 0 ? ` = ${((100 * n) / d).toFixed(1)} %` : ''}`;
try {
  // Corpus search's ranking (corpus.ranking): the default (hybrid) unless --ranking names one.
  if (args.ranking) writeFileSync(join(home, 'lyra.config.yaml'), `corpus:\n  ranking: ${args.ranking}\n`);
  const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  const store = openOrCreateStore(config.store.path);
  await addToCorpus({ config, store, name: 'check-covid', paths: [corpusFile], trustLevel: 'ACADEMIC' });
  store.close();
  console.log(`bench:answer-quotes — ${questions.length} questions, lyra research on its defaults (corpus ranking ${args.ranking ?? 'hybrid, the default'})`);
  const tally = { for: { right: 0, labelled: 0, other: new Map<string, number>() }, against: { right: 0, labelled: 0, other: new Map<string, number>() } };
  const agree = { same: 0, both: 0 };
  const unlabelled: Array<{ question: string; proposition: string; side: string; quote: string }> = [];
  const verdicts = new Map<string, number>();
  let seconds = 0;
  for (const [i, q] of questions.entries()) {
    const t0 = performance.now();
    const r = await runResearch(config, { question: q.question, corpus: q.corpus, cwd: home, out: 'runs' }, { translator: null, writer: null });
    seconds += (performance.now() - t0) / 1000;
    const a = r.answer;
    verdicts.set(a?.verdict ?? 'none', (verdicts.get(a?.verdict ?? 'none') ?? 0) + 1);
    const marks: string[] = [];
    for (const side of ['for', 'against'] as const) {
      for (const quote of a?.[side] ?? []) {
        const label = a?.proposition ? labels.get(keyOf(a.proposition, quote.quote)) : undefined;
        if (!label) {
          unlabelled.push({ question: q.question, proposition: a?.proposition ?? '', side, quote: quote.quote });
          marks.push('?');
          continue;
        }
        const t = tally[side];
        t.labelled++;
        const right = label.label === (side === 'for' ? 'supports' : 'refutes');
        if (right) t.right++;
        else t.other.set(label.label, (t.other.get(label.label) ?? 0) + 1);
        if (label.label_b) {
          agree.both++;
          if (label.label_b === label.label) agree.same++;
        }
        marks.push(right ? '+' : '-');
      }
    }
    console.error(`  ${String(i + 1).padStart(2)}. ${(a?.verdict ?? 'none').padEnd(21)} ${marks.join('').padEnd(10)} ${q.question}`);
  }
  const both = { right: tally.for.right + tally.against.right, labelled: tally.for.labelled + tally.against.labelled };
  const others = (m: Map<string, number>): string => [...m].map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
  console.log(`  "for" quotes labelled supports: ${pct(tally.for.right, tally.for.labelled)} (the others: ${others(tally.for.other)})`);
  console.log(`  "against" quotes labelled refutes: ${pct(tally.against.right, tally.against.labelled)} (the others: ${others(tally.against.other)})`);
  console.log(`  all quotes shown: precision ${pct(both.right, both.labelled)}; quotes without a label: ${unlabelled.length}`);
  if (agree.both > 0) console.log(`  the two labellers agree on ${pct(agree.same, agree.both)} of the labelled quotes met`);
  console.log(
    `  verdicts: ${[...verdicts]
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join('; ')}; mean time per run ${(seconds / Math.max(1, questions.length)).toFixed(1)} s`,
  );
  if (args.unlabelled) {
    writeFileSync(args.unlabelled, unlabelled.map((u) => JSON.stringify(u)).join('\n') + (unlabelled.length > 0 ? '\n' : ''));
    console.log(`  wrote ${unlabelled.length} unlabelled quotes to ${args.unlabelled}`);
  }
} finally {
  if (!args.keep) rmSync(home, { recursive: true, force: true });
}
