// The registry is complete: every code raised in src/ (an error's `code: '…'`, a warning's, a graph
// warning's) has its entry, and every entry is raised somewhere. Adding a code without its meaning, or
// leaving a meaning behind after its code went, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, sep } from 'node:path';
import { SRC_DIR, tsFiles } from '../test-support/source-files.js';
import { ERROR_CATEGORIES } from './errors.js';
import { ERROR_CODES, errorCodeInfo } from './error-codes.js';

const srcDir = `${SRC_DIR}${sep}`;
/** A code as the source writes it: `code: 'x'` in an error's options or a warning, or graphWarning('x', …). */
const CODE_RE = /code: '([a-z0-9_]+)'|graphWarning\(\s*'([a-z0-9_]+)'/g;
/** zod's own issue code (superRefine's ctx.addIssue), not Lyra's. */
const NOT_LYRA = new Set(['custom']);

/** The production sources: no tests, fixtures, declarations or test-support/. */
function sources(): string[] {
  return tsFiles(SRC_DIR, { skipDir: (dir) => basename(dir) === 'test-support' }).filter(
    (p) => !p.endsWith('.test.ts') && !p.endsWith('.fixture.ts') && !p.endsWith('.d.ts'),
  );
}

test('every code raised in src/ has its category and meaning in the registry, and every entry is raised', () => {
  const raised = new Map<string, string>();
  for (const file of sources()) {
    if (file.endsWith(`${sep}error-codes.ts`)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(CODE_RE)) {
      const code = m[1] ?? m[2]!;
      if (!NOT_LYRA.has(code) && !raised.has(code)) raised.set(code, file.slice(srcDir.length));
    }
  }
  assert.ok(raised.size > 200, `found ${raised.size} codes`);
  const missing = [...raised].filter(([code]) => !errorCodeInfo(code)).map(([code, file]) => `${code} (${file})`);
  const stale = Object.keys(ERROR_CODES).filter((code) => !raised.has(code));
  assert.deepEqual(missing, [], 'codes without an entry in core/error-codes.ts');
  assert.deepEqual(stale, [], 'entries for codes nothing raises');
});

test('each entry has a known category and one line of meaning', () => {
  const categories = new Set<string>([...ERROR_CATEGORIES, 'warning', 'varies']);
  for (const [code, info] of Object.entries(ERROR_CODES)) {
    assert.ok(categories.has(info.category), `${code}: ${info.category}`);
    assert.ok(info.meaning.length > 10 && info.meaning.length <= 120 && !info.meaning.includes('\n'), `${code}: ${info.meaning}`);
  }
  assert.equal(errorCodeInfo('toString'), undefined, 'only own entries are codes');
  assert.equal(errorCodeInfo('task_not_found')?.category, 'invalid_input');
});
