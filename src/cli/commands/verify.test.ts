import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempHome } from '../../test-support/cli.js';
import { writeTinyNliModel } from '../../test-support/tiny-nli-model.js';

// The tiny NLI model reads "yes" as entailment and "no" as contradiction: enough to drive the status.
const CONFIG = 'models:\n  stance:\n    backend: transformers\n  transformers:\n    model: test/tiny-nli\n';

test('lyra verify "<claim>" --corpus NAME: status, rationale and evidence with quotes, locators and trust levels', async () => {
  const home = tempHome('lyra-verify-cli-');
  try {
    writeFileSync(join(home, 'lyra.config.yaml'), CONFIG);
    writeTinyNliModel({ modelsDir: join(home, 'models'), modelId: 'test/tiny-nli' });
    const docs = [
      { id: 'd1', title: 'First paper', text: 'Yes the claim is true. In 2019, the claim is true for 40 cats that purred at 25 Hz in the study.' },
      { id: 'd2', title: 'Second paper', text: 'Yes, the claim is true indeed.' },
      { id: 'd3', title: 'Unrelated', text: 'Cats purr.' },
    ];
    writeFileSync(join(home, 'docs.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n'));
    const add = await runCli(['corpus', 'add', join(home, 'docs.jsonl'), '--name', 'papers', '--trust-level', 'academic'], { home });
    assert.equal(add.code, 0, add.err);

    const r = await runCli(['verify', 'the claim is true', '--corpus', 'papers', '--json'], { home });
    assert.equal(r.code, 0, r.err);
    const out = JSON.parse(r.out) as {
      taskId: string;
      status: string;
      rationale: string;
      axes?: { independentSupport: number };
      supporting: Array<{ quote: string; locator: object; source: { trustLevel: string; url: string; title: string } }>;
      refuting: unknown[];
      queries: string[];
    };
    assert.match(out.taskId, /^task_/);
    assert.equal(out.status, 'VERIFIED', out.rationale);
    assert.equal(out.axes?.independentSupport, 2, 'the axes the status was decided on');
    assert.equal(out.supporting.length, 2);
    assert.deepEqual(
      out.supporting.map((s) => s.source.trustLevel),
      ['ACADEMIC', 'ACADEMIC'],
    );
    assert.ok(out.supporting.every((s) => s.source.url.startsWith('corpus://papers/')));
    assert.deepEqual(out.refuting, []);
    assert.ok(out.queries.includes('the claim is true'));

    const text = await runCli(['verify', 'the claim is true', '--corpus', 'papers'], { home });
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /^VERIFIED {2}confidence 0\.\d\d ± 0\.\d\d/);
    // The rationale in words first, the engine's codes after it.
    assert.match(
      text.out,
      /\nwhy: Verified: 2 independent sources support it \(strength \d\.\d\d\), nothing refutes it, agreement \d\.\d\d\.\nrationale: VERIFIED/,
    );
    assert.match(
      text.out,
      /supporting evidence \(2\):\n {2}\[ACADEMIC\] (First|Second) paper\n {4}corpus:\/\/papers\/d\d \(¶0, chars 0–\d+\) — supports 0\.\d\d\n {4}"Yes/,
    );
    assert.match(text.out, /refuting evidence: none/);
    // A corpus of English documents: no Japanese mirror of the query is asked for, so none is warned about.
    assert.doesNotMatch(text.out + text.err, /mirror query/);
    assert.ok(!out.queries.some((q) => /[\u3040-\u30ff\u4e00-\u9fff]/u.test(q)));
    assert.doesNotMatch(text.out, /\ntrust: /, 'ACADEMIC documents need no vouching');
    // Added again without vouching for them (UNVERIFIED): the output says how to vouch, naming the corpus.
    const again = await runCli(['corpus', 'add', join(home, 'docs.jsonl'), '--name', 'papers', '--trust-level', 'unverified'], { home });
    assert.equal(again.code, 0, again.err);
    const unvouched = await runCli(['verify', 'the claim is true', '--corpus', 'papers'], { home });
    assert.equal(unvouched.code, 0, unvouched.err);
    assert.match(unvouched.out, /\[UNVERIFIED\] (First|Second) paper/);
    assert.match(unvouched.out, /\ntrust: the evidence from corpus papers is UNVERIFIED .*lyra corpus add <paths> --corpus papers --trust-level academic/);
    await runCli(['corpus', 'add', join(home, 'docs.jsonl'), '--name', 'papers', '--trust-level', 'academic'], { home });

    // The task's counts are the claim asked's; the other sentences of the pages read are side claims,
    // counted apart and marked in the materials (a verify task read "UNSUPPORTED 108" for one claim).
    const status = await runCli(['task', 'status', out.taskId], { home });
    assert.equal(status.code, 0, status.err);
    assert.match(status.out, /\n {2}the claim asked: VERIFIED 1\n {2}side claims: [1-9]\d* \(sentences of the pages read, not part of the answer/);
    const materials = await runCli(['task', 'materials', out.taskId], { home });
    assert.equal(materials.code, 0, materials.err);
    const m = JSON.parse(materials.out) as { claims: Array<{ statement: string; sideClaim?: boolean }>; paging: { totalClaims: number; sideClaims: number } };
    assert.equal(m.claims[0]!.statement.toLowerCase().replace(/\.$/, ''), 'the claim is true');
    assert.equal(m.claims[0]!.sideClaim, undefined);
    assert.ok(m.claims.slice(1).length > 0 && m.claims.slice(1).every((c) => c.sideClaim === true));
    assert.equal(m.paging.sideClaims, m.paging.totalClaims - 1);

    // A statement nothing supports: the words say no source supports it (it was not taken from one).
    const none = await runCli(['verify', 'zebras migrate across the frozen tundra', '--corpus', 'papers'], { home });
    assert.equal(none.code, 0, none.err);
    assert.match(none.out, /^UNSUPPORTED /);
    assert.match(none.out, /\nwhy: Unsupported: no source supports it\.\n/);

    // Judged passages, none past the bar (no "yes" or "no" for the tiny judge): the closest are listed to
    // read, each with the side it leans to.
    const notes = [
      { id: 'n1', title: 'Night notes', text: 'Cats purr at night.' },
      { id: 'n2', title: 'Calm notes', text: 'Cats purr when they are calm.' },
    ];
    writeFileSync(join(home, 'notes.jsonl'), notes.map((d) => JSON.stringify(d)).join('\n'));
    assert.equal((await runCli(['corpus', 'add', join(home, 'notes.jsonl'), '--name', 'notes', '--trust-level', 'academic'], { home })).code, 0);
    const near = await runCli(['verify', 'cats purr loudly', '--corpus', 'notes'], { home });
    assert.equal(near.code, 0, near.err);
    assert.match(near.out, /^UNSUPPORTED /);
    assert.match(
      near.out,
      /\nclosest neutral passages \(the judge left them neutral: read them yourself\):\n {2}\[ACADEMIC\] (Night|Calm) notes\n {4}corpus:\/\/notes\/n\d \(.+\) — leans to (supporting|refuting), p 0\.\d\d\n {4}"Cats purr/,
    );
    const nearJson = JSON.parse((await runCli(['verify', 'cats purr loudly', '--corpus', 'notes', '--json'], { home })).out) as {
      neutralCount: number;
      closest: Array<{ stance: string; scores?: { supports: number; refutes: number } }>;
    };
    assert.ok(nearJson.closest.length >= 1 && nearJson.closest.length <= Math.min(3, nearJson.neutralCount));
    assert.ok(nearJson.closest.every((c) => c.stance === 'neutral' && c.scores !== undefined));
    // A status with evidence lists none: the supporting and refuting evidence are what to read.
    assert.doesNotMatch(text.out, /closest neutral passages/);

    const bad = await runCli(['verify', 'the claim is true', '--max-pages', 'zero'], { home });
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--maxPages/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('the first lyra verify over the built-in example corpus in a fresh home asks no Japanese mirror query and warns of none (the corpus is indexed before its languages are read)', async () => {
  const home = tempHome('lyra-verify-example-');
  try {
    const r = await runCli(['verify', 'Ocean acidification threatens corals', '--corpus', 'example', '--json'], { home });
    assert.equal(r.code, 0, r.err);
    const out = JSON.parse(r.out) as { queries: string[]; warnings: Array<{ code: string; message: string }> };
    assert.ok(out.queries.length > 0);
    assert.ok(!out.queries.some((q) => /[\u3040-\u30ff\u4e00-\u9fff]/u.test(q)), out.queries.join(' | '));
    assert.deepEqual(
      out.warnings.filter((w) => /mirror/.test(w.message)),
      [],
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
