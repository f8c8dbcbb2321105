// Corpus ingestion into a real SQLite file and BM25 + tf-idf re-rank retrieval (the Check-COVID recall check is corpus-recall.e2e.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidInputError, type TextExtractor } from '../../core/index.js';
import { createTextExtractor } from '../../extract/index.js';
import { openStore } from '../../store/index.js';
import { sharedDataPath, skipUnlessShared } from '../../test-support/shared-data.js';
import { createCorpusSearchProvider, ingestCorpus, parseDocumentFile } from './index.js';

/** JSONL files never reach the extractor; a call is a test failure. */
const noExtractor: TextExtractor = { extract: () => Promise.reject(new Error('extractor must not be called for JSONL')) };

test('JSONL records in both accepted shapes; a bad line names file and line', () => {
  const text = '{"id": 1, "title": "A", "text": "alpha"}\n\n{"cord_id": "x9", "title": "B", "abstract": ["One.", "Two."]}\n';
  assert.deepEqual(parseDocumentFile(text, 'f.jsonl'), [
    { id: '1', title: 'A', text: 'alpha' },
    { id: 'x9', title: 'B', text: 'One. Two.' },
  ]);
  assert.throws(
    () => parseDocumentFile('{"id": 1, "title": "A", "text": "a"}\n{"title": 3}\n', 'f.jsonl'),
    (e: unknown) => e instanceof InvalidInputError && /f\.jsonl:2: expected \{id, title, text/.test(e.message),
  );
  assert.deepEqual(
    parseDocumentFile('[{"id": "a", "title": "T", "text": "x"}]', 'f.json').map((r) => r.id),
    ['a'],
  );
  // One record pretty-printed over several lines is one record, not a first line "{" of invalid JSON.
  assert.deepEqual(parseDocumentFile('{\n  "id": "p",\n  "title": "Pretty",\n  "text": "printed"\n}\n', 'p.json'), [
    { id: 'p', title: 'Pretty', text: 'printed' },
  ]);
  // A pretty-printed object that is no record says what a record holds, naming the file.
  assert.throws(
    () => parseDocumentFile('{\n  "byline": "x",\n  "excerpt": "y"\n}', 'meta.json'),
    (e: unknown) => e instanceof InvalidInputError && /^meta\.json: expected \{id, title, text/.test(e.message),
  );
});

test('re-adding a changed JSONL file updates, skips unchanged and removes vanished records', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-corpus-'));
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    const file = join(dir, 'docs.jsonl');
    writeFileSync(
      file,
      [
        '{"id":"a","title":"Masks","text":"Masks reduce transmission."}',
        '{"id":"b","title":"Vitamin D","text":"No effect on infection."}',
        '{"id":"c","title":"C","text":"Gone later."}',
      ].join('\n'),
    );
    const first = await ingestCorpus({ store, extractor: noExtractor, name: 'demo', paths: [dir] });
    assert.deepEqual([first.inserted, first.updated, first.unchanged, first.removed], [3, 0, 0, 0]);
    writeFileSync(
      file,
      [
        '{"id":"a","title":"Masks","text":"Masks reduce transmission."}',
        '{"id":"b","title":"Vitamin D","text":"Vitamin D reduced infection in one trial."}',
      ].join('\n'),
    );
    const second = await ingestCorpus({ store, extractor: noExtractor, name: 'demo', paths: [file] });
    assert.deepEqual([second.inserted, second.updated, second.unchanged, second.removed], [0, 1, 1, 1]);
    const provider = createCorpusSearchProvider({ store, corpus: 'demo' });
    const hits = await provider.search({ query: 'vitamin D infection trial', limit: 5 });
    assert.equal(hits[0]?.id, 'b');
    assert.equal(hits[0]?.url, 'corpus://demo/b');
    assert.equal(hits[0]?.corpus, 'demo');
    assert.deepEqual(await provider.search({ query: 'gone later', limit: 5 }), []);
    await assert.rejects(ingestCorpus({ store, extractor: noExtractor, name: 'bad name!', paths: [file] }), /corpus name "bad name!"/);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a document ingested from a file is searched under its corpus:// URL (the pipeline refuses file: URLs)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-corpus-'));
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    const docs = join(dir, 'docs');
    mkdirSync(docs);
    writeFileSync(join(docs, 'reef.txt'), 'Bleaching killed half of the coral on the northern reef in 2016.\n');
    await ingestCorpus({ store, extractor: createTextExtractor(), name: 'files', paths: [docs] });
    const [hit] = await createCorpusSearchProvider({ store, corpus: 'files' }).search({ query: 'bleaching coral 2016', limit: 5 });
    assert.ok(hit, 'the file is found');
    assert.match(hit.url, /^corpus:\/\/files\//);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a local document is titled by its own title, its first heading or its file name — never its absolute path (newcomer issue, item 7)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-corpus-'));
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    const docs = join(dir, 'docs');
    mkdirSync(docs);
    writeFileSync(join(docs, 'varroa-notes.txt'), 'Varroa mites harm honeybee colonies by feeding on their fat body.\n');
    // A text file's first line standing apart (a blank line after it, no sentence end) is its title.
    writeFileSync(join(docs, 'follow-up.txt'), 'One year on: follow-up of the exercise trial\n\nThe benefit narrowed to 2.0 points.\n');
    writeFileSync(join(docs, 'letter.txt'), 'Dear colleagues, here is the short note.\n\nWild bees declined.\n');
    writeFileSync(join(docs, 'pesticides.md'), '# Bees and pesticides\n\nSublethal doses of imidacloprid impair foraging.\n');
    writeFileSync(join(docs, 'page.html'), '<html><head><title>Pollinator decline</title></head><body><p>Wild bee numbers fell sharply.</p></body></html>');
    await ingestCorpus({ store, extractor: createTextExtractor(), name: 'bees', paths: [docs] });
    const titles = store
      .listCorpusDocumentIds('bees')
      .map((id) => store.getCorpusDocument('bees', id)!.title)
      .sort();
    assert.deepEqual(titles, ['Bees and pesticides', 'One year on: follow-up of the exercise trial', 'Pollinator decline', 'letter', 'varroa-notes']);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a local document is known by its path from the added folder, never its absolute path; an older absolute id is replaced on the next add (newcomer issue, item 7)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-corpus-'));
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    const docs = join(dir, 'bees');
    mkdirSync(join(docs, 'field'), { recursive: true });
    writeFileSync(join(docs, 'varroa.txt'), 'Varroa mites harm honeybee colonies by feeding on their fat body.\n');
    writeFileSync(join(docs, 'field', 'notes.txt'), 'Wild bee numbers fell sharply in 2019.\n');
    // A document an earlier Lyra stored under the absolute path of this very file.
    store.upsertCorpusDocuments([
      { corpus: 'bees', id: join(docs, 'varroa.txt'), title: 'varroa', text: 'old text', origin: join(docs, 'varroa.txt'), contentHash: 'old' },
    ]);
    const r = await ingestCorpus({ store, extractor: createTextExtractor(), name: 'bees', paths: [docs] });
    assert.deepEqual(store.listCorpusDocumentIds('bees').sort(), ['bees/field/notes.txt', 'bees/varroa.txt']);
    assert.equal(r.removed, 1, 'the absolute-path document is gone');
    const hit = createCorpusSearchProvider({ store, corpus: 'bees' });
    const [top] = await hit.search({ query: 'varroa mites', limit: 1 } as Parameters<typeof hit.search>[0]);
    assert.ok(top && !top.url.includes(encodeURIComponent(dir)) && !top.url.includes(dir), top?.url);
    // Two files of one name added side by side keep two documents.
    const other = join(dir, 'elsewhere', 'bees');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'varroa.txt'), 'Another note on varroa, from another folder.\n');
    await ingestCorpus({ store, extractor: createTextExtractor(), name: 'bees', paths: [other] });
    assert.deepEqual(store.listCorpusDocumentIds('bees').sort(), ['bees/field/notes.txt', 'bees/varroa.txt', 'elsewhere/bees/varroa.txt']);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a CSV file is ingested one document per row, its other columns kept as fields; re-adding it changes nothing, a removed row goes (newcomer issue, item 7)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-corpus-'));
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    const docs = join(dir, 'papers');
    mkdirSync(docs);
    const rows = [
      'id,title,abstract,authors,doi,journal',
      'n1,Neonicotinoids and foraging,Sublethal doses of imidacloprid impair the foraging of honeybees.,"Henry, M.; Decourtye, A.",10.1126/science.1215039,Science',
      'n2,Varroa,Varroa mites spread deformed wing virus among colonies.,,,',
      'n3,Empty,,,,',
    ];
    writeFileSync(join(docs, 'bees.csv'), `${rows.join('\n')}\n`);
    const r = await ingestCorpus({ store, extractor: noExtractor, name: 'papers', paths: [docs] });
    assert.equal(r.inserted, 2);
    assert.deepEqual(r.tables, [{ file: join(docs, 'bees.csv'), documents: 2, textColumn: 'abstract', emptyRows: 1, firstEmptyRow: 4 }]);
    const doc = store.getCorpusDocument('papers', 'n1');
    assert.equal(doc?.title, 'Neonicotinoids and foraging');
    assert.deepEqual(doc?.fields, { authors: 'Henry, M.; Decourtye, A.', doi: '10.1126/science.1215039', journal: 'Science' });
    assert.equal(store.getCorpusDocument('papers', 'n2')?.fields, undefined, 'empty cells are no fields');
    const hit = createCorpusSearchProvider({ store, corpus: 'papers' });
    const [top] = await hit.search({ query: 'imidacloprid foraging', limit: 1 } as Parameters<typeof hit.search>[0]);
    assert.equal(top?.url, 'corpus://papers/n1');

    const again = await ingestCorpus({ store, extractor: noExtractor, name: 'papers', paths: [docs] });
    assert.deepEqual([again.inserted, again.updated, again.unchanged, again.removed], [0, 0, 2, 0]);
    writeFileSync(join(docs, 'bees.csv'), `${rows.slice(0, 2).join('\n')}\n`);
    const fewer = await ingestCorpus({ store, extractor: noExtractor, name: 'papers', paths: [docs] });
    assert.equal(fewer.removed, 1);
    assert.deepEqual(store.listCorpusDocumentIds('papers'), ['n1']);
    // A bad table fails alone, named with its row; the store keeps what it had.
    writeFileSync(join(docs, 'bad.csv'), 'id,text\na,x\na,y\n');
    const bad = await ingestCorpus({ store, extractor: noExtractor, name: 'papers', paths: [docs] });
    assert.equal(bad.failedFiles.length, 1);
    assert.match(bad.failedFiles[0]!.error, /bad\.csv: row 3: id "a" is used by an earlier row/);
    assert.deepEqual(store.listCorpusDocumentIds('papers'), ['n1']);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const ANLI = 'nli/anli/anli_r1_dev.tsv';
test('a real TSV (ANLI round 1 dev, 1,000 rows with quoted cells): one document per row, its uid the id, the premise found as the text, the rest kept as fields', {
  skip: skipUnlessShared(ANLI),
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-corpus-'));
  const store = openStore({ path: join(dir, 'lyra.db') });
  try {
    const r = await ingestCorpus({ store, extractor: noExtractor, name: 'anli', paths: [sharedDataPath(ANLI)] });
    assert.deepEqual(r.failedFiles, []);
    assert.equal(r.inserted, 1000);
    assert.deepEqual(
      r.tables.map((t) => [t.documents, t.textColumn, t.emptyRows]),
      [[1000, 'premise', 0]],
    );
    const doc = store.getCorpusDocument('anli', 'bf628cf5-6948-4595-a6d0-daf99beb47b9');
    // A cell quoted with doubled quotes inside reads back as the text it holds.
    assert.match(doc?.text ?? '', /his "Aṣṭādhyāyī "\.$/);
    assert.equal(
      doc?.title,
      'Linguistics is the scientific study of language, and involves an analysis of language form…',
      'its first sentence, cut at a word',
    );
    assert.equal(doc?.fields?.label, 'contradiction');
    assert.equal(doc?.fields?.hypothesis, 'Form and meaning are the only aspects of language linguistics is concerned with.');
    assert.equal(doc?.fields?.uid, undefined, 'the id column is the id, not a field');
    const [top] = await createCorpusSearchProvider({ store, corpus: 'anli' }).search({ query: 'Sanskrit grammarian', limit: 1 } as never);
    assert.equal(top?.url, 'corpus://anli/bf628cf5-6948-4595-a6d0-daf99beb47b9');
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
