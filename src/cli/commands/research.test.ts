import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempHome } from '../../test-support/cli.js';
import { PROJECT_ROOT } from '../../test-support/shared-data.js';

const WEIGHTS = join(PROJECT_ROOT, 'models', 'stance-en', 'stance-en.json');
const skipUnlessWeights = existsSync(WEIGHTS) ? false : `missing ${WEIGHTS} (the embedded English stance model)`;
/** The README's question; research.e2e.test.ts runs the README command with it end to end. */
const QUESTION = 'Are coral reefs dying because of climate change?';

test('the README quick start runs this question on the example corpus (research.e2e.test.ts checks that command)', () => {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  assert.ok(readme.includes(`npm ci && node bin/lyra.js research "${QUESTION}" --corpus example`), 'README quick start and QUESTION differ');
});

test('lyra research --help documents the flags, the files and resume', async () => {
  const home = tempHome();
  try {
    const r = await runCli(['research', '--help'], { home });
    assert.equal(r.code, 0);
    for (const s of [
      '[question]',
      '--corpus',
      '--provider',
      '--lang',
      '--budget',
      '--out',
      '--json',
      '--resume',
      '--queue',
      'search_log.md',
      'verified_claims.json',
      'counterevidence_log.json',
      'YYYYMMDD_HHMM',
    ]) {
      assert.ok(r.out.includes(s), `help lacks ${s}`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra research: bad flags, no question and unknown corpora are invalid input (exit 2)', async () => {
  const home = tempHome();
  try {
    for (const args of [
      ['research'],
      ['research', 'q', '--budget', 'pages=0'],
      ['research', 'q', '--lang', 'fr'],
      ['research', 'q', '--corpus', 'nope'],
      ['research', 'q', '--resume', home],
      ['research', 'q', '--templates', '4'],
      ['research', '--resume', home, '--queue'],
    ]) {
      const r = await runCli(args, { home });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    }
    // --queue needs a team database, and says so before writing anything.
    const q = await runCli(['research', 'q', '--queue', '--out', join(home, 'runs')], { home });
    assert.equal(q.code, 2, q.err);
    assert.match(q.err, /no team database: set \$LYRA_DATABASE_URL/);
    assert.equal(existsSync(join(home, 'runs')), false, 'no run folder');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra research: when every search fails the report is written but the exit code is 1, naming the first error and the offline way', async () => {
  const home = tempHome();
  try {
    // A provider the SSRF guard refuses: every search fails at once, without any network. (Its base URL is
    // loopback and the config file sits in the working directory, not in $LYRA_HOME: no private-address allowance.)
    const project = join(home, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'lyra.config.yaml'), 'providers:\n  searxng:\n    base_url: http://127.0.0.1:9/\n');
    const r = await runCli(
      [
        'research',
        'Is coffee good for health?',
        '--provider',
        'searxng',
        '--budget',
        'pages=5,queries=6,seconds=60',
        '--out',
        join(home, '_outputs', 'research'),
      ],
      { home, cwd: project },
    );
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, /every search failed \(\d+\), so no source was read/);
    assert.match(r.err, /SSRF guard refused/);
    assert.match(r.err, /--corpus example/);
    const run = join(home, '_outputs', 'research');
    const dir = join(run, readdirSync(run)[0]!);
    assert.ok(
      readdirSync(dir).some((f) => f.endsWith('_report.md')),
      'the report is still written',
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra research: an insulin question over the climate corpus holds nothing relevant: exit 1, research_no_relevant naming the sources', {
  skip: skipUnlessWeights,
}, async () => {
  const home = tempHome();
  try {
    const r = await runCli(['research', 'Does insulin cure type 2 diabetes?', '--corpus', 'example', '--budget', 'pages=8,queries=40,seconds=300', '--json'], {
      home,
    });
    assert.equal(r.code, 1, r.err);
    const error = JSON.parse(r.err.trim().split('\n').at(-1)!) as { error: { code: string; message: string } };
    assert.equal(error.error.code, 'research_no_relevant');
    assert.match(error.error.message, /searched: corpus example \(1,344 documents\)/);
    const result = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; answer?: { verdict: string; basis: { method: string } } })
      .find((e) => e.type === 'research.result')!;
    assert.equal(result.answer?.verdict, 'insufficient evidence');
    assert.equal(result.answer?.basis.method, 'none');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
