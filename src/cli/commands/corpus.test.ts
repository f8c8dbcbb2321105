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

test("corpus add reads a CSV file one document per row, says which column it read as text, and the rows' authors and DOI reach the exports (newcomer issue, item 7)", async () => {
  const home = tempHome();
  try {
    const table = join(home, 'bees.csv');
    writeFileSync(
      table,
      [
        'id,title,abstract,authors,doi,year',
        'n1,A common pesticide decreases foraging success,"Sublethal doses of imidacloprid impair the foraging of honeybees. Exposed foragers failed to return twice as often.","Henry, M.; Decourtye, A.",10.1126/science.1215039,2012',
        'n2,Varroa and viruses,Varroa mites spread deformed wing virus among honeybee colonies.,"Ramsey, S.",,2019',
        'n3,Empty,,,,',
      ].join('\n'),
    );
    const add = await runCli(['corpus', 'add', table, '--corpus', 'beecsv'], { home });
    assert.equal(add.code, 0, add.err);
    assert.match(add.out, /2 added/);
    assert.match(add.out, /table .*bees\.csv: 2 rows read, text from column "abstract"; 1 rows without text skipped \(first: row 4\)/);
    const wrong = await runCli(['corpus', 'add', table, '--corpus', 'beecsv', '--text-column', 'summary'], { home });
    assert.equal(wrong.code, 1);
    assert.match(wrong.err, /no column "summary" \(--text-column\); its columns: id, title, abstract, authors, doi, year/);

    const v = await runCli(['verify', 'Sublethal doses of imidacloprid impair the foraging of honeybees.', '--corpus', 'beecsv', '--json'], { home });
    assert.equal(v.code, 0, v.err);
    const { taskId } = JSON.parse(v.out) as { taskId: string };
    const bib = await runCli(['task', 'materials', taskId, '--format', 'bibtex'], { home });
    assert.equal(bib.code, 0, bib.err);
    assert.match(bib.out, /author = \{Henry, M\. and Decourtye, A\.\}/);
    assert.match(bib.out, /doi = \{10\.1126\/science\.1215039\}/);
    assert.match(bib.out, /year = \{2012\}/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
