// npm run bench:research — what a researcher reads in a `lyra research` report, measured:
//  1. claims worth checking: extraction on the labelled samples (bench/data/claim-checkability*.jsonl);
//  2. relevance to the question on the labelled sample (bench/data/claim-relevance.jsonl), with the
//     relevance it replaced (share of the question's words) as the baseline in the same run;
//  3. answers: Check-COVID dev claims asked as "Is it true that …?" over the Check-COVID corpus (gold
//     SUPPORT → supported, REFUTE → refuted) and Climate-FEVER claims over the example corpus (SUPPORTS →
//     supported, REFUTES → refuted, DISPUTED → mixed, NOT_ENOUGH_INFO → insufficient evidence): verdict
//     accuracy against the majority-class baseline, the share of answers whose quotes include a gold
//     evidence sentence, the time per run, and where the gold evidence is lost (the gold source among
//     the run's pages, a gold sentence among the judged passages, the judge's lean on the gold
//     sentences alone: bench/lib/answer-trace.ts).
// Flags: --samples-only (parts 1-2), --answers-only (part 3), --covid N (default 20), --fever N per label (default 4),
// --budget SPEC (default pages=12,queries=80,seconds=600: pages bind, so results do not depend on load),
// --keep DIR (keep the store and run folders there).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addToCorpus, buildStanceModel, loadConfig, openOrCreateStore, runResearch } from '../src/app/index.js';
import { traceAnswer, type AnswerTrace } from './lib/answer-trace.js';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';
import { parseBudgetSpec, type Answer, type AnswerVerdict } from '../src/workflows/index.js';
import { createShippedEncoder, loadClaimScreen, loadRelevanceModel } from '../src/models/index.js';
import { createUseLiteEmbeddingModel } from './lib/use-lite.js';
import type { ClaimScreen, EmbeddingModel } from '../src/core/index.js';
import { CHECKABILITY_FILES, evaluateCheckability } from './lib/claim-checkability.js';
import { embedClaims, labelledSentences, maxClaimScore, screenedScores } from './lib/claim-screen-data.js';
import {
  RELEVANCE_BLIND2_FILE,
  RELEVANCE_BLIND3_FILE,
  RELEVANCE_BLIND4_FILE,
  RELEVANCE_BLIND5_FILE,
  RELEVANCE_BLIND6_FILE,
  RELEVANCE_BLIND7_FILE,
  RELEVANCE_BLIND8_FILE,
  RELEVANCE_BLIND_TEST_FILES,
  RELEVANCE_BLIND_FILE,
  RELEVANCE_FILE,
  evaluateRelevance,
  labelledRelevance,
} from './lib/claim-relevance.js';
import { DATA_DIR, covidAbstracts, type BinaryScores } from './lib/claim-samples.js';
import { exitUnlessShared } from './lib/shared-data.js';

const { values: args } = parseArgs({
  options: {
    'samples-only': { type: 'boolean', default: false },
    'answers-only': { type: 'boolean', default: false },
    covid: { type: 'string', default: '20' },
    fever: { type: 'string', default: '4' },
    budget: { type: 'string', default: 'pages=12,queries=80,seconds=600' },
    /** Keep the run folders (and the store) in this folder instead of a temporary one, to read them afterwards. */
    keep: { type: 'string' },
  },
});
const corpusFile = sharedDataPath('check-covid/corpus.json');
const devFile = sharedDataPath('check-covid/dev/covidCheck_dev_composed+extracted.json');
const feverFile = sharedDataPath('climate-fever/climate-fever.jsonl');
exitUnlessShared('bench:research', [corpusFile, devFile, feverFile]);
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const pr = (s: BinaryScores): string => `precision ${s.precision.toFixed(3)}, recall ${s.recall.toFixed(3)} (tp ${s.tp}, fp ${s.fp}, fn ${s.fn}, tn ${s.tn})`;

// 1-2. The labelled samples (skipped with --answers-only).
if (!args['answers-only']) {
  console.log('bench:research — 1. claims worth checking (is a claim extracted from the labelled sentence?)');
  console.log(
    '  rules: the rule screen alone (the default); + screen: with the learned claim screen (models/claim-screen over the shipped encoder, opt-in) as the product runs it; + use-lite screen: the old screen over USE-lite (models/claim-screen-use-lite, when trained), a baseline',
  );
  // Each screen with the samples it was fitted on (read from its file), so a sample it saw is marked.
  const trainedOn = (file: string): ReadonlySet<string> =>
    new Set(
      (JSON.parse(readFileSync(file, 'utf8')) as { training?: { samples?: Array<{ file: string }> } }).training?.samples?.map((x) =>
        x.file.replace(/^bench\/data\//, ''),
      ) ?? [],
    );
  const shippedScreenFile = join(PROJECT_ROOT, 'models', 'claim-screen', 'claim-screen.json');
  const screens: Array<{ label: string; screen: ClaimScreen; embedding: EmbeddingModel; trainedOn: ReadonlySet<string> }> = [
    { label: 'screen   ', screen: loadClaimScreen(), embedding: createShippedEncoder(), trainedOn: trainedOn(shippedScreenFile) },
  ];
  const useLiteScreenFile = join(PROJECT_ROOT, 'models', 'claim-screen-use-lite', 'claim-screen.json');
  if (existsSync(useLiteScreenFile))
    screens.push({
      label: 'use-lite screen',
      screen: loadClaimScreen(useLiteScreenFile),
      embedding: createUseLiteEmbeddingModel(),
      trainedOn: trainedOn(useLiteScreenFile),
    });
  for (const [name, file] of Object.entries(CHECKABILITY_FILES)) {
    if (!existsSync(join(DATA_DIR, file))) continue;
    const r = evaluateCheckability(file);
    const checkable = r.scores.tp + r.scores.fn;
    console.log(
      `  ${name.padEnd(11)} ${r.items} sentences (${checkable} checkable): rules ${pr(r.scores)}; baseline "every sentence a claim": precision ${(checkable / r.items).toFixed(3)}`,
    );
    for (const [corpus, s] of Object.entries(r.byCorpus)) console.log(`    ${corpus.padEnd(11)} rules ${pr(s)}`);
    if (r.secondLabeller && r.labellerAgreement !== undefined)
      console.log(`    second labeller: rules ${pr(r.secondLabeller)}; the two labellers agree on ${pct(r.labellerAgreement)} of the sentences`);
    const sentences = labelledSentences(file);
    for (const s of screens) {
      const score = maxClaimScore(s.screen, await embedClaims(sentences, s.embedding));
      const note = s.trainedOn.has(file) ? ' (in-sample: the screen was trained on it)' : ' (blind: never seen in training)';
      console.log(`    + ${s.label} ${pr(screenedScores(sentences, score, s.screen.threshold))}${note}`);
      for (const corpus of [...new Set(sentences.map((x) => x.corpus))]) {
        const mine = sentences.filter((x) => x.corpus === corpus);
        console.log(`      ${corpus.padEnd(11)} ${pr(screenedScores(mine, score, s.screen.threshold))}`);
      }
    }
  }
  console.log('bench:research — 2. relevance of claims to the question (relevance ≥ 0.3)');
  const relevanceModel = loadRelevanceModel({ encoder: createShippedEncoder() });
  for (const [name, file] of [
    ['tuned (the rules were written on it)', RELEVANCE_FILE],
    ['blind (other questions, labelled after the rules were frozen; its errors were then read)', RELEVANCE_BLIND_FILE],
    ['blind2 (four more questions, labelled by the rubric alone; scored once on frozen rules, then its errors were read)', RELEVANCE_BLIND2_FILE],
    [
      'blind3 (four more questions, stratified: half Lyra-relevant, half not; labelled by the rubric alone; scored once, then its errors were read)',
      RELEVANCE_BLIND3_FILE,
    ],
    ['blind4 (four more questions, stratified the same way; scored once on the rules frozen after blind3, then its errors were read)', RELEVANCE_BLIND4_FILE],
    ['blind5 (four more, stratified, two labellers; scored once on the rules frozen after blind4)', RELEVANCE_BLIND5_FILE],
    [
      "blind6 (four more, stratified by the encoder's cosine, two labellers; drawn before relevance by meaning was fitted, never fitted on)",
      RELEVANCE_BLIND6_FILE,
    ],
    [
      'blind7 (four more, stratified the same way, two labellers; drawn and labelled after relevance by meaning was fitted, never fitted on)',
      RELEVANCE_BLIND7_FILE,
    ],
    [
      'blind8 (four more, stratified the same way, two labellers; drawn and labelled with the shipped relevance frozen, on questions nothing was read for; never fitted on)',
      RELEVANCE_BLIND8_FILE,
    ],
  ] as const) {
    if (!existsSync(join(DATA_DIR, file))) continue;
    const rel = evaluateRelevance(file);
    // Relevance by meaning (models/relevance, `npm run train:relevance`): fitted on every sample but blind6–8.
    const meaningScores = new Map<string, number[]>();
    for (const q of labelledRelevance(file)) {
      const sims = await relevanceModel.similarities(
        q.question,
        q.rows.map((r) => r.text),
      );
      // The title of each claim's document, as a run reads it (a model that reads no title ignores it; none: the claim's cosine).
      const titled = q.rows.map((r) => r.title).filter((t): t is string => t !== undefined);
      const titleCosine = new Map((await relevanceModel.similarities(q.question, titled)).map((c, i) => [titled[i]!, c]));
      meaningScores.set(
        q.question,
        q.rows.map((r, i) => {
          const titleSimilarity = r.title === undefined ? undefined : titleCosine.get(r.title);
          return relevanceModel.combine({ rules: r.rules, similarity: sims[i]!, ...(titleSimilarity !== undefined ? { titleSimilarity } : {}) });
        }),
      );
    }
    const meaning = evaluateRelevance(file, { scores: (q) => meaningScores.get(q.question)! });
    console.log(`  ${name}:`);
    for (const q of rel.questions)
      console.log(
        `    ${q.question.padEnd(53)} ${q.items} claims (${q.relevant} relevant): lyra P ${q.lyra.precision.toFixed(3)} R ${q.lyra.recall.toFixed(3)}; baseline P ${q.baseline.precision.toFixed(3)} R ${q.baseline.recall.toFixed(3)}`,
      );
    console.log(`    all: lyra ${pr(rel.lyra)}`);
    console.log(
      `         by meaning (models/relevance${(RELEVANCE_BLIND_TEST_FILES as readonly string[]).includes(file) ? ', never fitted on it' : ', fitted on it'}): ${pr(meaning.lyra)}${meaning.pool ? `; scaled to the pools: precision ${meaning.pool.precision.toFixed(3)}, recall ${meaning.pool.recall.toFixed(3)}` : ''}${meaning.secondLabeller ? `; second labeller ${pr(meaning.secondLabeller.lyra)}` : ''}`,
    );
    for (const q of meaning.questions)
      console.log(`           ${q.question.padEnd(53)} by meaning P ${q.lyra.precision.toFixed(3)} R ${q.lyra.recall.toFixed(3)}`);
    console.log(`         baseline (share of the question's words, the previous relevance): ${pr(rel.baseline)}`);
    if (rel.secondLabeller)
      console.log(
        `    second labeller: lyra ${pr(rel.secondLabeller.lyra)}${rel.secondLabeller.pool ? `; scaled to the pools: precision ${rel.secondLabeller.pool.precision.toFixed(3)}, recall ${rel.secondLabeller.pool.recall.toFixed(3)}` : ''}; the labellers agree on ${pct(rel.secondLabeller.agreement)} of the claims`,
      );
    if (rel.pool)
      console.log(
        `    scaled to the claim pools (each stratum weighted by its size): lyra precision ${rel.pool.precision.toFixed(3)}, recall ${rel.pool.recall.toFixed(3)} (the sample's own recall over-weights Lyra's picks)`,
      );
  }
}
if (args['samples-only']) process.exit(0);

// 3. Answers.
const budget = parseBudgetSpec(args.budget);
interface Case {
  question: string;
  gold: AnswerVerdict;
  corpus: string;
  goldSentences: string[];
  /** The gold documents' URLs in the corpus (Check-COVID: the abstract), when known. */
  goldSources: string[];
  label: string;
}
const questionOf = (claim: string): string =>
  `Is it true that ${claim
    .trim()
    .replace(/[.!?]+$/, '')
    .replace(/^(\p{Lu})(\p{Ll}|\s)/u, (_, a: string, b: string) => a.toLowerCase() + b)}?`;

// Check-COVID: the first distinct SUPPORT / REFUTE dev claims; gold evidence: the sentences of their evidence set.
const abstracts = covidAbstracts();
const covid: Case[] = [];
const seen = new Set<string>();
for (const line of readFileSync(devFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim())) {
  const c = JSON.parse(line) as { claim: string; cord_id: string; label: string; evidence_set: Array<{ sent_index: number }> };
  const key = c.claim.trim().toLowerCase();
  if (c.label === 'NOTENOUGHINFO' || seen.has(key)) continue;
  seen.add(key);
  covid.push({
    question: questionOf(c.claim),
    gold: c.label === 'SUPPORT' ? 'supported' : 'refuted',
    corpus: 'check-covid',
    label: c.label,
    goldSentences: c.evidence_set.map((e) => abstracts.get(c.cord_id)?.[e.sent_index] ?? '').filter(Boolean),
    goldSources: [`corpus://check-covid/${c.cord_id}`],
  });
  if (covid.length >= Number(args.covid)) break;
}
// Climate-FEVER: the first N claims of each label; gold evidence: the sentences labelled SUPPORTS or REFUTES.
const FEVER_GOLD: Record<string, AnswerVerdict> = { SUPPORTS: 'supported', REFUTES: 'refuted', DISPUTED: 'mixed', NOT_ENOUGH_INFO: 'insufficient evidence' };
const fever: Case[] = [];
const perLabel = new Map<string, number>();
for (const line of readFileSync(feverFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim())) {
  const c = JSON.parse(line) as { claim: string; claim_label: string; evidences: Array<{ evidence: string; evidence_label: string }> };
  if ((perLabel.get(c.claim_label) ?? 0) >= Number(args.fever)) continue;
  perLabel.set(c.claim_label, (perLabel.get(c.claim_label) ?? 0) + 1);
  fever.push({
    question: questionOf(c.claim),
    gold: FEVER_GOLD[c.claim_label]!,
    corpus: 'example',
    label: c.claim_label,
    goldSentences: c.evidences.filter((e) => e.evidence_label !== 'NOT_ENOUGH_INFO').map((e) => e.evidence.trim()),
    goldSources: [],
  });
}

const home = args.keep ? (mkdirSync(args.keep, { recursive: true }), args.keep) : mkdtempSync(join(tmpdir(), 'lyra-bench-research-'));
try {
  const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  const store = openOrCreateStore(config.store.path);
  await addToCorpus({ config, store, name: 'check-covid', paths: [corpusFile], trustLevel: 'ACADEMIC' });
  store.close();
  const stance = buildStanceModel({ config });
  for (const [set, cases] of [
    ['Check-COVID dev questions over the Check-COVID corpus', covid],
    ['Climate-FEVER claims over the example corpus', fever],
  ] as const) {
    if (cases.length === 0) continue;
    console.log(
      `bench:research — 3. answers: ${set} (${cases.length} runs, budget pages=${budget.pages}, queries=${budget.queries}, seconds=${budget.seconds})`,
    );
    let correct = 0;
    let quotedGold = 0;
    let closestGold = 0;
    let withGold = 0;
    let seconds = 0;
    const traces: AnswerTrace[] = [];
    const confusion = new Map<string, number>();
    for (const [i, c] of cases.entries()) {
      const t0 = performance.now();
      const r = await runResearch(config, { question: c.question, corpus: c.corpus, cwd: home, out: 'runs', budget }, { translator: null, writer: null });
      const s = (performance.now() - t0) / 1000;
      seconds += s;
      const a: Answer | null = r.answer;
      const verdict = a?.verdict ?? 'insufficient evidence';
      const quotes = [...(a?.for ?? []), ...(a?.against ?? [])].map((q) => q.quote);
      const hasGold = c.goldSentences.length > 0;
      const isGold = (q: string): boolean => c.goldSentences.some((g) => g.includes(q) || q.includes(g));
      const quoted = hasGold && quotes.some(isGold);
      // Shown as closest (neutral) passages: the retriever found the gold sentence, the judge did not call it.
      const closest = hasGold && (a?.closest ?? []).some((q) => isGold(q.quote));
      if (closest) closestGold++;
      if (verdict === c.gold) correct++;
      if (hasGold) withGold++;
      if (quoted) quotedGold++;
      confusion.set(`${c.gold} → ${verdict}`, (confusion.get(`${c.gold} → ${verdict}`) ?? 0) + 1);
      const traceStore = openOrCreateStore(config.store.path);
      try {
        const goldSide = c.gold === 'supported' ? 'supports' : c.gold === 'refuted' ? 'refutes' : null;
        traces.push(
          await traceAnswer({
            store: traceStore,
            taskId: r.taskId,
            proposition: a?.proposition ?? null,
            goldSide,
            goldSentences: c.goldSentences,
            goldSources: c.goldSources,
            stance,
          }),
        );
      } finally {
        traceStore.close();
      }
      console.error(
        `  ${String(i + 1).padStart(2)}. ${c.label.padEnd(15)} → ${verdict.padEnd(21)} ${quoted ? 'gold quoted ' : closest ? 'gold closest' : '            '} ${s.toFixed(0).padStart(4)} s  ${c.question.slice(0, 90)}`,
      );
    }
    const counts = new Map<string, number>();
    for (const c of cases) counts.set(c.gold, (counts.get(c.gold) ?? 0) + 1);
    const majority = Math.max(...counts.values());
    console.log(`  verdict accuracy ${correct}/${cases.length} = ${pct(correct / cases.length)} (majority-class baseline ${pct(majority / cases.length)})`);
    console.log(`  answers quoting a gold evidence sentence: ${quotedGold}/${withGold} = ${pct(withGold ? quotedGold / withGold : 0)}`);
    console.log(
      `  answers showing a gold sentence among the closest neutral passages (found by the search, left neutral by the judge): ${closestGold}/${withGold} = ${pct(withGold ? closestGold / withGold : 0)}`,
    );
    // Where the gold evidence is lost, stage by stage (bench/lib/answer-trace.ts).
    const stage = (pick: (t: AnswerTrace) => boolean | null): string => {
      const known = traces.map(pick).filter((x): x is boolean => x !== null);
      return known.length > 0 ? `${known.filter(Boolean).length}/${known.length}` : 'n/a';
    };
    console.log(
      `  where the gold evidence is lost: gold source among the run's pages ${stage((t) => t.sourceFound)}; a gold sentence among the passages judged against the proposition ${stage((t) => t.passageJudged)}; the judge, given the gold sentences alone, leans to the gold side ${stage((t) => t.judgeLeans)} and calls it past its bar ${stage((t) => t.judgeCalls)}`,
    );
    console.log(`  mean time per run ${(seconds / cases.length).toFixed(1)} s`);
    console.log(
      `  gold → verdict: ${[...confusion]
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join('; ')}`,
    );
  }
} finally {
  if (!args.keep) rmSync(home, { recursive: true, force: true });
}
