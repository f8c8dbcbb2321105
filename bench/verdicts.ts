// npm run bench:verdicts — the verdicts a reader sees, measured on the sentences the pipeline judges.
//   1. Climate-FEVER claim–sentence pairs (sentences a retriever found for the claim): precision and
//      recall of the supports / refutes edges the model emits. Even claim ids are the tuning half
//      (thresholds are fitted there by train:stance), odd ids are reported apart. Evaluation only: the
//      set states no license, so no shipped weight is trained on it.
//   2. Check-COVID candidates: for each dev claim, every sentence of the top-5 abstracts Lyra's corpus
//      search returns, labelled by the dataset's evidence sentence ids (other sentences and abstracts
//      are neutral); plus the dev evidence-sentence macro-F1 of earlier rounds.
//   3. Claim level: `lyra verify` over Check-COVID dev (SUPPORT/REFUTE/NOTENOUGHINFO) and over
//      Climate-FEVER claims with the example corpus (SUPPORTS→VERIFIED|CONDITIONED, REFUTES→REFUTED,
//      DISPUTED→CONTESTED, NOT_ENOUGH_INFO→UNSUPPORTED): macro-F1 and confusion.
//   4. Japanese: JNLI valid, JSICK test, JSICK-stress (macro-F1 of the emitted labels and of argmax, pairs
//      per second), models/nli-ja beside models/stance-ja (the default, the baseline).
//   5. Speed (claim–sentence pairs per CPU-second, cold and warm), model file sizes, peak RSS.
// Prints a table and, with --json FILE, writes every figure as JSON.
//   npm run bench:verdicts [-- --backend embedded --second-reading nli --only pairs,candidates,verify,ja,speed --cf-claims 300 --json out.json]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { addToCorpus, buildStanceModel, createEngine, japaneseJudgeOf, loadConfig } from '../src/app/index.js';
import { createShippedJapaneseJudge } from '../src/models/transformers/index.js';
import type { ClaimStatus, Stance, StanceJudgement, StanceModel } from '../src/core/index.js';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';
import { loadCheckCovid, loadClimateFever, type LabelledPair } from './lib/stance-data.js';
import { japaneseEvalSuites } from './lib/stance-data-ja.js';
import { confusionScores, edgeScores, fmt, shownAndArgmax, type JudgedPair } from './lib/verdict-metrics.js';
import { labelOfStatus, LABELS as CC_LABELS } from './lib/verify-metrics.js';
import { runVerify } from './lib/verify-run.js';
import { exitUnlessShared } from './lib/shared-data.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string' },
    /** models.stance.second_reading under the embedded backend: none, nli or nli-refutes. */
    'second-reading': { type: 'string' },
    only: { type: 'string', default: 'pairs,candidates,verify,ja,speed' },
    'cf-claims': { type: 'string', default: '400' },
    'cc-claims': { type: 'string', default: '0' },
    json: { type: 'string' },
  },
});
const root = sharedDataPath();
exitUnlessShared('bench:verdicts', [join(root, 'climate-fever')]);
const only = new Set(args.only.split(','));
const home = mkdtempSync(join(tmpdir(), 'lyra-bench-verdicts-'));
if (args['second-reading'] !== undefined && !['none', 'nli', 'nli-refutes'].includes(args['second-reading']))
  throw new Error(`bench:verdicts: --second-reading takes none, nli or nli-refutes, got ${JSON.stringify(args['second-reading'])}`);
if (args.backend || args['second-reading'])
  writeFileSync(
    join(home, 'lyra.config.yaml'),
    `models:\n  stance:\n${args.backend ? `    backend: ${args.backend}\n` : ''}${args['second-reading'] ? `    second_reading: ${args['second-reading']}\n` : ''}`,
  );
const config = loadConfig({ env: { ...process.env, LYRA_HOME: home }, cwd: home });
let peakRss = process.memoryUsage().rss;
const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const report: Record<string, unknown> = {
  backend: args.backend ?? 'configured default',
  ...(args['second-reading'] ? { secondReading: args['second-reading'] } : {}),
  date: new Date().toISOString(),
};
const started = performance.now();
const log = (msg: string): void => console.error(`[verdicts ${((performance.now() - started) / 1000).toFixed(0)}s] ${msg}`);

async function judgeAll(model: StanceModel, pairs: readonly { claim: string; passage: string }[]): Promise<StanceJudgement[]> {
  const out: StanceJudgement[] = [];
  for (let k = 0; k < pairs.length; k += 2000) {
    out.push(...(await model.judge(pairs.slice(k, k + 2000).map((p) => ({ claim: p.claim, passage: p.passage })))));
    sample();
  }
  return out;
}

function edgeTable(title: string, rows: { set: string; pairs: JudgedPair[] }[]): unknown[] {
  console.log(`\n## ${title}`);
  console.log('| set | label | gold | shown | right | precision | recall | P@R≥0.2 (ranking) |');
  console.log('|---|---|---|---|---|---|---|---|');
  const json: unknown[] = [];
  for (const r of rows) {
    for (const s of edgeScores(r.pairs)) {
      console.log(
        `| ${r.set} | ${s.label} | ${s.gold} | ${s.predicted} | ${s.correct} | ${fmt(s.precision)} | ${fmt(s.recall)} | ${fmt(s.precisionAtRecall20)} |`,
      );
      json.push({ set: r.set, ...s });
    }
  }
  return json;
}

const judged = (pairs: readonly LabelledPair[], js: readonly StanceJudgement[]): JudgedPair[] =>
  pairs.map((p, i) => ({ gold: p.label, predicted: js[i]!.stance, scores: js[i]!.scores }));

const model = buildStanceModel({ config });
report.model = model.name;

// 1. Climate-FEVER pairs.
if (only.has('pairs')) {
  const pairs = loadClimateFever(root);
  const js = await judgeAll(model, pairs);
  const even = pairs.map((p, i) => [p, js[i]!] as const).filter(([p]) => Number(p.group) % 2 === 0);
  const odd = pairs.map((p, i) => [p, js[i]!] as const).filter(([p]) => Number(p.group) % 2 === 1);
  report.climateFeverPairs = edgeTable('Climate-FEVER claim–sentence pairs (edges shown)', [
    {
      set: 'climate-fever even (tuning)',
      pairs: judged(
        even.map(([p]) => p),
        even.map(([, j]) => j),
      ),
    },
    {
      set: 'climate-fever odd (reported)',
      pairs: judged(
        odd.map(([p]) => p),
        odd.map(([, j]) => j),
      ),
    },
  ]);
  log(`climate-fever: ${pairs.length} pairs`);
}

// 2. Check-COVID candidates through Lyra's own corpus search.
if (only.has('candidates')) {
  const engine = createEngine(config, { stance: model });
  try {
    const corpusFile = join(root, 'check-covid/corpus.json');
    await addToCorpus({ store: engine.store, config, name: 'check-covid', paths: [corpusFile], trustLevel: 'ACADEMIC' });
    const abstracts = new Map<string, string[]>();
    for (const line of readFileSync(corpusFile, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as { cord_id: string; abstract: string[] };
      abstracts.set(r.cord_id, r.abstract);
    }
    const raw = readFileSync(join(root, 'check-covid/dev/covidCheck_dev_composed+extracted.json'), 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    const limit = Number(args['cc-claims']);
    const claims = (limit > 0 ? raw.slice(0, limit) : raw).map(
      (l) => JSON.parse(l) as { id: string; claim: string; cord_id: string; label: string; evidence_set: { sent_index: number }[] },
    );
    const pairs: LabelledPair[] = [];
    let goldRetrieved = 0;
    for (const c of claims) {
      const label: Stance = c.label === 'SUPPORT' ? 'supports' : c.label === 'REFUTE' ? 'refutes' : 'neutral';
      const evidence = new Set(c.evidence_set.map((e) => e.sent_index));
      const hits = engine.store.searchCorpus(c.claim.trim(), { corpus: 'check-covid', limit: 5 });
      if (hits.some((h) => h.id === c.cord_id)) goldRetrieved++;
      for (const h of hits) {
        (abstracts.get(h.id) ?? []).forEach((s, i) =>
          pairs.push({
            claim: c.claim.trim(),
            passage: s,
            label: h.id === c.cord_id && evidence.has(i) ? label : 'neutral',
            group: c.id,
            source: 'cc_candidate',
          }),
        );
      }
    }
    const js = await judgeAll(model, pairs);
    const evidencePairs = loadCheckCovid(root, 'dev');
    const ej = await judgeAll(model, evidencePairs);
    // Earlier rounds reported the most probable label; the product shows the thresholded one.
    const { shown: evidenceMetrics, argmax: evidenceArgmax } = shownAndArgmax(
      evidencePairs.map((p) => p.label),
      ej,
    );
    report.checkCovidCandidates = {
      claims: claims.length,
      pairs: pairs.length,
      goldAbstractInTop5: goldRetrieved / claims.length,
      edges: edgeTable('Check-COVID dev candidates (top-5 abstracts of corpus search, every sentence)', [
        { set: 'check-covid dev candidates', pairs: judged(pairs, js) },
      ]),
      evidenceSentencesMacroF1: evidenceMetrics.macroF1,
      evidenceSentencesMacroF1Argmax: evidenceArgmax.macroF1,
      evidenceConfusion: evidenceMetrics.confusion,
    };
    console.log(
      `gold abstract in the top 5: ${fmt(goldRetrieved / claims.length)}; dev evidence sentences macro-F1 ${fmt(evidenceMetrics.macroF1)} as shown, ${fmt(evidenceArgmax.macroF1)} by the most probable label (${evidencePairs.length} claims)`,
    );
    log(`check-covid candidates: ${pairs.length} pairs`);
  } finally {
    await engine.close();
  }
}

function printConfusion<L extends string>(labels: readonly L[], c: Record<L, Record<L, number>>): void {
  console.log(`| gold \\ predicted | ${labels.join(' | ')} |`);
  console.log(`|---|${labels.map(() => '---').join('|')}|`);
  for (const g of labels) console.log(`| ${g} | ${labels.map((p) => c[g][p]).join(' | ')} |`);
}

// 3. Claim level.
if (only.has('verify')) {
  const ccRaw = readFileSync(join(root, 'check-covid/dev/covidCheck_dev_composed+extracted.json'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { id: string; claim: string; cord_id: string; label: (typeof CC_LABELS)[number] });
  const ccLimit = Number(args['cc-claims']);
  const cc = ccLimit > 0 ? ccRaw.slice(0, ccLimit) : ccRaw;
  const ccRun = await runVerify({
    claims: cc.map((c) => ({ id: c.id, claim: c.claim, goldDocId: c.cord_id })),
    corpus: 'check-covid',
    files: [join(root, 'check-covid/corpus.json')],
    trustLevel: 'ACADEMIC',
    ...(args.backend ? { backend: args.backend } : {}),
    ...(args['second-reading'] ? { secondReading: args['second-reading'] } : {}),
    onProgress: (d, t) => d % 50 === 0 && log(`verify check-covid ${d}/${t}`),
  });
  const ccScores = confusionScores(
    CC_LABELS,
    cc.map((c) => c.label),
    ccRun.rows.map((r) => labelOfStatus(r.status)),
  );
  console.log(
    `\n## lyra verify, Check-COVID dev (${cc.length} claims): macro-F1 ${fmt(ccScores.macroF1)}, accuracy ${fmt(ccScores.accuracy)}; gold abstract cited ${fmt(ccRun.rows.filter((r) => r.cited).length / cc.length)}`,
  );
  printConfusion(CC_LABELS, ccScores.confusion);

  const CF_LABELS = ['SUPPORTS', 'REFUTES', 'DISPUTED', 'NOT_ENOUGH_INFO'] as const;
  type CfLabel = (typeof CF_LABELS)[number];
  const cfOf = (s: ClaimStatus): CfLabel =>
    s === 'VERIFIED' || s === 'CONDITIONED' ? 'SUPPORTS' : s === 'REFUTED' ? 'REFUTES' : s === 'CONTESTED' ? 'DISPUTED' : 'NOT_ENOUGH_INFO';
  const cfAll = readFileSync(join(root, 'climate-fever/climate-fever.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { claim_id: string; claim: string; claim_label: CfLabel });
  // Odd claim ids (the half never used for tuning), the first N.
  const cf = cfAll.filter((c) => Number(c.claim_id) % 2 === 1).slice(0, Number(args['cf-claims']));
  const cfRun = await runVerify({
    claims: cf.map((c) => ({ id: c.claim_id, claim: c.claim })),
    corpus: 'example',
    ...(args.backend ? { backend: args.backend } : {}),
    ...(args['second-reading'] ? { secondReading: args['second-reading'] } : {}),
    onProgress: (d, t) => d % 50 === 0 && log(`verify climate-fever ${d}/${t}`),
  });
  const cfScores = confusionScores(
    CF_LABELS,
    cf.map((c) => c.claim_label),
    cfRun.rows.map((r) => cfOf(r.status)),
  );
  console.log(
    `\n## lyra verify, Climate-FEVER odd claims over the example corpus (${cf.length} claims): macro-F1 ${fmt(cfScores.macroF1)}, accuracy ${fmt(cfScores.accuracy)}`,
  );
  printConfusion(CF_LABELS, cfScores.confusion);
  report.verify = {
    checkCovidDev: {
      claims: cc.length,
      macroF1: ccScores.macroF1,
      accuracy: ccScores.accuracy,
      f1: ccScores.f1,
      confusion: ccScores.confusion,
      goldCited: ccRun.rows.filter((r) => r.cited).length / cc.length,
      seconds: ccRun.seconds,
    },
    climateFeverOdd: {
      claims: cf.length,
      macroF1: cfScores.macroF1,
      accuracy: cfScores.accuracy,
      f1: cfScores.f1,
      confusion: cfScores.confusion,
      seconds: cfRun.seconds,
    },
  };
  peakRss = Math.max(peakRss, ccRun.peakRssMb * 2 ** 20, cfRun.peakRssMb * 2 ** 20);
}

// 4. Japanese: both shipped Japanese judges in the same run — the network of models/stance-ja (the
// default, the baseline) and the pretrained cross-encoder of models/nli-ja (models.stance.japanese: nli).
if (only.has('ja')) {
  console.log('\n## Japanese NLI (claim = hypothesis, passage = premise)');
  console.log('| suite | judge | n | macro-F1 (labels shown) | macro-F1 (argmax) | refutes P / R shown | supports P / R shown | pairs/s (wall) |');
  console.log('|---|---|---|---|---|---|---|---|');
  const rows: unknown[] = [];
  const inForce = japaneseJudgeOf(config);
  const judges = [
    { name: `nli-ja${inForce === 'nli' ? ' (configured)' : ''}`, model: createShippedJapaneseJudge({ judge: 'nli' }) },
    { name: `stance-ja (baseline${inForce === 'embedded' ? ', configured' : ''})`, model: createShippedJapaneseJudge({ judge: 'embedded' }) },
  ];
  for (const suite of japaneseEvalSuites(root)) {
    for (const judge of judges) {
      try {
        const t0 = performance.now();
        const js = await judgeAll(judge.model, suite.pairs);
        const rate = suite.pairs.length / ((performance.now() - t0) / 1000);
        const gold = suite.pairs.map((p) => p.label);
        const { shown, argmax } = shownAndArgmax(gold, js);
        const e = edgeScores(judged(suite.pairs, js));
        const [s, r] = [e[0]!, e[1]!];
        console.log(
          `| ${suite.name} | ${judge.name} | ${suite.pairs.length} | ${fmt(shown.macroF1)} | ${fmt(argmax.macroF1)} | ${fmt(r.precision)} / ${fmt(r.recall)} | ${fmt(s.precision)} / ${fmt(s.recall)} | ${rate.toFixed(0)} |`,
        );
        rows.push({
          suite: suite.name,
          judge: judge.name,
          n: suite.pairs.length,
          macroF1Shown: shown.macroF1,
          macroF1Argmax: argmax.macroF1,
          pairsPerSecond: rate,
          confusion: shown.confusion,
          edges: e,
        });
      } catch (error) {
        console.log(`| ${suite.name} | ${judge.name} | ${suite.pairs.length} | error: ${(error as Error).message.slice(0, 120)} | | | | |`);
        rows.push({ suite: suite.name, judge: judge.name, error: (error as Error).message });
      }
      log(`japanese ${suite.name}: ${judge.name}`);
    }
  }
  // The same judges on news-like pairs (bench/data/stance-ja-realistic.jsonl): the wording a run meets.
  const realistic = readFileSync(join(PROJECT_ROOT, 'bench', 'data', 'stance-ja-realistic.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { claim: string; passage: string; label: Stance });
  console.log(`\n${realistic.length} news-like Japanese pairs (bench/data/stance-ja-realistic.jsonl):`);
  const readings: unknown[] = [];
  for (const judge of judges) {
    const js = await judge.model.judge(realistic.map((p) => ({ claim: p.claim, passage: p.passage })));
    const shown = js.filter((j) => j.stance !== 'neutral').length;
    const wrong = js.filter((j, i) => j.stance !== 'neutral' && j.stance !== realistic[i]!.label).length;
    const right = js.filter((j, i) => j.stance === realistic[i]!.label).length;
    console.log(`- ${judge.name}: ${right} of ${realistic.length} right as shown; ${shown} edges shown, ${wrong} of them wrong`);
    readings.push({ judge: judge.name, right, shown, wrong });
  }
  report.japanese = { suites: rows, realistic: readings };
}

// 5. Speed, sizes, memory.
if (only.has('speed')) {
  const pairs = loadCheckCovid(root, 'dev').flatMap((p) => p.abstract.map((s) => ({ claim: p.claim, passage: s })));
  const fresh = buildStanceModel({ config });
  await fresh.judge([{ claim: 'Warm up the model.', passage: 'The weights load once.' }]);
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  await judgeAll(fresh, pairs);
  const c1 = process.cpuUsage(c0);
  const coldWall = (performance.now() - w0) / 1000;
  const w1 = performance.now();
  await judgeAll(fresh, pairs);
  const c2 = process.cpuUsage();
  const warmCpu = (c2.user + c2.system - (c0.user + c0.system) - (c1.user + c1.system)) / 1e6;
  const warmWall = (performance.now() - w1) / 1000;
  const coldCpu = (c1.user + c1.system) / 1e6;
  const files: Record<string, number> = {};
  const modelsDir = join(PROJECT_ROOT, 'models');
  const walk = (dir: string): void => {
    for (const n of readdirSync(dir)) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (!n.endsWith('.md')) files[p.slice(modelsDir.length + 1)] = statSync(p).size;
    }
  };
  walk(modelsDir);
  const total = Object.values(files).reduce((a, b) => a + b, 0);
  console.log(
    `\n## Speed and size\n${pairs.length} Check-COVID claim–sentence pairs: cold ${fmt(pairs.length / coldCpu)} pairs per CPU-second (${fmt(coldWall)} s wall), warm ${fmt(pairs.length / Math.max(1e-6, warmCpu))} pairs per CPU-second (${fmt(warmWall)} s wall)`,
  );
  console.log(
    `shipped model files ${(total / 1e6).toFixed(1)} MB: ${Object.entries(files)
      .map(([f, s]) => `${f} ${(s / 1e6).toFixed(1)} MB`)
      .join(', ')}`,
  );
  sample();
  report.speed = {
    pairs: pairs.length,
    coldPairsPerCpuSecond: pairs.length / coldCpu,
    warmPairsPerCpuSecond: pairs.length / Math.max(1e-6, warmCpu),
    coldWallSeconds: coldWall,
    warmWallSeconds: warmWall,
    modelFiles: files,
    modelBytes: total,
  };
}

report.peakRssMb = peakRss / 2 ** 20;
report.seconds = (performance.now() - started) / 1000;
console.log(`\npeak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB; ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 1));
rmSync(home, { recursive: true, force: true });
