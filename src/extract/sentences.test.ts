import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitSentences } from './sentences.js';
import { detectLanguage } from './language.js';

const texts = (t: string): string[] => splitSentences(t).map((s) => s.text);

test('English: abbreviations, decimals, citations and et al. do not end sentences', () => {
  assert.deepEqual(texts('Dr. Smith et al. (2020) found a 3.5% drop in mortality, i.e. fewer deaths [12]. See Fig. 2 for details. The p-value was 0.03 vs. 0.5 in controls.'), [
    'Dr. Smith et al. (2020) found a 3.5% drop in mortality, i.e. fewer deaths [12].',
    'See Fig. 2 for details.',
    'The p-value was 0.03 vs. 0.5 in controls.',
  ]);
});

test('English: questions and exclamations end sentences; paragraphs always do', () => {
  assert.deepEqual(texts('Did it work? Yes! It did.\n\nA heading without a period\n\nNext paragraph.'), ['Did it work?', 'Yes!', 'It did.', 'A heading without a period', 'Next paragraph.']);
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
