// Evidence about other conditions than a claim's (src/extract/claims/conditions.ts), over a folder of one's
// own: src/test-support/corpora/screens-sleep, six documents on screen reading before bed written for these
// tests on 2026-11-30 by a helper with an answer key (a cohort and a trial for, a survey against, a study
// whose effect depends on age and duration, a related trial and meeting notes). Before the check, the run
// showed "Reading on screens for less than 30 minutes showed no effect on sleep in any age group" refuting,
// and contradicting, "Participants who read on screens before bed for at least 30 minutes most nights had
// worse sleep…", and `lyra verify` showed the teenagers' "more than one hour" finding supporting a claim
// about under 30 minutes.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempHome } from '../../test-support/cli.js';
import { PROJECT_ROOT } from '../../test-support/shared-data.js';

const FOLDER = join(PROJECT_ROOT, 'src', 'test-support', 'corpora', 'screens-sleep');

test('research over a folder: a finding for less than 30 minutes of screen reading neither refutes nor contradicts one for at least 30 minutes', async () => {
  const home = tempHome('lyra-screens-');
  try {
    const add = await runCli(['corpus', 'add', FOLDER, '--corpus', 'screens'], { home });
    assert.equal(add.code, 0, add.err);
    const run = await runCli(['research', 'Does reading on screens before bed worsen sleep?', '--corpus', 'screens'], { home, cwd: home });
    assert.equal(run.code, 0, run.err);
    const out = join(home, '_outputs', 'research');
    const dir = join(out, readdirSync(out)[0]!);
    const report = readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('_report.md'))!), 'utf8');
    const section = (start: string): string => {
      const from = report.indexOf(`. ${start}`);
      assert.ok(from > 0, `the report lists “${start}…”`);
      return report.slice(from, report.indexOf('\n### ', from) > 0 ? report.indexOf('\n### ', from) : undefined);
    };
    const under30 = section('Reading on screens for less than 30 minutes showed no effect on sleep');
    assert.doesNotMatch(under30, /at least 30 minutes/);
    const atLeast30 = section('Participants who read on screens before bed for at least 30 minutes');
    assert.doesNotMatch(atLeast30, /Contradicted by: “Reading on screens for less than 30 minutes/);
    // What does conflict stays: adults over 30 reporting no effect against the cohort of adults 25 to 64.
    assert.match(atLeast30, /Contradicted by: “Among adults over 30, screen reading before bed had no measurable effect/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('verify over a folder: a finding for more than an hour of reading does not support a claim about under 30 minutes', async () => {
  const home = tempHome('lyra-screens-verify-');
  try {
    const add = await runCli(['corpus', 'add', FOLDER, '--corpus', 'screens'], { home });
    assert.equal(add.code, 0, add.err);
    const r = await runCli(['verify', 'Reading on screens for under 30 minutes before bed delays sleep in teenagers.', '--corpus', 'screens', '--json'], {
      home,
    });
    assert.equal(r.code, 0, r.err);
    const out = JSON.parse(r.out) as { status: string; supporting: Array<{ quote: string }>; refuting: Array<{ quote: string }> };
    assert.ok(
      out.supporting.every((s) => !/more than one hour/.test(s.quote)),
      JSON.stringify(out.supporting.map((s) => s.quote)),
    );
    assert.notEqual(out.status, 'VERIFIED');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
