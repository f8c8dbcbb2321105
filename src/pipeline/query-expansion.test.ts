import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createWordNetThesaurus } from '../models/index.js';
import { expandQuery, REFUTE_SUFFIXES } from './query-expansion.js';

test('a plain query is passed through unchanged, operators and quotes included', async () => {
  const r = await expandQuery({ query: '  "long covid" site:who.int filetype:pdf ' });
  assert.deepEqual(r.queries, [{ text: '"long covid" site:who.int filetype:pdf', origin: 'client', rule: 'client' }]);
  assert.deepEqual(r.warnings, []);
});

test('refute mode appends the critique vocabulary of the query language', async () => {
  const en = await expandQuery({ query: 'remdesivir mortality', refute: true, maxExpansions: 20 });
  assert.deepEqual(
    en.queries.slice(1).map((q) => q.text),
    REFUTE_SUFFIXES.en.map((s) => `remdesivir mortality ${s}`),
  );
  assert.ok(en.queries.slice(1).every((q) => q.origin === 'refutation'));
  const ja = await expandQuery({ query: 'レムデシビル 死亡率', refute: true, maxExpansions: 20 });
  assert.deepEqual(
    ja.queries.slice(1, 4).map((q) => q.text),
    ['レムデシビル 死亡率 批判', 'レムデシビル 死亡率 問題点', 'レムデシビル 死亡率 反論'],
  );
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
  const translator = {
    name: 'broken',
    translate: async () => {
      throw new Error('endpoint down');
    },
  };
  const r = await expandQuery({ query: 'crop yield', mirror: true, translator });
  assert.deepEqual(
    r.queries.map((q) => q.text),
    ['crop yield'],
  );
  assert.match(r.warnings[0] ?? '', /broken failed: endpoint down/);
});

const wordnet = createWordNetThesaurus();

test('an English query gets WordNet synonym queries, one term replaced in each, bounded', async () => {
  const r = await expandQuery({ query: 'hypertension risk in adults', synonyms: { max: 2, thesaurus: wordnet }, maxExpansions: 8 });
  assert.deepEqual(r.queries, [
    { text: 'hypertension risk in adults', origin: 'client', rule: 'client' },
    { text: 'high blood pressure risk in adults', origin: 'expansion', rule: 'synonym:hypertension=high blood pressure' },
    { text: 'hypertension hazard in adults', origin: 'expansion', rule: 'synonym:risk=hazard' },
  ]);
  assert.deepEqual(r.warnings, []);
  const one = await expandQuery({ query: 'hypertension risk in adults', synonyms: { max: 1, thesaurus: wordnet } });
  assert.equal(one.queries.length, 2);
});

test('synonyms leave quoted phrases, operators, acronyms, collocations and other languages alone; refute mode adds none', async () => {
  const quoted = await expandQuery({ query: '"hypertension risk" site:who.int WHO', synonyms: { max: 2, thesaurus: wordnet } });
  assert.deepEqual(
    quoted.queries.map((q) => q.text),
    ['"hypertension risk" site:who.int WHO'],
  );
  const sea = await expandQuery({ query: 'sea level rise', synonyms: { max: 2, thesaurus: wordnet } });
  assert.ok(!sea.queries.some((q) => /degree|grade/.test(q.text)), 'sea level is one term, never "sea degree"');
  const ja = await expandQuery({ query: '高血圧 リスク', synonyms: { max: 2, thesaurus: wordnet } });
  assert.equal(ja.queries.length, 1);
  const refute = await expandQuery({ query: 'hypertension risk', refute: true, synonyms: { max: 2, thesaurus: wordnet }, maxExpansions: 20 });
  assert.ok(refute.queries.every((q) => !q.rule.startsWith('synonym:')));
});

test('synonyms asked for without a thesaurus are a warning, never a guess', async () => {
  const r = await expandQuery({ query: 'hypertension risk', synonyms: { max: 2 } });
  assert.equal(r.queries.length, 1);
  assert.match(r.warnings[0] ?? '', /synonym queries skipped: no thesaurus/);
});
