// npm run bench:valence — does the judge compose a reported change with whether the changed quantity is
// good or bad? bench/data/valence-pairs.jsonl: 90 claim–evidence pairs written by hand for this benchmark
// (bench/data/README.md), by another hand than the training templates of scripts/nli/valence-pairs.ts:
// "valence" pairs ("showed slower lung function growth" supports "Traffic pollution harms children's
// lungs"), "direct" pairs (the same direction word or a plain contradiction) and "neutral" ones (same topic,
// nothing settled). Prints, per judge and kind: accuracy of the most probable label, accuracy of the label
// shown (precision-first thresholds), supports / refutes precision and recall as shown, pairs per second,
// peak RSS. The embedded judge (models/stance-en) is the baseline in the same run.
//   npm run bench:valence [-- --descriptor DIR/lyra.json]   (another nli-en folder, e.g. a training run's)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { buildStanceModel, loadConfig } from '../src/app/index.js';
import type { StanceModel } from '../src/core/index.js';
import { createNliStanceModel } from '../src/models/transformers/index.js';
import { PROJECT_ROOT } from '../src/test-support/shared-data.js';
import { edgeScores, shownAndArgmax } from './lib/verdict-metrics.js';

const { values: args } = parseArgs({ options: { descriptor: { type: 'string' } } });
const rowSchema = z.object({
  id: z.string(),
  claim: z.string(),
  evidence: z.string(),
  label: z.enum(['supports', 'refutes', 'neutral']),
  kind: z.enum(['valence', 'direct', 'neutral']),
});
const file = join(PROJECT_ROOT, 'bench', 'data', 'valence-pairs.jsonl');
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l, i) => {
    const parsed = rowSchema.safeParse(JSON.parse(l));
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
    return parsed.data;
  });

let peakRss = process.memoryUsage().rss;
const judges: { name: string; model: StanceModel }[] = [
  { name: 'embedded (models/stance-en, baseline)', model: buildStanceModel({ config: loadConfig({ env: {}, cwd: PROJECT_ROOT }), backend: 'embedded' }) },
  {
    name: args.descriptor ? `nli (${args.descriptor})` : 'nli (models/nli-en)',
    model: createNliStanceModel(args.descriptor ? { descriptorPath: args.descriptor } : {}),
  },
];

const pct = (a: number, n: number): string => (n > 0 ? `${(a / n).toFixed(3)} (${a}/${n})` : '-');
console.log(`# Valence of a change: ${rows.length} hand-written pairs (${file})`);
console.log('\n| judge | kind | pairs | most probable label right | label shown right |');
console.log('|---|---|---|---|---|');
const edges: string[] = [];
for (const j of judges) {
  const t0 = performance.now();
  const out = await j.model.judge(rows.map((r) => ({ claim: r.claim, passage: r.evidence })));
  const seconds = (performance.now() - t0) / 1000;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  // The shared metrics of bench:verdicts: most probable and shown labels per kind, edges as shown.
  const judged = rows.map((r, i) => ({ kind: r.kind, gold: r.label, predicted: out[i]!.stance, scores: out[i]!.scores }));
  for (const k of ['valence', 'direct', 'neutral', 'all']) {
    const of = judged.filter((p) => k === 'all' || p.kind === k);
    const { argmax, shown } = shownAndArgmax(
      of.map((p) => p.gold),
      of.map((p) => ({ stance: p.predicted, scores: p.scores })),
    );
    const right = (accuracy: number): number => Math.round(accuracy * of.length);
    console.log(`| ${j.name} | ${k} | ${of.length} | ${pct(right(argmax.accuracy), of.length)} | ${pct(right(shown.accuracy), of.length)} |`);
  }
  for (const e of edgeScores(judged))
    edges.push(`| ${j.name} | ${e.label} | ${e.gold} | ${e.predicted} | ${pct(e.correct, e.predicted)} | ${pct(e.correct, e.gold)} |`);
  edges.push(`| ${j.name} | speed | ${rows.length} pairs in ${seconds.toFixed(1)} s | ${(rows.length / seconds).toFixed(0)} pairs/s (cold) | | |`);
}
console.log('\n| judge | edge | gold | shown | precision | recall |\n|---|---|---|---|---|---|');
for (const e of edges) console.log(e);
console.log(`\npeak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
