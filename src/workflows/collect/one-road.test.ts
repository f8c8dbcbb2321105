// One road for evidence (docs/architecture.md): collect searches, reads and verifies through the engine.
// No file of the workflow — tests and test support included — names a search provider, a scholarly source
// or a fetcher, or imports from the layers that implement them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The workflow's TypeScript sources, also when this test runs compiled from .test-build/.
const dir = fileURLToPath(new URL('../../../src/workflows/collect/', import.meta.url)).replace(/[\\/]$/, '');
const files = (d: string): string[] =>
  readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : n.endsWith('.ts') ? [join(d, n)] : []));

test('workflows/collect uses no SearchProvider, ScholarlySource or Fetcher and imports no sources/, net/ or pipeline/', () => {
  const found: string[] = [];
  for (const f of files(dir)) {
    if (f.endsWith('one-road.test.ts')) continue;
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\b(SearchProvider|ScholarlySource|Fetcher|FetchRequest|FetchResponse)\b|from\s+['"](?:\.\.\/)+(sources|net|pipeline)\//g))
      found.push(`${relative(dir, f)}: ${m[0]}`);
  }
  assert.deepEqual(found, []);
});
