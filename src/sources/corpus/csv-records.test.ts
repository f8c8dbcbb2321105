// CSV and TSV corpus files: one document per row, the text column found by name or by length, the
// other columns kept as fields, and errors that name the file, the row and the fix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidInputError } from '../../core/index.js';
import { parseCsvDocuments } from './csv-records.js';

const opts = { fileId: 'papers/table.csv' };

test('a CSV row is a document: id, title, text, url and date by column name, every other column a field', () => {
  const csv = [
    'ID,Title,Abstract,DOI,Authors,Journal,Year,URL',
    'p1,Sleep and memory,"Sleep after learning improves recall, in 3 trials.",10.1000/xyz1,"Smith, J.; Doe, A.",Sleep,2019,https://example.org/p1',
    'p2,Caffeine,"Caffeine ""late in the day"" delays sleep onset.",,Roe R.,,2021,',
  ].join('\r\n');
  const r = parseCsvDocuments(csv, 'table.csv', opts);
  assert.equal(r.textColumn, 'Abstract');
  assert.equal(r.emptyRows, 0);
  assert.deepEqual(r.records, [
    {
      id: 'p1',
      title: 'Sleep and memory',
      text: 'Sleep after learning improves recall, in 3 trials.',
      url: 'https://example.org/p1',
      publishedAt: '2019',
      fields: { DOI: '10.1000/xyz1', Authors: 'Smith, J.; Doe, A.', Journal: 'Sleep' },
    },
    { id: 'p2', title: 'Caffeine', text: 'Caffeine "late in the day" delays sleep onset.', publishedAt: '2021', fields: { Authors: 'Roe R.' } },
  ]);
});

test('without id, title or a column named like text: row ids from the file, titles from the first sentence, the longest column as text', () => {
  const csv =
    'topic;note;score\nbees;Sublethal doses of imidacloprid impair the foraging of honeybees. Colonies lose workers.;3\nmites;Varroa mites spread viruses among honeybee colonies.;5\n';
  const r = parseCsvDocuments(csv, 'notes.csv', { fileId: 'notes.csv' });
  assert.equal(r.textColumn, 'note', 'semicolons are the delimiter; the longest column is the text');
  assert.deepEqual(
    r.records.map((d) => [d.id, d.title, d.fields]),
    [
      ['notes.csv#1', 'Sublethal doses of imidacloprid impair the foraging of honeybees.', { topic: 'bees', score: '3' }],
      ['notes.csv#2', 'Varroa mites spread viruses among honeybee colonies.', { topic: 'mites', score: '5' }],
    ],
  );
});

test('a TSV file, --text-column, and rows without text skipped and counted (the first one named by its row)', () => {
  const tsv = 'id\tsummary\tclaim\nc1\tlong summary of the first trial\tMasks reduce transmission.\nc2\tsecond\t\nc3\tthird\t  \n';
  const r = parseCsvDocuments(tsv, 'claims.tsv', { ...opts, textColumn: 'Claim' });
  assert.equal(r.textColumn, 'claim');
  assert.deepEqual(
    r.records.map((d) => [d.id, d.text, d.fields]),
    [['c1', 'Masks reduce transmission.', { summary: 'long summary of the first trial' }]],
  );
  assert.equal(r.emptyRows, 2);
  assert.equal(r.firstEmptyRow, 3, 'the header is row 1, as in a spreadsheet');
});

test('bad tables are errors naming the file, the row and the fix; nothing is half-read', () => {
  const bad = (text: string, re: RegExp, o: { textColumn?: string } = {}): void =>
    assert.throws(
      () => parseCsvDocuments(text, 'bad.csv', { ...opts, ...o }),
      (e: unknown) => e instanceof InvalidInputError && e.code === 'corpus_csv_invalid' && re.test(e.message),
    );
  bad('', /bad\.csv: no header row/);
  bad('id,text\na,"unclosed\n', /bad\.csv: not a valid CSV/);
  bad('id,text\na,one,two\n', /bad\.csv: not a valid CSV/);
  bad('id,Text,text\na,b,c\n', /two columns are named "text"/);
  bad('id,text\na,x\na,y\n', /row 3: id "a" is used by an earlier row/);
  bad('id,text,url\na,x,javascript:alert(1)\n', /row 2: url must be an absolute http\(s\) URL/);
  bad('id,text\na,x\n', /no column "body" \(--text-column\); its columns: id, text/, { textColumn: 'body' });
  bad('id,url\na,https://example.org/\n', /no column of text: name one text or abstract, or pass --text-column/);
});
