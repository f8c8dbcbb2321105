import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../store/index.js';
import { ensureBuiltinCorpus, listBuiltinCorpora } from '../index.js';

test('the shipped example corpus is indexed on first use, once, with its trust level', async () => {
  const [example] = listBuiltinCorpora();
  assert.equal(example?.name, 'example');
  assert.equal(example?.license, 'CC-BY-SA-3.0');
  const store = openStore({ path: ':memory:' });
  try {
    const first = await ensureBuiltinCorpus({ store, name: 'example' });
    assert.equal(first?.inserted, 1344);
    assert.deepEqual(
      store.listCorpora().map((c) => [c.name, c.documents, c.trustLevel]),
      [['example', 1344, 'LOW']],
    );
    assert.equal(await ensureBuiltinCorpus({ store, name: 'example' }), undefined, 'already current');
    assert.equal(await ensureBuiltinCorpus({ store, name: 'not-built-in' }), undefined);
    const hits = store.searchCorpus('polar bears sea ice', { corpus: 'example', limit: 3 });
    assert.ok(
      hits.some((h) => h.id === 'Polar_bear'),
      JSON.stringify(hits.map((h) => h.id)),
    );
  } finally {
    store.close();
  }
});

test('a built-in corpus document links to its real address: the example corpus to its Wikipedia article', async () => {
  const { builtinDocumentLink } = await import('./builtin-corpora.js');
  assert.equal(builtinDocumentLink('corpus://example/Coral_reef'), 'https://en.wikipedia.org/wiki/Coral_reef');
  assert.equal(builtinDocumentLink(`corpus://example/${encodeURIComponent('El_Niño')}`), 'https://en.wikipedia.org/wiki/El_Ni%C3%B1o');
  assert.equal(builtinDocumentLink(`corpus://example/${encodeURIComponent('2000s_(decade)')}`), 'https://en.wikipedia.org/wiki/2000s_(decade)');
  assert.equal(builtinDocumentLink('corpus://mine/x'), null);
  assert.equal(builtinDocumentLink('https://example.org/'), null);
});
