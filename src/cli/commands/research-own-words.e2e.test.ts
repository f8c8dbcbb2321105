// Research over one's own documents when they do not use the question's words (issue 32): four short
// files about neonicotinoids and bees (src/test-support/corpora/bees, written for this test) say
// "imidacloprid", "clothianidin" and "thiamethoxam" where the question says "neonicotinoid pesticides".
// The target: the run answers "supported" and quotes an imidacloprid sentence. Pinned as a known gap (a todo
// test runs and reports, but does not fail the suite) until relevance and the judge read meaning: today
// the term rules find no claim relevant and the run ends "nothing relevant" (exit 1). Matching the
// question's terms by the shipped encoder would not reach these words either (measured 2026-11-28, mean-pooled
// all-MiniLM-L6-v2): cosine("pesticides", "imidacloprid") 0.32, ("neonicotinoid", "imidacloprid") 0.26, below
// pairs of related but different things such as ("coral reefs", "ocean") 0.51 and ("smoking", "lung cancer")
// 0.49, while plain
// synonyms score high ("heart disease", "cardiovascular disease") 0.87 — a 6-layer encoder does not know a
// pesticide by its chemical name.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempHome } from '../../test-support/cli.js';
import { PROJECT_ROOT } from '../../test-support/shared-data.js';

const BEES = join(PROJECT_ROOT, 'src', 'test-support', 'corpora', 'bees');

test('research in other words: "Do neonicotinoid pesticides harm honeybees?" over files that name imidacloprid answers supported', {
  todo: 'the term rules find no claim relevant: relevance and the judge do not yet read meaning (issue 32)',
}, async () => {
  const home = tempHome('lyra-bees-');
  try {
    const add = await runCli(['corpus', 'add', BEES, '--corpus', 'bees'], { home });
    assert.equal(add.code, 0, add.err);
    const run = await runCli(['research', 'Do neonicotinoid pesticides harm honeybees?', '--corpus', 'bees', '--budget', 'pages=12,queries=40,seconds=600'], {
      home,
      cwd: home,
    });
    const out = join(home, '_outputs', 'research');
    const dir = join(out, readdirSync(out)[0]!);
    const report = readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('_report.md'))!), 'utf8');
    assert.equal(run.code, 0, run.err);
    assert.match(report, /## Answer\s+\*\*Supported\*\*/);
    assert.match(report.split('## Summary')[0]!, /imidacloprid/i);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
