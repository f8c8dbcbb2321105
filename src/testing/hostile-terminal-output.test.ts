// Hostile input through every human-readable command (finding 4 of the security issue): titles,
// quotes, claims and questions carrying terminal escapes (OSC 52/0/8, ESC[2J, C1 CSI, a line rewrite)
// and bidi overrides reach `claims`, `verify`, `task create|search|status|list|materials`, `search`
// and `corpus add`; every byte they write goes through the one terminal printer, so stdout and stderr
// hold no control byte but the line feed and the tab, and no bidi control.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempHome, type CliRun } from '../test-support/cli.js';
import { writeTinyNliModel } from '../test-support/tiny-nli-model.js';
import { BIDI_PAYLOADS, TERMINAL_PAYLOADS } from '../test-support/payloads.js';

// C0 except tab and line feed, DEL, C1, and the bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const payload = [...BIDI_PAYLOADS, ...TERMINAL_PAYLOADS, '\u001b]52;c;ZXZpbA==\u0007'].join(' ');
// The tiny NLI model reads "yes" as entailment: enough for the hostile passages to become evidence.
const CONFIG = 'models:\n  stance:\n    backend: transformers\n  transformers:\n    model: test/tiny-nli\n';

function assertNoRawControl(name: string, r: CliRun): void {
  assert.equal(r.code, 0, `${name}: ${r.err}`);
  const at = (s: string): string => {
    const i = s.search(RAW_CONTROL);
    return JSON.stringify(s.slice(Math.max(0, i - 40), i + 40));
  };
  assert.doesNotMatch(r.out, RAW_CONTROL, `${name} wrote a raw control character to stdout near ${at(r.out)}`);
  assert.doesNotMatch(r.err, RAW_CONTROL, `${name} wrote a raw control character to stderr near ${at(r.err)}`);
}

test('every human-readable command shows the control characters and bidi overrides of hostile titles, quotes and questions, never sends them', {
  timeout: 120_000,
}, async () => {
  const home = tempHome('lyra-hostile-print-');
  try {
    writeFileSync(join(home, 'lyra.config.yaml'), CONFIG);
    writeTinyNliModel({ modelsDir: join(home, 'models'), modelId: 'test/tiny-nli' });
    const docs = [
      { id: 'd1', title: `First ${payload} paper`, text: `Yes the claim is true ${payload} here.` },
      { id: 'd2', title: `Second ${payload}`, text: `Yes, the claim is true indeed ${payload}.` },
    ];
    writeFileSync(join(home, 'docs.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n'));
    writeFileSync(
      join(home, 'page.html'),
      `<html><head><title>Page ${payload}</title></head><body><article><p>Smoking causes lung cancer ${payload} in adults.</p><p>Experts found that smoking ${payload} causes lung cancer.</p></article></body></html>`,
    );
    const runs = new Map<string, CliRun>();
    const run = async (name: string, ...args: string[]): Promise<CliRun> => {
      const r = await runCli(args, { home });
      runs.set(name, r);
      return r;
    };
    await run('corpus add', 'corpus', 'add', join(home, 'docs.jsonl'), '--name', 'c');
    await run('search', 'search', `claim ${payload}`, '--provider', 'corpus');
    await run('claims', 'claims', 'page.html');
    await run('verify', 'verify', `the claim is true ${payload}`, '--corpus', 'c');
    const created = await run('task create', 'task', 'create', `Is the claim true? ${payload}`, '--corpus', 'c');
    const id = created.out.trim();
    assert.match(id, /^task_\w+$/, created.err);
    await run('task search', 'task', 'search', id, `the claim is true ${payload}`);
    await run('task status', 'task', 'status', id);
    await run('task list', 'task', 'list');
    await run('task materials md', 'task', 'materials', id, '--format', 'md');
    await run('task materials bibtex', 'task', 'materials', id, '--format', 'bibtex');
    for (const [name, r] of runs) assertNoRawControl(name, r);
    // The payload did reach the page-derived outputs, shown: ESC as ␛, a bidi override by its code point.
    for (const name of ['search', 'claims', 'verify', 'task search', 'task status', 'task list']) {
      const out = runs.get(name)!.out;
      assert.match(out, /\u241b\[2J/, `${name} shows ESC visibly`);
      assert.match(out, /<U\+20(?:2[A-E]|6[6-9])>/, `${name} shows a bidi control by its code point`);
    }
    // JSON stays exact: the same characters, carried as \u escapes a terminal does not interpret.
    const json = await runCli(['task', 'status', id, '--json'], { home });
    assert.doesNotMatch(json.out, RAW_CONTROL);
    assert.ok((JSON.parse(json.out) as { task: { question: string } }).task.question.endsWith(payload), 'JSON keeps the question exact');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
