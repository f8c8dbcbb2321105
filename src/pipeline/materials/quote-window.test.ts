// Quotes cut around the decisive sentence: verbatim slices on word boundaries, placed in the fragment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quoteWindow } from './quote-window.js';

const before = 'Participants were followed for twelve months by assessors who did not know the groups. '.repeat(6);
const decisive = 'Brisk walking lowered systolic blood pressure by 6 mmHg.';
const after = ' The effect persisted at the six-month follow-up in men and women alike.'.repeat(6);
const text = `${before}${decisive}${after}`;

test('a fragment that fits is the quote, with the decisive sentence located', () => {
  const w = quoteWindow(decisive, { maxChars: 300, decisive });
  assert.deepEqual(w, { quote: decisive, decisiveSpan: [0, decisive.length] });
  assert.deepEqual(quoteWindow('short text', { maxChars: 300 }), { quote: 'short text' });
});

test('a long fragment is cut to a window centred on the decisive sentence, on word boundaries', () => {
  const w = quoteWindow(text, { maxChars: 200, decisive });
  assert.ok(w.quote.length <= 200, `${w.quote.length}`);
  assert.ok(w.quote.includes(decisive));
  const [start, end] = w.span!;
  assert.equal(text.slice(start, end), w.quote, 'the quote is a verbatim slice at its span');
  assert.equal(w.quote.slice(w.decisiveSpan![0], w.decisiveSpan![1]), decisive);
  assert.ok(start === 0 || /\s/.test(text[start - 1]!), 'starts at a word');
  assert.ok(end === text.length || /\s/.test(text[end]!), 'ends at a word');
  // Centred: the text around the sentence is split roughly evenly.
  const left = w.decisiveSpan![0];
  const right = w.quote.length - w.decisiveSpan![1];
  assert.ok(Math.abs(left - right) < 40, `${left} vs ${right}`);
});

test('near an end the window takes its room on the other side; without a decisive sentence it starts at the beginning', () => {
  const first = quoteWindow(`${decisive}${after}`, { maxChars: 150, decisive });
  assert.deepEqual([first.span![0], first.decisiveSpan![0]], [0, 0]);
  assert.ok(first.quote.length > decisive.length + 50);
  const none = quoteWindow(text, { maxChars: 120, decisive: 'a sentence that is not there' });
  assert.equal(none.span![0], 0);
  assert.equal(none.decisiveSpan, undefined);
  assert.ok(none.quote.length <= 120 && text.startsWith(none.quote));
});

test('a decisive sentence longer than the window is cut itself; surrogate pairs are never split', () => {
  const long = quoteWindow(text, { maxChars: 30, decisive });
  assert.ok(decisive.startsWith(long.quote) && long.quote.length <= 30);
  assert.equal(long.decisiveSpan, undefined);
  const emoji = '😀'.repeat(100);
  const w = quoteWindow(emoji, { maxChars: 51 });
  assert.ok(w.quote.length <= 51 && w.quote.length % 2 === 0, 'whole pairs only');
});

test("an edge's stored span places the decisive sentence, also where its text occurs twice; an out-of-range span falls back to the text", () => {
  const twice = `${decisive} ${'Filler words about the trial and its methods. '.repeat(8)}${decisive}`;
  const second = twice.lastIndexOf(decisive);
  const w = quoteWindow(twice, { maxChars: 120, decisive, decisiveSpan: [second, second + decisive.length] });
  assert.ok(w.span && w.span[0] > 0, 'the window is around the second occurrence, the one the span names');
  assert.equal(w.quote.slice(w.decisiveSpan![0], w.decisiveSpan![1]), decisive);
  assert.deepEqual(quoteWindow(twice, { maxChars: 120, decisive }).span?.[0] ?? 0, 0, 'by text, the first occurrence');
  assert.deepEqual(quoteWindow(decisive, { maxChars: 300, decisive, decisiveSpan: [5, 999] }), { quote: decisive, decisiveSpan: [0, decisive.length] });
});
