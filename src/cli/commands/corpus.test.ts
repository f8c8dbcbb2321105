import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempHome } from '../../test-support/cli.js';

test('corpus add / list / search / remove through the CLI, with clear errors', async () => {
  const home = tempHome();
  try {
    const docs = join(home, 'docs');
    mkdirSync(docs);
    writeFileSync(
      join(docs, 'a.jsonl'),
      '{"id":"m1","title":"Face masks","text":"Face masks reduce transmission of respiratory viruses."}\n{"id":"v1","title":"Vitamin D","text":"Vitamin D did not prevent infections."}\n',
    );
    writeFileSync(join(docs, 'notes.md'), '# Hand hygiene\n\nWashing hands with soap reduces diarrhoeal disease.\n');
    writeFileSync(join(docs, 'image.png'), 'not text');
    const add = await runCli(['corpus', 'add', docs, '--name', 'demo', '--json'], { home });
    assert.equal(add.code, 0, add.err);
    const report = JSON.parse(add.out);
    assert.equal(report.inserted, 3);
    assert.deepEqual(
      report.skippedFiles.map((s: { reason: string }) => s.reason),
      ['unsupported file type .png'],
    );

    const list = JSON.parse((await runCli(['corpus', 'list', '--json'], { home })).out);
    assert.deepEqual(
      list.corpora.map((c: { name: string; documents: number }) => [c.name, c.documents]),
      [['demo', 3]],
    );

    const search = await runCli(['search', 'do masks reduce transmission', '--provider', 'corpus', '--corpus', 'demo', '--limit', '2', '--json'], { home });
    assert.equal(search.code, 0, search.err);
    const hits = JSON.parse(search.out).hits;
    assert.equal(hits[0].id, 'm1');
    assert.deepEqual(Object.keys(hits[0]).slice(0, 5), ['id', 'title', 'url', 'snippet', 'score']);
    const md = JSON.parse((await runCli(['search', 'hand washing soap', '--provider', 'corpus', '--json'], { home })).out).hits;
    assert.equal(md[0].title, 'Hand hygiene');

    assert.equal((await runCli(['corpus', 'add', docs, '--name', 'demo', '--trust-level', 'blocked'], { home })).code, 2);
    const again = JSON.parse((await runCli(['corpus', 'add', docs, '--name', 'demo', '--trust-level', 'academic', '--json'], { home })).out);
    assert.equal(JSON.parse((await runCli(['corpus', 'list', '--json'], { home })).out).corpora[0].trustLevel, 'ACADEMIC');
    assert.deepEqual([again.inserted, again.updated, again.unchanged], [0, 0, 3]);
    // --corpus names the corpus here too, as in research, verify, search and task create.
    const byCorpusFlag = JSON.parse((await runCli(['corpus', 'add', docs, '--corpus', 'demo', '--json'], { home })).out);
    assert.deepEqual([byCorpusFlag.corpus, byCorpusFlag.unchanged], ['demo', 3]);
    const twoNames = await runCli(['corpus', 'add', docs, '--corpus', 'demo', '--name', 'other'], { home });
    assert.equal(twoNames.code, 2);
    assert.match(twoNames.err, /--name "other" and --corpus "demo" name two corpora/);

    const noCorpus = await runCli(['search', 'x', '--provider', 'corpus', '--corpus', 'nope'], { home });
    assert.equal(noCorpus.code, 2);
    assert.match(noCorpus.err, /no corpus named "nope"/);
    const web = await runCli(['search', 'x', '--provider', 'searxng'], { home });
    assert.equal(web.code, 2);
    assert.match(web.err, /providers\.searxng\.base_url/);
    const badLimit = await runCli(['search', 'x', '--provider', 'corpus', '--limit', '0'], { home });
    assert.equal(badLimit.code, 2);

    const removed = await runCli(['corpus', 'remove', 'demo', '--json'], { home });
    assert.deepEqual(JSON.parse(removed.out), { corpus: 'demo', removed: 3 });
    assert.equal((await runCli(['corpus', 'remove', 'demo'], { home })).code, 2);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
