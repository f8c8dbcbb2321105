import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractEntities } from './entities.js';

test('names in any Latin script are whole ("El Niño", "São Paulo"), a sentence-initial function word is dropped, a lone capitalised word is no name', () => {
  const entities = extractEntities([
    'The El Niño event of 1998 bleached reefs. El Niño returned in 2010.',
    'The Great Barrier Reef lies far from São Paulo. Coral died.',
  ]);
  const names = entities.filter((e) => e.kind === 'name');
  assert.deepEqual(
    names.map((e) => [e.text, e.count]),
    [
      ['El Niño', 2],
      ['Great Barrier Reef', 1],
      ['São Paulo', 1],
    ],
  );
  assert.deepEqual(
    entities.filter((e) => e.kind === 'date').map((e) => e.text),
    ['1998', '2010'],
  );
});

test('Japanese katakana words and 「」 names; a name never starts inside a word', () => {
  const names = extractEntities(['グレートバリアリーフの「白化現象」が進む。', 'xEl Niño is glued to a word.']).filter((e) => e.kind === 'name');
  assert.deepEqual(
    names.map((e) => e.text),
    ['グレートバリアリーフ', '「白化現象」'],
  );
});
