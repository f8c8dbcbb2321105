import assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempHome } from '../../test-support/cli.js';
import { main } from '../main.js';
import { PROJECT_ROOT } from '../../test-support/shared-data.js';

const WEIGHTS = join(PROJECT_ROOT, 'models', 'stance-en', 'stance-en.json');
const skipUnlessWeights = existsSync(WEIGHTS) ? false : `missing ${WEIGHTS} (the embedded English stance model)`;

test('lyra consensus --help documents the flags and the files', async () => {
  const home = tempHome();
  try {
    const r = await runCli(['consensus', '--help'], { home });
    assert.equal(r.code, 0);
    for (const s of [
      '<topic>',
      '--agents',
      '--iterations',
      '--corpus',
      '--provider',
      '--out',
      '--json',
      '--timeout',
      'report.md',
      'transparency.json',
      '0.5/0.3/0.2',
    ]) {
      assert.ok(r.out.includes(s), `help lacks ${s}`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra consensus: invalid flags and unknown corpora are invalid input (exit 2)', async () => {
  const home = tempHome();
  try {
    const bad = await runCli(['consensus', 'sea level', '--agents', '0', '--corpus', 'example'], { home });
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--agents/);
    const provider = await runCli(['consensus', 'sea level', '--provider', 'bing'], { home });
    assert.equal(provider.code, 2);
    writeFileSync(join(home, 'lyra.config.yaml'), 'web_search: { enabled: false }\n');
    const none = await runCli(['consensus', 'sea level'], { home });
    assert.equal(none.code, 2);
    assert.match(none.err, /no search provider/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra consensus: most agents failing twice is a failure naming them (exit 1)', { skip: skipUnlessWeights }, async () => {
  const home = tempHome();
  try {
    // A Japanese topic on the English example corpus: no agent finds a source, in both attempts.
    const r = await runCli(['consensus', '海面上昇の原因', '--corpus', 'example', '--agents', '2', '--iterations', '1', '--out', join(home, 'run')], { home });
    assert.equal(r.code, 1);
    assert.match(
      r.err,
      /iteration 1 failed: 2 of 2 agents failed after 1 retry \(agent 1: research agent 1: no new source for "海面上昇の原因 公式 発表 オフィシャル"/,
    );
    assert.equal(existsSync(join(home, 'run', 'report.md')), false);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test("lyra consensus shows each agent's progress on a terminal", { skip: skipUnlessWeights }, async () => {
  const home = tempHome();
  try {
    let err = '';
    let out = '';
    const code = await main(
      [
        'node',
        'lyra',
        'consensus',
        'glacier retreat',
        '--corpus',
        'example',
        '--agents',
        '2',
        '--iterations',
        '1',
        '--max-results',
        '3',
        '--out',
        join(home, 'run'),
      ],
      {
        io: { stdout: (t) => void (out += t), stderr: (t) => void (err += t), stderrIsTTY: true },
        env: { LYRA_HOME: home },
        cwd: home,
      },
    );
    assert.equal(code, 0, err);
    // Redraws are throttled, so which states show depends on timing; the line's shape does not.
    assert.match(err, new RegExp(`\r${String.fromCharCode(27)}\\[Kiteration 1/1 · agent 1 (?:…|✓ \\d+\\.\\ds) · agent 2 `));
    assert.match(err, /iteration 1: agent \d selected — /);
    assert.match(out, /^report: /);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
