// models/relevance is "exactly what npm run train:relevance produces" (its card): the fit reads the
// labelled claims as today's extractor and rules read them, so a change there (d052467: claims start after
// a section label) silently moved the fit until a later session found `--check` failing. This runs the
// command's --check (about a minute on 2 cores; needs ../shared for the Check-COVID sentences).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT, skipUnlessShared } from '../../test-support/shared-data.js';

test("the shipped relevance fit is what npm run train:relevance produces from today's code", { skip: skipUnlessShared('check-covid/corpus.json') }, () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'train-relevance.ts'), '--check'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 600_000,
  });
  assert.equal(run.status, 0, `train:relevance --check failed (refit with npm run train:relevance and read why):\n${run.stderr.slice(-2000)}`);
  assert.match(run.stderr, /the shipped files are what this command produces/);
});
