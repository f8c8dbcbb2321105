import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../test-support/shared-data.js';
import { renderCommandReference, renderTopHelp } from './command-reference.js';
import { renderErrorReference } from './error-reference.js';

test('docs/commands.md is the CLI help as it is now (run `npm run docs:commands` after changing a command)', async () => {
  const page = readFileSync(join(PROJECT_ROOT, 'docs', 'commands.md'), 'utf8');
  const now = await renderCommandReference();
  for (const section of ['## `lyra`', '## `lyra research`', '## `lyra corpus add`', '## `lyra task search`'])
    assert.ok(now.includes(section), `the reference lacks ${section}`);
  assert.ok(now.includes('search_log.md'), 'the added help text (after the options) is part of the page');
  assert.equal(page, now, 'docs/commands.md differs from the CLI: run `npm run docs:commands`');
});

test('docs/errors.md is the error-code registry as it is now (run `npm run docs:commands` after changing a code)', () => {
  const page = readFileSync(join(PROJECT_ROOT, 'docs', 'errors.md'), 'utf8');
  assert.match(page, /\| `task_not_found` \| /);
  assert.equal(page, renderErrorReference(), 'docs/errors.md differs from src/core/error-codes.ts: run `npm run docs:commands`');
});

test('a bare `lyra --help` prints the page the build wrote, the same as the CLI prints', async () => {
  const file = join(PROJECT_ROOT, 'dist', 'cli', 'help.txt');
  assert.ok(existsSync(file), `${file} is missing: scripts/build.mjs writes it`);
  const expected = await renderTopHelp();
  assert.equal(readFileSync(file, 'utf8'), expected);
  for (const argv of [['--help'], ['-h'], []]) {
    const r = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'lyra.js'), ...argv], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected, `lyra ${argv.join(' ')}`);
  }
});

test('the README stays a front page (≤ 250 lines) and every relative link in it and in docs/ resolves', () => {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  assert.ok(readme.split('\n').length <= 250, `README.md has ${readme.split('\n').length} lines; move detail to docs/`);
  const pages = [
    'README.md',
    ...readdirSync(join(PROJECT_ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => join('docs', f)),
  ];
  for (const page of pages) {
    const text = readFileSync(join(PROJECT_ROOT, page), 'utf8');
    for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
      assert.ok(existsSync(join(PROJECT_ROOT, dirname(page), target)), `${page} links to ${target}, which does not exist`);
    }
  }
});
