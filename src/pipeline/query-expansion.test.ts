import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expandQuery, REFUTE_SUFFIXES } from './query-expansion.js';

test('a plain query is passed through unchanged, operators and quotes included', async () => {
  const r = await expandQuery({ query: '  "long covid" site:who.int filetype:pdf ' });
  assert.deepEqual(r.queries, [{ text: '"long covid" site:who.int filetype:pdf', origin: 'client', rule: 'client' }]);
  assert.deepEqual(r.warnings, []);
});

test('refute mode appends the critique vocabulary of the query language', async () => {
  const en = await expandQuery({ query: 'remdesivir mortality', refute: true, maxExpansions: 20 });
  assert.deepEqual(en.queries.slice(1).map((q) => q.text), REFUTE_SUFFIXES.en.map((s) => `remdesivir mortality ${s}`));
  assert.ok(en.queries.slice(1).every((q) => q.origin === 'refutation'));
  const ja = await expandQuery({ query: 'レムデシビル 死亡率', refute: true, maxExpansions: 20 });
  assert.deepEqual(ja.queries.slice(1, 4).map((q) => q.text), ['レムデシビル 死亡率 批判', 'レムデシビル 死亡率 問題点', 'レムデシビル 死亡率 反論']);
});

test('mirror without a translator is a visible warning, never a guess', async () => {
  const r = await expandQuery({ query: 'climate change crop yield', mirror: true });
  assert.equal(r.queries.length, 1);
  assert.match(r.warnings[0] ?? '', /no model can translate/);
});

test('mirror with a translator adds the other language, and refute applies to both', async () => {
  const translator = { name: 'fake', translate: async ({ to }: { to: 'en' | 'ja' }) => (to === 'ja' ? '気候変動 収量' : 'x') };
  const r = await expandQuery({ query: 'climate change crop yield', mirror: true, refute: true, translator, maxExpansions: 30 });
  assert.equal(r.queries[1]?.text, '気候変動 収量');
  assert.equal(r.queries[1]?.rule, 'mirror:ja');
  assert.ok(r.queries.some((q) => q.text === '気候変動 収量 批判'));
  assert.ok(r.queries.some((q) => q.text === 'climate change crop yield criticism'));
});

test('expansions are bounded and the cut is reported', async () => {
  const r = await expandQuery({ query: 'q', refute: true, sites: ['a.org', 'b.org'], maxExpansions: 3 });
  assert.equal(r.queries.length, 3);
  assert.match(r.warnings.join(' '), /kept the first 3/);
});

test('a failing translator is a warning; the client query still runs, nothing is guessed', async () => {
  const translator = { name: 'broken', translate: async () => { throw new Error('endpoint down'); } };
  const r = await expandQuery({ query: 'crop yield', mirror: true, translator });
  assert.deepEqual(r.queries.map((q) => q.text), ['crop yield']);
  assert.match(r.warnings[0] ?? '', /broken failed: endpoint down/);
});
