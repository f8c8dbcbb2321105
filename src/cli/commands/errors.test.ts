import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { runCli, tempHome } from '../../test-support/cli.js';

test('lyra errors explains a code and its category, lists and searches them, and names near codes for a wrong one', async () => {
  const home = tempHome();
  try {
    const one = await runCli(['errors', 'corpus_csv_invalid'], { home });
    assert.equal(one.code, 0, one.err);
    assert.match(one.out, /^corpus_csv_invalid \(invalid_input\): .+\n {2}the input is wrong/);
    const json = JSON.parse((await runCli(['errors', 'task_not_found', '--json'], { home })).out) as { category: string; advice: string };
    assert.equal(json.category, 'invalid_input');
    const all = await runCli(['errors'], { home });
    assert.match(all.out, /^code +category +meaning/);
    assert.ok(all.out.split('\n').length > 200);
    const found = await runCli(['errors', '--search', 'csv', '--json'], { home });
    assert.ok((JSON.parse(found.out) as { codes: Array<{ code: string }> }).codes.some((c) => c.code === 'corpus_csv_invalid'));
    const wrong = await runCli(['errors', 'task_not_fond'], { home });
    assert.equal(wrong.code, 2);
    assert.match(wrong.err, /no code "task_not_fond"; did you mean task_not_found\?/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
