import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitSentences } from './sentences.js';
import { detectLanguage } from './language.js';
import { boundedRun } from '../test-support/bounded-run.js';
import { siblingModule } from '../test-support/sibling-module.js';

const texts = (t: string): string[] => splitSentences(t).map((s) => s.text);

test('English: abbreviations, decimals, citations and et al. do not end sentences', () => {
  assert.deepEqual(
    texts('Dr. Smith et al. (2020) found a 3.5% drop in mortality, i.e. fewer deaths [12]. See Fig. 2 for details. The p-value was 0.03 vs. 0.5 in controls.'),
    ['Dr. Smith et al. (2020) found a 3.5% drop in mortality, i.e. fewer deaths [12].', 'See Fig. 2 for details.', 'The p-value was 0.03 vs. 0.5 in controls.'],
  );
});

test('English: questions and exclamations end sentences; paragraphs always do', () => {
  assert.deepEqual(texts('Did it work? Yes! It did.\n\nA heading without a period\n\nNext paragraph.'), [
    'Did it work?',
    'Yes!',
    'It did.',
    'A heading without a period',
    'Next paragraph.',
  ]);
});

test('Japanese: 。！？ end sentences, but not inside 「」', () => {
  assert.deepEqual(texts('薬剤Xは有効である。しかし「副作用が多い。」と報告された！本当か？ 2021年に承認された'), [
    '薬剤Xは有効である。',
    'しかし「副作用が多い。」と報告された！',
    '本当か？',
    '2021年に承認された',
  ]);
});

test('offsets point at the sentence in the input', () => {
  const input = 'First one here. Second one here.\n\n第二段落です。';
  for (const s of splitSentences(input)) assert.equal(input.slice(s.start, s.start + 5), s.text.slice(0, 5));
});

test('detectLanguage', () => {
  assert.equal(detectLanguage('薬剤Xは有効である'), 'ja');
  assert.equal(detectLanguage('Drug X is effective'), 'en');
  assert.equal(detectLanguage('WHOの報告によるとCOVID-19の死亡率は低下した'), 'ja');
  assert.equal(detectLanguage('12345'), 'en');
});

test('English: citations after the full stop stay with their sentence; wink misses are split', () => {
  assert.deepEqual(texts('As shown previously.[12] The drug failed. Others agreed. [3, 4] A third view exists.'), [
    'As shown previously.[12]',
    'The drug failed.',
    'Others agreed.[3, 4]',
    'A third view exists.',
  ]);
  assert.deepEqual(texts('The effect size was 0.8 ± 0.1 in Fig. 3B. Next we tested mice.'), [
    'The effect size was 0.8 ± 0.1 in Fig. 3B.',
    'Next we tested mice.',
  ]);
  assert.deepEqual(texts('The U.S. Food and Drug Administration approved it. Prof. J. K. Rowling agreed.'), [
    'The U.S. Food and Drug Administration approved it.',
    'Prof. J. K. Rowling agreed.',
  ]);
});

test('headings on their own line end a sentence; hard-wrapped prose runs on', () => {
  assert.deepEqual(texts('1. Introduction\nThe virus spreads fast. It is\ndeadly in older adults.\nResults\nMortality fell.'), [
    '1. Introduction',
    'The virus spreads fast.',
    'It is deadly in older adults.',
    'Results',
    'Mortality fell.',
  ]);
});

test('Japanese: full-width ． ends a sentence except inside a number; line wraps are dropped', () => {
  assert.deepEqual(texts('はじめに\n世界保健機関（WHO）は発表した．国内の感染者は前年の同じ時期と比べて１．５倍に増え\nた。'), [
    'はじめに',
    '世界保健機関（WHO）は発表した．',
    '国内の感染者は前年の同じ時期と比べて１．５倍に増えた。',
  ]);
});

test('offsets cover the sentence as written, across collapsed whitespace', () => {
  const input = 'Intro line here.  It   spans\nlines. 次の文です。';
  const got = splitSentences(input);
  assert.deepEqual(
    got.map((s) => input.slice(s.start, s.end)),
    ['Intro line here.', 'It   spans\nlines.', '次の文です。'],
  );
});

// Issue 20: splitting was quadratic (one 200 KB line took minutes). The large inputs run in a worker
// that is terminated past a generous deadline, since a quadratic loop cannot be interrupted in the
// test's own thread; the deadline catches a return of the quadratic behaviour, not a slowdown.
const workloads = siblingModule(import.meta.url, '../test-support/hostile-workloads').href;

test('1 MB on one line and 1 MB on many lines are split in linear time, offsets exact', { timeout: 180_000 }, async () => {
  const r = await boundedRun<{ sentences: number; offsetsExact: boolean }[]>({
    module: workloads,
    exportName: 'splitMegabyteDocuments',
    timeoutMs: 60_000,
    maxHeapMb: 1024,
  });
  assert.ok(r.ok, r.ok ? '' : r.message);
  for (const doc of r.value) {
    assert.ok(doc.sentences > 10_000);
    assert.equal(doc.offsetsExact, true);
  }
});

test('hostile runs (no spaces, abbreviation runs, dotted runs, long white space) complete', { timeout: 180_000 }, async () => {
  const r = await boundedRun<number>({ module: workloads, exportName: 'splitHostileRuns', timeoutMs: 120_000, maxHeapMb: 1024 });
  assert.ok(r.ok, r.ok ? '' : r.message);
  // A token longer than wink's bound keeps its text exactly.
  const long = `Visit ${'x'.repeat(2000)}. Then leave.`;
  assert.deepEqual(texts(long), [`Visit ${'x'.repeat(2000)}.`, 'Then leave.']);
});
