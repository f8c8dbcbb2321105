// Data crosses the seams as ids, spans and fields, never as text matched back (issue 33). Each pattern
// below is a way the code once recovered data from stored or rendered prose; the test fails when one
// comes back in production code (tests may still build such strings to check them). A pattern has the
// one file allowed to hold it, where there is one, and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SRC_DIR, tsFiles } from './test-support/source-files.js';

const srcDir = SRC_DIR;

const PATTERNS: Array<{ what: string; re: RegExp; allowedIn?: string }> = [
  {
    what: "an edge's judge read back out of its model name (`embedded+cal3`, `feedback:…`)",
    re: /\\\+cal\(\\d\+\)|parseModelName|startsWith\(FEEDBACK_MODEL_PREFIX\)/,
    // The reading of edges stored before the judge was a field: the one place a name is read back.
    allowedIn: join('core', 'edge-judge.ts'),
  },
  { what: 'a claim found again by its statement text (a map keyed by normalised statements)', re: /statementKey\(/ },
  { what: "the UI reading report.html's own policy out of the page", re: /http-equiv="Content-Security-Policy" content="\(/ },
  { what: "a workflow finding the engine's record of its search by the query text", re: /\.searches\.(?:find|filter)\(.*\.text === / },
  {
    what: 'a decisive sentence looked up again in its fragment by substring (spans are stored: core/text-span.ts)',
    re: /\.indexOf\(\s*(?:\w+\.)?decisiveSentence/,
  },
  {
    what: "a report heading's claim found by the number written in the heading (a heading of the report document names its claim_id)",
    re: /\/\^\(\\d\{1,\d\}\)\\\.\\s\/\.exec\(/,
  },
  { what: 'the addresses of a report line read back out of its rendered text (a References entry has its source_url)', re: /\bnamedUrls\(/ },
  {
    what: 'the members of a merged claim found again by comparing claims (mergeClaimGroups says which inputs each group holds)',
    re: /\.find\(\(\w+\) => isSameClaim\(\w+, \w+\)\)/,
  },
];

test('no data is recovered from stored or rendered prose: ids, spans and fields cross the seams', () => {
  const files = tsFiles(srcDir, { skipDir: (dir) => dir === join(srcDir, 'test-support') }).filter((f) => !f.endsWith('.test.ts'));
  assert.ok(files.length > 300, `read ${files.length} source files`);
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(srcDir, file);
    for (const p of PATTERNS) if (p.re.test(text) && rel !== p.allowedIn) found.push(`${rel}: ${p.what}`);
  }
  assert.deepEqual(found, []);
});

test('the patterns find what they are meant to find', () => {
  const samples = [
    'const m = /\\+cal(\\d+)$/.exec(name);',
    'const claims = new Map(doc.claims.map((c) => [statementKey(c.statement), c.id]));',
    'const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/i.exec(text);',
    "engine.status(id).searches.find((v) => v.kind === 'query' && v.text === e.text);",
    'const at = fragment.text.indexOf(edge.decisiveSentence);',
    'const number = /^(\\d{1,4})\\.\\s/.exec(text);',
    'const target = namedUrls(item.text).map((u) => links.sourceHref!(u));',
    'const group = merged.find((m) => isSameClaim(m, c));',
  ];
  PATTERNS.forEach((p, i) => assert.ok(p.re.test(samples[i]!), p.what));
  // The merge itself compares claims, and so may the graph's: neither is a finding again.
  const merging = PATTERNS.at(-1)!;
  for (const ok of [
    'const group = out.find((g) => isSameClaim(g.claim, c, options));',
    'reps.find((r) => isSameClaim(r, claim, similarity ? { similarity } : {}))',
  ])
    assert.equal(merging.re.test(ok), false, ok);
});
