// npm run bench:cli-start — how long the CLI takes to start: `lyra --version`, `lyra --help` and
// `lyra domains explain …` (a command that loads its modules) against `node -e 0` on the same machine,
// median of --runs (default 11) each. Target (issue 34): `--version` ≤ 2× Node's own start.
//   npm run bench:cli-start [-- --runs 11 --json out.json]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../src/test-support/shared-data.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '11' }, json: { type: 'string' } } });
const runs = Math.max(3, Number(args.runs));
const lyra = join(PROJECT_ROOT, 'bin', 'lyra.js');
const cases: Array<[string, string[]]> = [
  ['node -e 0', ['-e', '0']],
  ['lyra --version', [lyra, '--version']],
  ['lyra --help', [lyra, '--help']],
  ['lyra domains explain who.int', [lyra, 'domains', 'explain', 'who.int']],
];
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows = cases.map(([label, argv]) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, argv, { encoding: 'utf8', env: { ...process.env, LYRA_CONFIG: '' } });
    times.push(performance.now() - t);
    if (r.status !== 0) throw new Error(`${label} exited ${r.status}: ${r.stderr.slice(0, 300)}`);
  }
  return { label, medianMs: Math.round(median(times)) };
});
const base = rows[0]!.medianMs;
for (const r of rows) console.log(`${r.label.padEnd(30)} ${String(r.medianMs).padStart(5)} ms  ${(r.medianMs / base).toFixed(2)}× node`);
const version = rows[1]!.medianMs / base;
console.log(`target --version ≤ 2× node: ${version <= 2 ? 'met' : 'NOT met'} (${version.toFixed(2)}×)`);
if (args.json) writeFileSync(args.json, `${JSON.stringify({ runs, rows }, null, 2)}\n`);
const help = rows[2]!.medianMs / base;
console.log(`target --help ≤ 2× node: ${help <= 2 ? 'met' : 'NOT met'} (${help.toFixed(2)}×)`);
