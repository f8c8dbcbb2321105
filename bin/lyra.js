#!/usr/bin/env node
// Runs the built CLI (dist/, compiled on `npm ci` / `npm install` by the prepare script). In a
// checkout whose sources changed after the last build it stops with a clear error instead of running
// old code: `npm run build` (scripts/build.mjs) rebuilds and stamps dist/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStartedAt, changedSince } from './stale-sources.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'cli', 'main.js');

// `lyra --version` alone answers from package.json before anything else loads: through the CLI it took
// 4× Node's own start (loading the command modules and zod schemas), for one line. The same version the
// CLI's -V prints (cli/main.ts packageVersion reads the same file).
if (process.argv.length === 3 && (process.argv[2] === '--version' || process.argv[2] === '-V')) {
  process.stdout.write(`${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}\n`);
  process.exit(0);
}

function fail(message) {
  process.stderr.write(`lyra: non_retryable: ${message}\n`);
  process.exit(1);
}

if (!existsSync(entry))
  fail(`${relative(process.cwd(), join(root, 'dist')) || 'dist'}/ is missing: run \`npm run build\` in ${root} (npm ci and npm install build it)`);
const stampFile = join(root, 'dist', 'build-stamp.json');
if (existsSync(join(root, 'src'))) {
  const startedAt = buildStartedAt(root);
  if (startedAt === undefined) fail(`${stampFile} is missing or unreadable: run \`npm run build\` in ${root}`);
  const changed = changedSince(join(root, 'src'), startedAt);
  if (changed) fail(`dist/ is older than ${relative(root, changed)}: run \`npm run build\` in ${root}`);
}
// A reader that closes the pipe early (`lyra --help | head`, an MCP client that went away) is not an
// error: the output is no longer wanted, so the process ends quietly instead of crashing on EPIPE.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
// `lyra --help`, `lyra -h` or `lyra` alone print the help the build wrote (scripts/build.mjs renders it
// from the built CLI): loading the twenty command modules to print it took 12× Node's own start. The
// page is wrapped at 80 columns, commander's width when stdout is not a terminal.
const helpFile = join(root, 'dist', 'cli', 'help.txt');
const bare = process.argv.slice(2);
if ((bare.length === 0 || (bare.length === 1 && (bare[0] === '--help' || bare[0] === '-h'))) && existsSync(helpFile)) {
  process.stdout.write(readFileSync(helpFile, 'utf8'));
  process.exit(0);
}
const { main } = await import(entry);
process.exitCode = await main(process.argv);
