// Stance benchmark: quality of each available backend on data it was not trained on, the
// majority-class baseline in the same run, speed (claim–sentence pairs/s, cold and warm cache) and peak RSS.
//   npm run bench:stance [-- --weights path --limit 2000 --json out.json]
// Backends: `embedded` always. The `transformers` and `llm` backends join the table through
// BACKENDS below once their factories exist (they need a local model folder or an endpoint).
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { evaluationSuites } from './lib/stance-suites.js';
import { evaluateFalseRefutes } from './lib/stance-false-refutes.js';
import { computeMetrics, expectedCalibrationError, formatConfusion, majorityClass, pct, type StanceMetrics } from './lib/stance-metrics.js';
import type { StanceModel } from '../src/core/index.js';
import { createEmbeddedStanceModel, DEFAULT_STANCE_WEIGHTS_PATH, splitSentences } from '../src/models/stance/index.js';
import { PROJECT_ROOT, sharedDataPath, skipUnlessShared } from '../src/test-support/shared-data.js';

const { values: args } = parseArgs({
  options: {
    weights: { type: 'string', default: DEFAULT_STANCE_WEIGHTS_PATH },
    /** Pairs per suite (0 = all). */
    limit: { type: 'string', default: '0' },
    json: { type: 'string' },
  },
});

const missing = skipUnlessShared();
if (missing) {
  console.error(`bench:stance needs ../shared/data: ${missing}`);
  process.exit(1);
}
const limit = Number(args.limit);
const suites = evaluationSuites(sharedDataPath()).map((s) => ({ ...s, pairs: limit > 0 ? s.pairs.slice(0, limit) : s.pairs }));

/** Each backend: a name and a factory; a factory that throws is reported and skipped. */
const BACKENDS: { name: string; create: () => StanceModel }[] = [{ name: 'embedded', create: () => createEmbeddedStanceModel({ weightsPath: args.weights }) }];

interface Row {
  backend: string;
  suite: string;
  metrics: StanceMetrics;
  seconds: number;
  ece?: number;
}
const rows: Row[] = [];

for (const suite of suites) {
  const gold = suite.pairs.map((p) => p.label);
  const majority = majorityClass(gold);
  rows.push({
    backend: `majority(${majority})`,
    suite: suite.name,
    metrics: computeMetrics(
      gold,
      gold.map(() => majority),
    ),
    seconds: 0,
  });
}

const loadSeconds: Record<string, number> = {};
for (const backend of BACKENDS) {
  let model: StanceModel;
  try {
    const t0 = performance.now();
    model = backend.create();
    await model.judge([{ claim: 'warm up', passage: 'Load the weights.' }]);
    loadSeconds[backend.name] = (performance.now() - t0) / 1000;
  } catch (error) {
    console.error(`backend ${backend.name} unavailable: ${(error as Error).message}`);
    continue;
  }
  for (const suite of suites) {
    const t0 = performance.now();
    const judgements = await model.judge(suite.pairs.map((p) => ({ claim: p.claim, passage: p.passage })));
    rows.push({
      backend: backend.name,
      suite: suite.name,
      seconds: (performance.now() - t0) / 1000,
      metrics: computeMetrics(
        suite.pairs.map((p) => p.label),
        judgements.map((j) => j.stance),
      ),
      ece: expectedCalibrationError(
        judgements.map((j) => j.confidence),
        judgements.map((j, i) => j.stance === suite.pairs[i]!.label),
      ),
    });
  }
}

// Speed of the embedded backend on scientific text (the Check-COVID dev abstracts, every sentence
// against its claim): a fresh model (cold cache: every pair computed, weights already loaded), then
// the same pairs again (warm cache: every pair a hit). One thread: JavaScript runs it on one core.
const abstracts = suites.find((s) => s.name === 'check_covid_dev_abstract')!.pairs;
const speedModel = createEmbeddedStanceModel({ weightsPath: args.weights, cacheSize: 100_000 });
await speedModel.judge([{ claim: 'warm up', passage: 'Load the weights.' }]);
const speedPairs = abstracts.map((p) => ({ claim: p.claim, passage: p.passage }));
const sentencePairs = speedPairs.reduce((s, p) => s + splitSentences(p.passage).length, 0);
// Wall-clock rates depend on what else runs on the machine; rates per CPU-second of this process
// are what one dedicated core would do (the work is single-threaded).
const timed = async (): Promise<{ wall: number; cpu: number }> => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await speedModel.judge(speedPairs);
  const c = process.cpuUsage(c0);
  return { wall: sentencePairs / ((performance.now() - t0) / 1000), cpu: sentencePairs / ((c.user + c.system) / 1e6) };
};
const cold = await timed();
const warm = await timed();
// False refutes (bench/lib/stance-false-refutes.ts): negation constructions and related sentences of
// the example corpus, judged both ways like the consensus workflow does.
const falseRefutes = await evaluateFalseRefutes(createEmbeddedStanceModel({ weightsPath: args.weights }), PROJECT_ROOT);
const peakRssMb = process.resourceUsage().maxRSS / 1024;

const lines = [
  '| backend | suite | n | accuracy | macro-F1 | F1 S / R / N | S↔R errors | S-vs-R acc | ECE | pairs/s | confusion (gold→pred) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];
for (const suite of suites) {
  for (const r of rows.filter((x) => x.suite === suite.name)) {
    const m = r.metrics;
    const speed = r.seconds > 0 ? (m.n / r.seconds).toFixed(0) : '–';
    lines.push(
      `| ${r.backend} | ${r.suite} | ${m.n} | ${pct(m.accuracy)} | ${pct(m.macroF1)} | ${pct(m.f1.supports)} / ${pct(m.f1.refutes)} / ${pct(m.f1.neutral)} | ${m.supportRefuteErrors} | ${pct(m.binaryAccuracy)} | ${r.ece === undefined ? '–' : pct(r.ece)} | ${speed} | ${formatConfusion(m)} |`,
    );
  }
}
console.log(lines.join('\n'));
console.log('');
console.log('S↔R errors: gold supports judged refutes + gold refutes judged supports. S-vs-R acc: among gold S/R pairs judged S or R, the share judged right.');
console.log('ECE: expected calibration error of `confidence` (10 bins; 0 = calibrated).');
console.log('pairs/s in the table: passages (claim, passage) per second, including sentence splitting.');
console.log(
  `weights: ${args.weights} (load ${Object.entries(loadSeconds)
    .map(([k, v]) => `${k} ${v.toFixed(2)} s`)
    .join(', ')})`,
);
console.log(
  `speed (embedded, one thread, ${sentencePairs} claim–sentence pairs from ${speedPairs.length} abstracts): cold ${cold.cpu.toFixed(0)} pairs per CPU-second (${cold.wall.toFixed(0)} pairs/s wall clock), warm ${warm.cpu.toFixed(0)} pairs per CPU-second (${warm.wall.toFixed(0)} pairs/s wall clock)`,
);
console.log(
  `load average during the run: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
console.log(`peak RSS: ${peakRssMb.toFixed(0)} MB`);
console.log('');
console.log('False refutes of the embedded backend (gold never refutes except the controls; every refutes on a related pair counts as false):');
console.log(falseRefutes.lines.join('\n'));
console.log('');
for (const s of suites) console.log(`- ${s.name}: ${s.note}`);
if (args.json) writeFileSync(args.json, JSON.stringify({ rows, speed: { cold, warm, sentencePairs, loadSeconds }, peakRssMb, falseRefutes }, null, 2));
