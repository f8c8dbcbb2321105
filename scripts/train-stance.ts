// npm run train:stance — trains the embedded stance models and writes models/stance-en/ and
// models/stance-ja/ (network, vectors, descriptor, MODEL_CARD.md). The shipped files are exactly what
// this command produces (fixed seeds, deterministic splits, one CPU thread).
//
//   npm run train:stance [-- --lang en|ja|both --work .scratch-stance --epochs-en 3 --epochs-ja 5 --python /usr/bin/python3]
//
// Steps per language (each a script in scripts/stance/):
//   1. dump-features(.ts|-ja.ts): the training pairs from ../shared/data, featurized by the runtime's own code;
//   2. train_stance.py: PyTorch (Debian's python3-torch; a development tool, never run by Lyra), ONNX export;
//   3. finish-model.ts: parity Node vs PyTorch, temperature, precision-first thresholds, the descriptor;
//   4. write-card.ts: held-out figures and MODEL_CARD.md.
// Needs: ../shared/data, and `apt-get install python3-torch libopenblas0-pthread` (OpenBLAS makes
// PyTorch's CPU kernels several times faster than Debian's reference BLAS).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';

const { values: args } = parseArgs({
  options: {
    lang: { type: 'string', default: 'both' },
    work: { type: 'string', default: join(PROJECT_ROOT, '.scratch-stance') },
    out: { type: 'string', default: join(PROJECT_ROOT, 'models') },
    'epochs-en': { type: 'string', default: '3' },
    'epochs-ja': { type: 'string', default: '5' },
    python: { type: 'string', default: '/usr/bin/python3' },
    seed: { type: 'string', default: '13' },
  },
});

if (!existsSync(sharedDataPath())) {
  console.error(`train:stance needs the training data at ${sharedDataPath()} (../shared/data)`);
  process.exit(2);
}
const probe = spawnSync(args.python, ['-c', 'import torch; print(torch.__version__)'], { encoding: 'utf8' });
if (probe.status !== 0) {
  console.error(
    `train:stance needs PyTorch for ${args.python}: apt-get install python3-torch libopenblas0-pthread (${(probe.stderr || probe.error?.message || '').trim().split('\n').pop()})`,
  );
  process.exit(2);
}

const run = (command: string, argv: string[]): void => {
  console.error(`$ ${command} ${argv.join(' ')}`);
  const r = spawnSync(command, argv, { stdio: 'inherit', cwd: PROJECT_ROOT });
  if (r.status !== 0) {
    console.error(`train:stance: step failed (exit ${r.status ?? r.signal}): ${command} ${argv.join(' ')}`);
    process.exit(1);
  }
};
const tsx = (script: string, argv: string[]): void => run(process.execPath, ['--import', 'tsx', join('scripts', 'stance', script), ...argv]);

for (const lang of args.lang === 'both' ? ['en', 'ja'] : [args.lang]) {
  if (lang !== 'en' && lang !== 'ja') throw new Error(`--lang: expected en, ja or both, got ${lang}`);
  const dump = join(args.work, lang);
  const trained = join(args.work, `${lang}-model`);
  const out = join(args.out, `stance-${lang}`);
  tsx(lang === 'en' ? 'dump-features.ts' : 'dump-features-ja.ts', ['--out', dump]);
  run(args.python, [
    join('scripts', 'stance', 'train_stance.py'),
    '--data',
    dump,
    '--out',
    trained,
    '--seed',
    args.seed,
    '--epochs',
    lang === 'en' ? args['epochs-en'] : args['epochs-ja'],
  ]);
  tsx('finish-model.ts', ['--lang', lang, '--dump', dump, '--trained', trained, '--out', out]);
  tsx('write-card.ts', ['--lang', lang, '--model', out, '--dump', dump]);
}
