import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitSentences } from './sentences.js';

test('splits plain English sentences', () => {
  assert.deepEqual(splitSentences('Masks work. They reduce spread! Do they? Yes.'), ['Masks work.', 'They reduce spread!', 'Do they?', 'Yes.']);
});

test('keeps abbreviations, initials and decimals inside a sentence', () => {
  const text = 'As shown by Smith et al. 2020, the dose was 3.5 mg (e.g. in Fig. 2). J. Smith agreed. The rate fell by 0.5 %.';
  assert.deepEqual(splitSentences(text), [
    'As shown by Smith et al. 2020, the dose was 3.5 mg (e.g. in Fig. 2).',
    'J. Smith agreed.',
    'The rate fell by 0.5 %.',
  ]);
});

test('keeps a bracketed citation with the sentence it follows', () => {
  assert.deepEqual(splitSentences('Vitamin D was protective. [12] A second trial disagreed. [3, 4] Done.'), [
    'Vitamin D was protective. [12]',
    'A second trial disagreed. [3, 4]',
    'Done.',
  ]);
});

test('splits Japanese on 。！？ and keeps closing brackets', () => {
  assert.deepEqual(splitSentences('マスクは有効である。「本当か？」と彼は尋ねた。驚いた！'), [
    'マスクは有効である。',
    '「本当か？」',
    'と彼は尋ねた。',
    '驚いた！',
  ]);
});

test('handles mixed Japanese and English, blank lines and no final stop', () => {
  assert.deepEqual(splitSentences('Results\n\nThe drug lowered HbA1c by 1.2 %. 副作用はなかった。No deaths occurred'), [
    'Results',
    'The drug lowered HbA1c by 1.2 %.',
    '副作用はなかった。',
    'No deaths occurred',
  ]);
});

test('does not split before a lower-case continuation and caps the sentence count', () => {
  assert.deepEqual(splitSentences('The p. value was low. ok then.'), ['The p. value was low. ok then.']);
  assert.deepEqual(splitSentences('One is here. Two is here. Three is here.', { maxSentences: 2 }), ['One is here.', 'Two is here.']);
});
