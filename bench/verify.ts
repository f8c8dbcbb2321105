// npm run bench:verify — `lyra verify` on Check-COVID: the corpus (347 abstracts) is added as an
// ACADEMIC corpus with `corpus add`, then every claim of the dev split goes through the Engine's
// verifyClaim (search the corpus → stance → status) in a task of its own. Prints label macro-F1
// (status → label mapping in bench/lib/verify-metrics.ts), how often the gold abstract is among the
// cited evidence (and among the retrieved pages, and among the closest neutral passages shown when nothing
// supports or refutes), stance pairs/s and claims/s, peak RSS, two
// baselines measured in the same run (the best constant label; the corpus search's top-1 for the gold abstract) and
// the macro-F1 ceiling of any verifier that answers identical claim texts identically (every
// NOTENOUGHINFO claim of Check-COVID has a same-text twin labelled SUPPORT or REFUTE).
//   npm run bench:verify [-- --limit 50 --split dev|train --backend embedded|transformers|llm --ranking hybrid|bm25 --embedding minilm-en --json out.json]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sharedDataPath } from '../src/test-support/shared-data.js';
import { LABELS, labelOfStatus, labelScores, textDeterministicCeiling, type Label } from './lib/verify-metrics.js';
import { runVerify } from './lib/verify-run.js';

const CORPUS = 'check-covid';
const { values: args } = parseArgs({
  options: {
    limit: { type: 'string', default: '0' },
    split: { type: 'string', default: 'dev' },
    backend: { type: 'string' },
    ranking: { type: 'string' },
    embedding: { type: 'string' },
    json: { type: 'string' },
    'verify-candidates': { type: 'string' },
    'min-relevance': { type: 'string' },
  },
});

if (args.ranking !== undefined && args.ranking !== 'hybrid' && args.ranking !== 'bm25') {
  console.error(`bench:verify: --ranking must be hybrid or bm25 (got ${args.ranking})`);
  process.exit(2);
}
if (args.embedding !== undefined && args.embedding !== 'minilm-en') {
  console.error(`bench:verify: --embedding must be minilm-en (got ${args.embedding}); without it the default embedding, the same shipped encoder`);
  process.exit(2);
}
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
const all = readFileSync(claimsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as GoldClaim);
const limit = Number(args.limit);
const claims = limit > 0 ? all.slice(0, limit) : all;

const run = await runVerify({
  claims: claims.map((c) => ({ id: c.id, claim: c.claim, goldDocId: c.cord_id })),
  corpus: CORPUS,
  files: [corpusFile],
  trustLevel: 'ACADEMIC',
  ...(args.backend ? { backend: args.backend } : {}),
  ...(args.ranking === 'bm25' || args.ranking === 'hybrid' ? { ranking: args.ranking } : {}),
  ...(args.embedding === 'minilm-en' ? { embedding: 'minilm-en' as const } : {}),
  graphLines: [
    ...(args['verify-candidates'] ? [`verify_candidates: ${Number(args['verify-candidates'])}`] : []),
    ...(args['min-relevance'] ? [`min_candidate_relevance: ${Number(args['min-relevance'])}`] : []),
  ],
  onProgress: (done, total, pairs, seconds) => done % 25 === 0 && console.log(`  ${done}/${total} claims, ${pairs} stance pairs, ${seconds.toFixed(0)} s`),
});
console.log(
  `corpus ${CORPUS}: ${run.corpusDocuments} abstracts (ACADEMIC); ${claims.length} ${args.split} claims; stance model ${run.stanceName}; corpus ranking ${args.ranking ?? 'hybrid (default)'}; graph embedding ${args.embedding ? `${args.embedding} (configured as a transformers model)` : 'the shipped encoder, minilm-en (default)'}`,
);
const gold = claims.map((c) => c.label);
const predicted = run.rows.map((r) => labelOfStatus(r.status));
const labelled = claims.filter((c) => c.label !== 'NOTENOUGHINFO').length;
const cited = run.rows.filter((r) => r.cited).length;
const citedLabelled = run.rows.filter((r, i) => r.cited && claims[i]!.label !== 'NOTENOUGHINFO').length;
const retrieved = run.rows.filter((r) => r.retrieved).length;
const scores = labelScores(gold, predicted);
const constant = Math.max(
  ...LABELS.map(
    (l) =>
      labelScores(
        gold,
        gold.map(() => l),
      ).macroF1,
  ),
);
const pct = (n: number, d: number): string => `${d > 0 ? ((100 * n) / d).toFixed(1) : '0.0'}%`;
const ceiling = textDeterministicCeiling(claims);
console.log(
  `\nlabel macro-F1 ${scores.macroF1.toFixed(3)} (accuracy ${scores.accuracy.toFixed(3)}); baseline best constant label ${constant.toFixed(3)} → ratio ${(scores.macroF1 / constant).toFixed(2)}×; ceiling for answers that depend on the claim text alone ${ceiling.toFixed(3)}`,
);
for (const l of LABELS) {
  const s = scores.perClass[l];
  console.log(
    `  ${l.padEnd(13)} P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)} (n=${s.support}); predicted as ${LABELS.map((p) => `${p}:${scores.confusion[l][p]}`).join(' ')}`,
  );
}
console.log(`gold abstract among the cited evidence: ${pct(cited, claims.length)} of all claims, ${pct(citedLabelled, labelled)} of SUPPORT/REFUTE claims`);
console.log(
  `gold abstract among the retrieved pages: ${pct(retrieved, claims.length)}; baseline BM25 top-1 (words alone): ${pct(run.rows.filter((r) => r.searchTop1).length, claims.length)}`,
);
const shown = run.rows.filter((r, i) => r.closestShown && claims[i]!.label !== 'NOTENOUGHINFO');
const shownGold = shown.filter((r) => r.closestGold).length;
console.log(
  `gold abstract among the closest neutral passages shown (nothing supports or refutes), SUPPORT/REFUTE claims: ${shownGold} of ${shown.length} (${pct(shownGold, shown.length)}); of those whose gold abstract was retrieved: ${shownGold} of ${shown.filter((r) => r.retrieved).length}`,
);
console.log(
  `throughput: ${(run.stancePairs / run.stanceSeconds).toFixed(1)} stance pairs/s (${run.stancePairs} pairs in ${run.stanceSeconds.toFixed(1)} s of stance), ${(claims.length / run.seconds).toFixed(2)} claims/s end to end (${run.seconds.toFixed(1)} s)`,
);
console.log(`peak RSS ${run.peakRssMb.toFixed(0)} MB`);
if (args.json) {
  writeFileSync(
    args.json,
    JSON.stringify(
      {
        split: args.split,
        claims: claims.length,
        stance: run.stanceName,
        macroF1: scores.macroF1,
        accuracy: scores.accuracy,
        perClass: scores.perClass,
        confusion: scores.confusion,
        goldCited: cited / claims.length,
        goldCitedSupportRefute: labelled > 0 ? citedLabelled / labelled : 0,
        goldRetrieved: retrieved / claims.length,
        closestShownSupportRefute: shown.length,
        closestGoldSupportRefute: shownGold,
        baselineConstantMacroF1: constant,
        baselineSearchTop1: run.rows.filter((r) => r.searchTop1).length / claims.length,
        textDeterministicCeiling: ceiling,
        pairsPerSecond: run.stancePairs / run.stanceSeconds,
        claimsPerSecond: claims.length / run.seconds,
        peakRssMb: run.peakRssMb,
        rows: run.rows.map((r, i) => ({ ...r, gold: claims[i]!.label, predicted: predicted[i] })),
      },
      null,
      2,
    ),
  );
}
