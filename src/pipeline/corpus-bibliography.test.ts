import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusBibliography } from './corpus-bibliography.js';

test("a corpus document's authors, identifiers and venue come from its fields, by column name", () => {
  assert.deepEqual(
    corpusBibliography({
      Authors: 'Henry, M.; Decourtye, A.',
      DOI: 'https://doi.org/10.1126/Science.1215039',
      Journal: 'Science',
      Publisher: 'AAAS',
      'PubMed ID': 'PMID: 22461500',
    }),
    {
      authors: ['Henry, M.', 'Decourtye, A.'],
      identifiers: { doi: '10.1126/science.1215039', pmid: '22461500' },
      organization: 'AAAS',
    },
  );
  assert.deepEqual(corpusBibliography({ author: 'Ada Lovelace and Charles Babbage' }).authors, ['Ada Lovelace', 'Charles Babbage']);
  assert.deepEqual(corpusBibliography({ creators: 'Ada Lovelace, Charles Babbage' }).authors, ['Ada Lovelace', 'Charles Babbage']);
  assert.deepEqual(corpusBibliography({ authors: 'Ramsey, S.' }).authors, ['Ramsey, S.'], 'one author, family name first');
});

test('a value that is no identifier stays a field only; no fields, no details', () => {
  assert.deepEqual(corpusBibliography({ doi: 'n/a', topic: 'bees' }), {});
  assert.deepEqual(corpusBibliography(undefined), {});
});
