#!/usr/bin/env node
// Finds the *.test.ts files under src/ and runs them with Node's test runner. By default the fast ones
// (`npm test`); with --e2e only the long end-to-end runs, *.e2e.test.ts (`npm run test:e2e`: the README
// command killed and resumed, a 200-page run killed ten times, 30 % of requests failing, Check-COVID
// retrieval, consensus runs on real corpora). Other arguments filter by path.
//
// The tests run compiled: src/ (tests included) is compiled by tsc -p tsconfig.test.json into
// .test-build/ (incremental; this is also the type check of every source and test file), and Node runs
// the .js files with source maps, so stack traces name the .ts lines. Loading a test file's module graph
// through tsx cost about 1.5 s more per file than compiled JavaScript, and there are ~170 files. Only
// the test files that exist in src/ run (a deleted test's stale .js is never picked up). --tsx runs the
// TypeScript sources through tsx instead, without compiling. --checks (npm test) also runs ESLint and
// the type check of bench/ and scripts/, beside the compile.
//
// Shared by the run's test processes: one PostgreSQL (unless LYRA_TEST_DATABASE_URL names one) and one
// embedding vector cache file for the tests on the loopback evidence web (LYRA_TEST_VECTOR_CACHE), both
// removed at the end. Each test still gets its own database and its own Lyra home.
//
// Node 20's --test takes no globs, so the file list is built here. The spec reporter prints to the
// terminal; a TAP copy is summarised into the last line, so CI logs end with the test count. Each test
// has a timeout (LYRA_TEST_TIMEOUT_MS, default 15 min), so a hang fails the run instead of stalling it.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = '.test-build';
const filter = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const e2e = process.argv.includes('--e2e');
const viaTsx = process.argv.includes('--tsx');
const files = [];
function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.ts') && name.endsWith('.e2e.test.ts') === e2e && (filter.length === 0 || filter.some((f) => p.includes(f)))) files.push(p);
  }
}
walk(join(root, 'src'));
files.sort();
if (files.length === 0) {
  console.error('run-tests: no test files found');
  process.exit(1);
}
/** Runs one check as a child process; resolves with its exit code. */
function check(name, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', cwd: root });
    child.on('close', (code) => {
      if (code !== 0) console.error(`run-tests: ${name} failed with exit ${code}`);
      resolve(code ?? 1);
    });
  });
}
/** scripts/pg-temp.sh start in a new temporary directory; undefined (and a note) when it cannot start. */
function startSharedPostgres() {
  return new Promise((resolve) => {
    const dir = mkdtempSync(join(tmpdir(), 'lyra-test-pg-'));
    chmodSync(dir, 0o755); // under root the server runs as postgres
    const child = spawn('bash', [join(root, 'scripts', 'pg-temp.sh'), 'start', join(dir, 'pg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', (e) => (err += e.message));
    child.on('close', (code) => {
      const url = out.trim().split('\n').pop() ?? '';
      if (code === 0 && url.startsWith('postgres://')) return resolve({ url, dir });
      console.error(`run-tests: no shared PostgreSQL (${err.trim().split('\n')[0] || `exit ${code}`}); each PostgreSQL test starts its own or skips`);
      rmSync(dir, { recursive: true, force: true });
      resolve(undefined);
    });
  });
}
function stopSharedPostgres(server) {
  if (!server) return;
  spawnSync('bash', [join(root, 'scripts', 'pg-temp.sh'), 'stop', join(server.dir, 'pg')], { stdio: 'ignore' });
  rmSync(server.dir, { recursive: true, force: true });
}
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
// With --checks (npm test) ESLint and the type check of bench/ and scripts/ run beside the compile:
// each is mostly one core, so on two cores they take the time of the longest, not of the sum.
const checks = [];
if (!viaTsx) checks.push(check('compiling the tests (tsc -p tsconfig.test.json)', [tsc, '-p', join(root, 'tsconfig.test.json')]));
if (process.argv.includes('--checks')) {
  checks.push(
    check('eslint', [join(dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js'), '.']).then(async (code) =>
      code === 0 ? check('type check of bench/ and scripts/ (tsc -p tsconfig.tools.json)', [tsc, '-p', join(root, 'tsconfig.tools.json')]) : code,
    ),
  );
}
// One PostgreSQL for the whole run when none is given (LYRA_TEST_DATABASE_URL, as .ci/run sets): started
// beside the compile, it saves each PostgreSQL test file its own initdb + start (~1.7 s each). Without
// Debian's binaries the tests skip as before, naming what is missing.
const pg = process.env.LYRA_TEST_DATABASE_URL ? undefined : startSharedPostgres();
const failed = (await Promise.all(checks)).find((code) => code !== 0);
if (failed !== undefined) {
  stopSharedPostgres(await pg);
  process.exit(failed);
}
const pgServer = await pg;
const targets = viaTsx ? files : files.map((f) => join(root, BUILD_DIR, relative(join(root, 'src'), f)).replace(/\.ts$/, '.js'));
const concurrency = process.env.LYRA_TEST_CONCURRENCY ?? '2';
const timeout = process.env.LYRA_TEST_TIMEOUT_MS ?? String(15 * 60_000);
const tapDir = mkdtempSync(join(tmpdir(), 'lyra-tap-'));
const tapFile = join(tapDir, 'report.tap');
// Ctrl-C reaches the test runner too; this process waits for it to end, then stops the PostgreSQL.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
const res = spawnSync(
  process.execPath,
  [
    ...(viaTsx ? ['--import', 'tsx'] : ['--enable-source-maps']),
    '--test',
    `--test-concurrency=${concurrency}`,
    `--test-timeout=${timeout}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    ...targets,
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      LYRA_TEST: '1',
      ...(pgServer ? { LYRA_TEST_DATABASE_URL: pgServer.url } : {}),
      // One embedding vector cache for the run's tests on the loopback evidence web (test-support/evidence-web.ts).
      LYRA_TEST_VECTOR_CACHE: process.env.LYRA_TEST_VECTOR_CACHE ?? join(tapDir, 'vectors.db'),
    },
  },
);
stopSharedPostgres(pgServer);
let summary = 'tests: no summary (the runner did not write one)';
try {
  const tap = readFileSync(tapFile, 'utf8');
  const count = (k) => Number(tap.match(new RegExp(`^# ${k} (\\d+)$`, 'm'))?.[1] ?? NaN);
  summary = `${e2e ? 'e2e tests' : 'tests'}: ${count('tests')} (pass ${count('pass')}, fail ${count('fail')}, skipped ${count('skipped')}, cancelled ${count('cancelled')}, todo ${count('todo')}) in ${files.length} files`;
} catch {
  /* keep the fallback line */
}
rmSync(tapDir, { recursive: true, force: true });
console.log(summary);
process.exit(res.status ?? 1);
