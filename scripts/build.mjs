#!/usr/bin/env node
// `npm run build`: compiles src/ into dist/ (tsc -p tsconfig.build.json, incremental) and writes
// dist/build-stamp.json with the time the build started. bin/lyra.js runs dist/ and refuses to run it
// when a source file changed after that time (a checkout whose build is stale), naming the file.
// With --if-stale (npm test, test:e2e) it compiles only when a source or compiler setting changed
// after the last build started: the incremental compile still spends ~5 s finding nothing to do.
// It then writes dist/cli/help.txt, `lyra --help` as the built CLI prints it, which bin/lyra.js prints
// for a bare `lyra --help` without loading every command module.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildStartedAt, changedSince } from '../bin/stale-sources.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv.includes('--if-stale')) {
  const last = buildStartedAt(root);
  const settings = ['package.json', 'tsconfig.json', 'tsconfig.build.json'].filter((f) => statSync(join(root, f)).mtimeMs > (last ?? 0));
  if (last !== undefined && settings.length === 0 && !changedSince(join(root, 'src'), last)) {
    console.log(`build: dist/ is up to date (nothing in src/ changed since ${new Date(last).toISOString()})`);
    process.exit(0);
  }
}
const startedAt = Date.now();
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
if (r.status !== 0) process.exit(r.status ?? 1);
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, 'dist', 'build-stamp.json'), `${JSON.stringify({ startedAt, finishedAt: Date.now() })}\n`);
const { renderTopHelp } = await import(pathToFileURL(join(root, 'dist', 'cli', 'command-reference.js')).href);
writeFileSync(join(root, 'dist', 'cli', 'help.txt'), await renderTopHelp());
