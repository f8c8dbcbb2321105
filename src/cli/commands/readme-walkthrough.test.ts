// The README's "Research your own documents" walkthrough, run as written: its three commands are read
// from the README's code block and run on `examples/papers` (three short made-up documents, one of them a
// CSV), from a fresh LYRA_HOME. The only change is where the folder is found: the commands run in that
// home (so the run's _outputs stay out of the project) and `examples/papers` is given as its full path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempHome } from '../../test-support/cli.js';
import { PROJECT_ROOT } from '../../test-support/shared-data.js';

/** The commands of the README section's first sh block, each as its arguments after `node bin/lyra.js`. */
function walkthroughCommands(): string[][] {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  const section = readme.split('## Research your own documents')[1]?.split('\n## ')[0];
  assert.ok(section, 'README has a "Research your own documents" section');
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block, 'the section has an sh code block');
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean)
    .map((line) => {
      // Words, or double-quoted strings (the question and the claim), as a shell reads them here.
      const words = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
      assert.deepEqual(words.slice(0, 2), ['node', 'bin/lyra.js'], line);
      return words.slice(2).map((w) => (w === 'examples/papers' ? join(PROJECT_ROOT, 'examples', 'papers') : w));
    });
}

test("the README's own-documents walkthrough runs as written on examples/papers: the folder is added, the question answered from it, the claim verified with evidence on both sides (newcomer issue)", async () => {
  const commands = walkthroughCommands();
  assert.deepEqual(
    commands.map((c) => c[0]),
    ['corpus', 'research', 'verify'],
  );
  const home = tempHome('lyra-walkthrough-');
  try {
    const [add, research, verify] = commands as [string[], string[], string[]];
    const a = await runCli(add, { home });
    assert.equal(a.code, 0, a.err);
    assert.match(a.out, /corpus mine: 3 files; 4 added/);
    assert.match(a.out, /table .*clinic-notes\.csv: 2 rows read, text from column "text"/);

    const r = await runCli(research, { home });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^answer: supported \(confidence 0\.\d\d\) — /m);
    assert.match(r.out, /claims relevant to the question: .*UNSUPPORTED [1-9]/);

    const v = await runCli(verify, { home });
    assert.equal(v.code, 0, v.err);
    assert.match(v.out, /^(VERIFIED|CONDITIONED) {2}confidence/);
    // The trial report, its follow-up (a .txt titled by its first line) and clinic A's row support it; clinic B's refutes it.
    assert.match(v.out, /supporting evidence \(3\):/);
    assert.match(v.out, /\[UNVERIFIED\] One year on: follow-up of the group exercise trial\n {4}corpus:\/\/mine\/papers\/2024\/follow-up\.txt \(¶1/);
    assert.match(v.out, /refuting evidence \(1\):\n {2}\[UNVERIFIED\] Clinic B summary/);
    assert.doesNotMatch(
      `${a.out}${r.out}${v.out}`.replaceAll(join(PROJECT_ROOT, 'examples'), ''),
      new RegExp(PROJECT_ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
