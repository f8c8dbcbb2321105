// Hostile input, hole 3 of issue 20: text processing in linear time. `lyra claims` (documentClaims)
// reads 1 MB documents on one line and on many lines, runs without spaces, abbreviation and dotted
// runs, DOI-like runs, and markup that made parsing quadratic or overflowed the stack. Each must
// complete (in a worker terminated past a generous deadline, heap capped at 1 GB) with claims or a
// typed error; `npm run bench:text` measures the time per MB.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundedRun } from '../test-support/bounded-run.js';
import { siblingModule } from '../test-support/sibling-module.js';

const workloads = siblingModule(import.meta.url, '../test-support/hostile-workloads').href;

test('lyra claims completes on 1 MB single-line, many-line and hostile documents', { timeout: 240_000 }, async () => {
  const r = await boundedRun<Array<{ shape: string; claims: number; error?: { code: string; message: string } }>>({
    module: workloads,
    exportName: 'claimsOnHostileDocuments',
    timeoutMs: 180_000,
    maxHeapMb: 1024,
  });
  assert.ok(r.ok, r.ok ? '' : r.message);
  const by = new Map(r.value.map((d) => [d.shape, d]));
  assert.ok(by.get('single line')!.claims > 0, 'the single-line document has claims');
  assert.ok(by.get('many lines')!.claims > 0, 'the many-line document has claims');
  for (const d of r.value) {
    // A refusal is a typed error naming its reason, never an untyped crash (stack overflow).
    if (d.error) assert.notEqual(d.error.code, 'untyped', `${d.shape}: ${d.error.message}`);
  }
  assert.equal(by.get('deeply nested elements')!.error?.code, 'extract_html_too_deep');
});
