#!/usr/bin/env node
// `npm run build`: compiles src/ into dist/ (tsc -p tsconfig.build.json, incremental) and writes
// dist/build-stamp.json with the time the build started. bin/lyra.js runs dist/ and refuses to run it
// when a source file changed after that time (a checkout whose build is stale), naming the file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = Date.now();
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
if (r.status !== 0) process.exit(r.status ?? 1);
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, 'dist', 'build-stamp.json'), `${JSON.stringify({ startedAt, finishedAt: Date.now() })}\n`);
