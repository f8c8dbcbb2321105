// npm run train:nli — fine-tunes the pretrained judge and writes models/nli-en/ (int8 ONNX, tokenizer,
// lyra.json with calibration and thresholds, MODEL_CARD.md). A development tool: Lyra itself never
// runs Python, and `npm ci` / `npm test` never need it.
//
//   npm run train:nli [-- --work .scratch-nli --python python3 --examples 75000 --seed 13 --skip-train]
//   npm run train:nli -- --pack-device .nli-device     # then scripts/nli/device-train.sh on a GPU machine
//   npm run train:nli -- --from-state DIR               # export and finish what the GPU run returned
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
import { existsSync } from 'node:fs';
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
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(
    'usage: npm run train:nli [-- --work DIR --out DIR --venv DIR --python python3 --examples N --seed N --skip-train | --pack-device DIR | --from-state DIR]',
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
if (args['from-state'] || !args['skip-train']) {
  tsx('dump-pairs.ts', ['--out', pairs]);
  // Weights trained elsewhere (--from-state) are exported; otherwise one CPU training run.
  const how = args['from-state'] ? ['--load-state', args['from-state']] : ['--seed', args.seed, '--examples', args.examples];
  run(venvPython, [join('scripts', 'nli', 'train_nli.py'), '--pairs', pairs, '--out', trained, '--work', join(args.work, 'work'), ...how]);
}
tsx('finish-model.ts', ['--trained', trained, '--pairs', pairs, '--out', args.out]);
const notes = join('scripts', 'nli', 'card-notes.md');
tsx('write-card.ts', ['--model', args.out, '--pairs', pairs, ...(existsSync(join(PROJECT_ROOT, notes)) ? ['--notes', notes] : [])]);
