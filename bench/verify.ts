// npm run bench:verify — `lyra verify` on Check-COVID: the corpus (347 abstracts) is added as an
// ACADEMIC corpus with `corpus add`, then every claim of the dev split goes through the Engine's
// verifyClaim (search the corpus → stance → status) in a task of its own. Prints label macro-F1
// (status → label mapping in bench/lib/verify-metrics.ts), how often the gold abstract is among the
// cited evidence (and among the retrieved pages), stance pairs/s and claims/s, peak RSS, two
// baselines measured in the same run (the best constant label; BM25 top-1 for the gold abstract) and
// the macro-F1 ceiling of any verifier that answers identical claim texts identically (every
// NOTENOUGHINFO claim of Check-COVID has a same-text twin labelled SUPPORT or REFUTE).
//   npm run bench:verify [-- --limit 50 --split dev|train --backend embedded|transformers|llm --json out.json]
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { addToCorpus, buildStanceModel, createEngine, loadConfig } from '../src/app/index.js';
import type { StanceModel } from '../src/core/index.js';
import { sharedDataPath } from '../src/test-support/shared-data.js';
import { LABELS, labelOfStatus, labelScores, textDeterministicCeiling, type Label } from './lib/verify-metrics.js';

const CORPUS = 'check-covid';
const { values: args } = parseArgs({
  options: {
    limit: { type: 'string', default: '0' },
    split: { type: 'string', default: 'dev' },
    backend: { type: 'string' },
    json: { type: 'string' },
    'verify-candidates': { type: 'string' },
    'min-relevance': { type: 'string' },
  },
});

const corpusFile = sharedDataPath('check-covid/corpus.json');
const claimsFile = sharedDataPath(`check-covid/${args.split}/covidCheck_${args.split}_composed+extracted.json`);
for (const p of [corpusFile, claimsFile]) {
  if (!existsSync(p)) {
    console.log(`bench:verify skipped: missing ${p} (../shared/data is not part of a user's clone)`);
    process.exit(0);
  }
}

interface GoldClaim {
  id: string;
  claim: string;
  cord_id: string;
  label: Label;
}
const all = readFileSync(claimsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as GoldClaim);
const limit = Number(args.limit);
const claims = limit > 0 ? all.slice(0, limit) : all;

let peakRss = process.memoryUsage().rss;
const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));

const home = mkdtempSync(join(tmpdir(), 'lyra-bench-verify-'));
const graph = [
  ...(args['verify-candidates'] ? [`    verify_candidates: ${Number(args['verify-candidates'])}`] : []),
  ...(args['min-relevance'] ? [`    min_candidate_relevance: ${Number(args['min-relevance'])}`] : []),
];
writeFileSync(join(home, 'lyra.config.yaml'), [
  ...(args.backend ? ['models:', '  stance:', `    backend: ${args.backend}`] : []),
  ...(graph.length > 0 ? ['pipeline:', '  graph:', ...graph] : []),
].join('\n') + '\n');
const env = { ...process.env, LYRA_HOME: home };
try {
  const config = loadConfig({ env, cwd: home });
  const base = buildStanceModel({ config });
  let pairs = 0;
  let stanceMs = 0;
  const stance: StanceModel = {
    name: base.name,
    judge: async (batch, options) => {
      const t = performance.now();
      try {
        return await base.judge(batch, options);
      } finally {
        stanceMs += performance.now() - t;
        pairs += batch.length;
        sample();
      }
    },
  };
  const engine = createEngine(config, { stance });
  try {
    const ingest = await addToCorpus({ store: engine.store, config, name: CORPUS, paths: [corpusFile], trustLevel: 'ACADEMIC' });
    console.log(`corpus ${CORPUS}: ${ingest.inserted} abstracts (ACADEMIC); ${claims.length} ${args.split} claims; stance model ${stance.name}`);
    const gold: Label[] = [];
    const predicted: Label[] = [];
    let cited = 0;
    let citedLabelled = 0;
    let labelled = 0;
    let retrieved = 0;
    let bm25Top1 = 0;
    const rows: unknown[] = [];
    const t0 = performance.now();
    for (const [i, c] of claims.entries()) {
      const goldUrl = `corpus://${CORPUS}/${c.cord_id}`;
      if (engine.store.searchCorpus(c.claim, { corpus: CORPUS, limit: 1 })[0]?.id === c.cord_id) bm25Top1++;
      const task = await engine.createTask({ question: c.claim, providers: [`corpus:${CORPUS}`] });
      const out = await engine.verifyClaim(task.id, c.claim, { providers: [`corpus:${CORPUS}`] });
      const label = labelOfStatus(out.status);
      gold.push(c.label);
      predicted.push(label);
      const citedUrls = new Set([...out.supporting, ...out.refuting].map((e) => e.source.url));
      const isCited = citedUrls.has(goldUrl);
      const isRetrieved = engine.store.listPages(task.id).some((p) => p.url === goldUrl);
      if (isCited) cited++;
      if (isRetrieved) retrieved++;
      if (c.label !== 'NOTENOUGHINFO') {
        labelled++;
        if (isCited) citedLabelled++;
      }
      rows.push({ id: c.id, gold: c.label, status: out.status, predicted: label, cited: isCited, retrieved: isRetrieved, confidence: out.confidence });
      sample();
      if ((i + 1) % 25 === 0) console.log(`  ${i + 1}/${claims.length} claims, ${pairs} stance pairs, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    const seconds = (performance.now() - t0) / 1000;
    const scores = labelScores(gold, predicted);
    const constant = Math.max(...LABELS.map((l) => labelScores(gold, gold.map(() => l)).macroF1));
    const pct = (n: number, d: number): string => `${d > 0 ? ((100 * n) / d).toFixed(1) : '0.0'}%`;
    const ceiling = textDeterministicCeiling(claims);
    console.log(`\nlabel macro-F1 ${scores.macroF1.toFixed(3)} (accuracy ${scores.accuracy.toFixed(3)}); baseline best constant label ${constant.toFixed(3)} → ratio ${(scores.macroF1 / constant).toFixed(2)}×; ceiling for answers that depend on the claim text alone ${ceiling.toFixed(3)}`);
    for (const l of LABELS) {
      const s = scores.perClass[l];
      console.log(`  ${l.padEnd(13)} P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)} (n=${s.support}); predicted as ${LABELS.map((p) => `${p}:${scores.confusion[l][p]}`).join(' ')}`);
    }
    console.log(`gold abstract among the cited evidence: ${pct(cited, claims.length)} of all claims, ${pct(citedLabelled, labelled)} of SUPPORT/REFUTE claims`);
    console.log(`gold abstract among the retrieved pages: ${pct(retrieved, claims.length)}; baseline BM25 top-1: ${pct(bm25Top1, claims.length)}`);
    console.log(`throughput: ${(pairs / (stanceMs / 1000)).toFixed(1)} stance pairs/s (${pairs} pairs in ${(stanceMs / 1000).toFixed(1)} s of stance), ${(claims.length / seconds).toFixed(2)} claims/s end to end (${seconds.toFixed(1)} s)`);
    console.log(`peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`);
    if (args.json) {
      writeFileSync(args.json, JSON.stringify({
        split: args.split, claims: claims.length, stance: stance.name, macroF1: scores.macroF1, accuracy: scores.accuracy, perClass: scores.perClass, confusion: scores.confusion,
        goldCited: cited / claims.length, goldCitedSupportRefute: labelled > 0 ? citedLabelled / labelled : 0, goldRetrieved: retrieved / claims.length,
        baselineConstantMacroF1: constant, textDeterministicCeiling: ceiling, baselineBm25Top1: bm25Top1 / claims.length, pairsPerSecond: pairs / (stanceMs / 1000), claimsPerSecond: claims.length / seconds,
        peakRssMb: peakRss / 2 ** 20, rows,
      }, null, 2));
    }
  } finally {
    await engine.close();
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}
