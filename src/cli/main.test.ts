import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { PACKAGE_ROOT, openOrCreateStore } from '../app/index.js';
import { main, packageVersion } from './main.js';

interface Run {
  code: number;
  out: string;
  err: string;
}

async function run(args: string[], opts: { home: string; cwd?: string; env?: NodeJS.ProcessEnv }): Promise<Run> {
  let out = '';
  let err = '';
  const code = await main(['node', 'lyra', ...args], {
    io: { stdout: (t) => void (out += t), stderr: (t) => void (err += t) },
    env: { LYRA_HOME: opts.home, ...opts.env },
    cwd: opts.cwd ?? opts.home,
  });
  return { code, out, err };
}

function tempHome(): string {
  return mkdtempSync(join(tmpdir(), 'lyra-cli-'));
}

test('domains explain --json gives the acceptance figures', async () => {
  const home = tempHome();
  try {
    const gov = await run(['domains', 'explain', 'www.mhlw.go.jp', '--json'], { home });
    assert.equal(gov.code, 0, gov.err);
    const g = JSON.parse(gov.out);
    assert.equal(g.trust_level, 'GOVERNMENT');
    assert.equal(g.score, 0.95);
    assert.equal(g.rule, 'pattern:*.go.jp');
    const wiki = JSON.parse((await run(['domains', 'explain', 'en.wikipedia.org', '--json'], { home })).out);
    assert.deepEqual([wiki.trust_level, wiki.score, wiki.rule], ['LOW', 0.4, 'domain:wikipedia.org']);
    const unknown = JSON.parse((await run(['domains', 'explain', 'unknown-blog.example', '--json'], { home })).out);
    assert.deepEqual([unknown.trust_level, unknown.score, unknown.origin], ['UNVERIFIED', 0.3, 'default']);
    assert.equal(existsSync(join(home, 'lyra.db')), false, 'a read-only command creates no database');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a user override in $LYRA_HOME/domains.yaml is reported with its reason', async () => {
  const home = tempHome();
  try {
    writeFileSync(
      join(home, 'domains.yaml'),
      'user_overrides:\n  - domain: blocked-but-valid.org\n    trust_level: low\n    reason: Manual review completed - false positive\n    added_at: 2024-01-15\n',
    );
    const r = await run(['domains', 'explain', 'blocked-but-valid.org', '--json'], { home });
    assert.equal(r.code, 0, r.err);
    const e = JSON.parse(r.out);
    assert.deepEqual(
      [e.trust_level, e.score, e.origin, e.reason, e.added_at],
      ['LOW', 0.4, 'override', 'Manual review completed - false positive', '2024-01-15'],
    );
    const human = await run(['domains', 'explain', 'blocked-but-valid.org'], { home });
    assert.match(human.out, /LOW \(0\.40\)[\s\S]*reason: Manual review completed/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a malformed domains.yaml exits 2 naming file, line and key, and writes nothing', async () => {
  const home = tempHome();
  try {
    const file = join(home, 'domains.yaml');
    writeFileSync(file, 'user_overrides:\n  - domain: x.org\n    trust_level: maybe\n    reason: r\n    added_at: 2024-01-15\n');
    const r = await run(['domains', 'explain', 'x.org', '--json'], { home });
    assert.equal(r.code, 2);
    const err = JSON.parse(r.err).error;
    assert.equal(err.category, 'invalid_input');
    assert.match(err.message, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3`));
    assert.match(err.message, /user_overrides\[0\]\.trust_level: expected one of primary/);
    assert.equal(existsSync(join(home, 'lyra.db')), false);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a malformed lyra.config.yaml exits 2 with a human message', async () => {
  const home = tempHome();
  try {
    writeFileSync(join(home, 'lyra.config.yaml'), 'contact_url: not-a-url\n');
    const r = await run(['domains', 'list'], { home, cwd: home });
    assert.equal(r.code, 2);
    assert.match(r.err, /lyra: invalid_input: invalid .*lyra\.config\.yaml at line 1/);
    assert.match(r.err, /contact_url: expected an absolute URL/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('domains blocked lists L6 blocks with reason and how to restore', async () => {
  const home = tempHome();
  try {
    const store = openOrCreateStore(join(home, 'lyra.db'));
    store.upsertDomainState({
      domain: 'dubious-blog.example',
      trustLevel: 'BLOCKED',
      origin: 'verification',
      originalTrustLevel: 'UNVERIFIED',
      blockedAt: '2026-01-15T10:30:00Z',
      reason: 'Contradiction with pubmed.ncbi.nlm.nih.gov (claim_id: clm_abc)',
      causingClaimIds: ['clm_abc'],
      acceptedCount: 0,
      rejectedCount: 3,
      canRestore: true,
      restoreVia: 'domains.yaml user_overrides',
      updatedAt: '2026-01-15T10:30:00Z',
    });
    store.close();
    const r = await run(['domains', 'blocked', '--json'], { home });
    assert.equal(r.code, 0, r.err);
    const [b] = JSON.parse(r.out).blocked_domains;
    assert.deepEqual(
      [b.domain, b.reason, b.contradicting_claims, b.original_trust_level, b.can_restore, b.restore_via],
      [
        'dubious-blog.example',
        'Contradiction with pubmed.ncbi.nlm.nih.gov (claim_id: clm_abc)',
        ['clm_abc'],
        'UNVERIFIED',
        true,
        'domains.yaml user_overrides',
      ],
    );
    const e = JSON.parse((await run(['domains', 'explain', 'dubious-blog.example', '--json'], { home })).out);
    assert.deepEqual([e.trust_level, e.score, e.origin, e.configured.trust_level], ['BLOCKED', 0, 'verification', 'UNVERIFIED']);
    writeFileSync(
      join(home, 'domains.yaml'),
      'user_overrides:\n  - { domain: dubious-blog.example, trust_level: low, reason: reviewed, added_at: "2026-02-01" }\n',
    );
    const restored = JSON.parse((await run(['domains', 'explain', 'dubious-blog.example', '--json'], { home })).out);
    assert.deepEqual([restored.trust_level, restored.origin], ['LOW', 'override']);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('domains list shows overrides, rules and the default', async () => {
  const home = tempHome();
  try {
    const r = await run(['domains', 'list', '--json'], { home });
    const rules = JSON.parse(r.out).rules as Array<{ kind: string; match: string; trust_level: string }>;
    assert.ok(rules.some((x) => x.kind === 'pattern' && x.match === '*.go.jp' && x.trust_level === 'GOVERNMENT'));
    assert.ok(rules.some((x) => x.kind === 'domain' && x.match === 'wikipedia.org' && x.trust_level === 'LOW'));
    assert.deepEqual(rules.at(-1), { kind: 'default', match: '*', trust_level: 'UNVERIFIED', score: 0.3, qps: 1 });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('unknown commands and options exit 2; --help and --version exit 0', async () => {
  const home = tempHome();
  try {
    assert.equal((await run(['frobnicate'], { home })).code, 2);
    assert.equal((await run(['domains', 'explain'], { home })).code, 2);
    const help = await run(['--help'], { home });
    assert.equal(help.code, 0);
    assert.match(help.out, /domains/);
    const v = await run(['--version'], { home });
    assert.equal(v.code, 0);
    assert.equal(v.out.trim(), packageVersion());
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('bin/lyra.js runs the built dist/; a missing or stale build is a clear error naming what to run', () => {
  const dir = tempHome();
  try {
    mkdirSync(join(dir, 'bin'));
    for (const f of ['lyra.js', 'stale-sources.js']) copyFileSync(join(PACKAGE_ROOT, 'bin', f), join(dir, 'bin', f));
    // Any command but a bare --version (which answers from package.json without the build).
    const run = () => spawnSync(process.execPath, [join(dir, 'bin', 'lyra.js'), '--help'], { cwd: dir, encoding: 'utf8' });
    let r = run();
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^lyra: non_retryable: dist\/ is missing: run `npm run build`/);
    // A build (a stand-in main.js) stamped before a source file changed.
    mkdirSync(join(dir, 'dist', 'cli'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'cli', 'main.js'), 'export async function main() { process.stdout.write("built\\n"); return 0; }\n');
    mkdirSync(join(dir, 'src', 'core'), { recursive: true });
    writeFileSync(join(dir, 'src', 'core', 'ids.test.ts'), '');
    writeFileSync(join(dir, 'src', 'core', 'ids.ts'), '');
    const mtime = statSync(join(dir, 'src', 'core', 'ids.ts')).mtimeMs;
    writeFileSync(join(dir, 'dist', 'build-stamp.json'), JSON.stringify({ startedAt: mtime - 1000 }));
    r = run();
    assert.equal(r.status, 1);
    assert.match(r.stderr, /dist\/ is older than src\/core\/ids\.ts: run `npm run build`/);
    // Built after the change (a test file changing later does not matter): it runs.
    writeFileSync(join(dir, 'dist', 'build-stamp.json'), JSON.stringify({ startedAt: mtime + 1000 }));
    utimesSync(join(dir, 'src', 'core', 'ids.test.ts'), new Date(mtime + 5000), new Date(mtime + 5000));
    r = run();
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'built\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm run build -- --if-stale skips the compile when nothing changed since the last build, and compiles when a source did', () => {
  const dir = tempHome();
  try {
    for (const d of ['bin', 'scripts', 'src', 'dist']) mkdirSync(join(dir, d));
    copyFileSync(join(PACKAGE_ROOT, 'bin', 'stale-sources.js'), join(dir, 'bin', 'stale-sources.js'));
    copyFileSync(join(PACKAGE_ROOT, 'scripts', 'build.mjs'), join(dir, 'scripts', 'build.mjs'));
    for (const f of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'src/ids.ts']) writeFileSync(join(dir, f), '{}');
    const mtime = statSync(join(dir, 'src', 'ids.ts')).mtimeMs;
    writeFileSync(join(dir, 'dist', 'build-stamp.json'), JSON.stringify({ startedAt: mtime + 1000 }));
    const run = () => spawnSync(process.execPath, [join(dir, 'scripts', 'build.mjs'), '--if-stale'], { cwd: dir, encoding: 'utf8' });
    let r = run();
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^build: dist\/ is up to date/);
    // A source changed after the build: it compiles (here tsc cannot even be found, so it fails loudly).
    utimesSync(join(dir, 'src', 'ids.ts'), new Date(mtime + 5000), new Date(mtime + 5000));
    r = run();
    assert.notEqual(r.status, 0);
    assert.doesNotMatch(r.stdout, /up to date/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bin/lyra.js runs as a real process', () => {
  const home = tempHome();
  try {
    const r = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'bin', 'lyra.js'), 'domains', 'explain', 'www.mhlw.go.jp', '--json'], {
      env: { ...process.env, LYRA_HOME: home, LYRA_CONFIG: '' },
      cwd: home,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).trust_level, 'GOVERNMENT');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('bin/lyra.js --version answers before loading the CLI, with the version the CLI itself prints (newcomer issue, item 10)', () => {
  // A copy of bin/ and package.json with no dist/ beside them: only an answer that loads nothing of the CLI works.
  const dir = mkdtempSync(join(tmpdir(), 'lyra-version-'));
  try {
    mkdirSync(join(dir, 'bin'));
    for (const f of ['lyra.js', 'stale-sources.js']) copyFileSync(join(PACKAGE_ROOT, 'bin', f), join(dir, 'bin', f));
    copyFileSync(join(PACKAGE_ROOT, 'package.json'), join(dir, 'package.json'));
    for (const flag of ['--version', '-V']) {
      const r = spawnSync(process.execPath, [join(dir, 'bin', 'lyra.js'), flag], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, `${packageVersion()}\n`);
    }
    // Anything else still needs the built CLI.
    assert.match(spawnSync(process.execPath, [join(dir, 'bin', 'lyra.js'), '--help'], { encoding: 'utf8' }).stderr, /dist\/ is missing/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a reader closing the pipe early (lyra --help | head -1) ends lyra quietly, not with an unhandled EPIPE', async () => {
  const home = tempHome();
  try {
    const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'bin', 'lyra.js'), 'research', '--help'], {
      env: { ...process.env, LYRA_HOME: home, LYRA_CONFIG: '' },
      cwd: home,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Like head after its lines: the read end is closed before lyra writes, so its write fails with EPIPE.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    assert.doesNotMatch(stderr, /EPIPE|Unhandled/, stderr);
    assert.equal(code, 0, stderr);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
