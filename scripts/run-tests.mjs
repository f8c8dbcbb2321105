#!/usr/bin/env node
// Finds every *.test.ts under src/ and test/ and runs them with Node's test runner through tsx.
// Node 20's --test takes no globs, so the file list is built here.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const roots = ['src', 'test'];
const filter = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = [];
function walk(dir) {
  let entries;
  try { entries = readdirSync(dir); } catch { return; }
  for (const name of entries) {
    if (name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.ts') && (filter.length === 0 || filter.some((f) => p.includes(f)))) files.push(p);
  }
}
roots.forEach(walk);
files.sort();
if (files.length === 0) { console.error('run-tests: no test files found'); process.exit(1); }
const concurrency = process.env.LYRA_TEST_CONCURRENCY ?? '2';
const res = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files], { stdio: 'inherit', env: { ...process.env, LYRA_TEST: '1' } });
process.exit(res.status ?? 1);
