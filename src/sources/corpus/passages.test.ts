import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentPassages, MAX_PASSAGES, PASSAGE_CHARS } from './passages.js';

const sentence = (i: number): string => `Sentence number ${i} reports a finding about honeybee foraging in some detail here.`;

test('documentPassages: a text of one window has none (the lead holds it all)', () => {
  assert.deepEqual(documentPassages('Title', 'One short sentence. Another one.'), []);
  assert.deepEqual(documentPassages('Title', 'x'.repeat(PASSAGE_CHARS)), []);
});

test('documentPassages: sentence-aligned windows of at most PASSAGE_CHARS, each after the title, in order', () => {
  const text = Array.from({ length: 20 }, (_, i) => sentence(i)).join(' ');
  const passages = documentPassages('Bees', text);
  assert.ok(passages.length > 1);
  for (const p of passages) {
    assert.ok(p.startsWith('Bees Sentence number '), p);
    assert.ok(p.length - 'Bees '.length <= PASSAGE_CHARS, `${p.length}`);
    assert.ok(p.endsWith('detail here.'), 'a window ends at a sentence end');
  }
  // Every sentence is in exactly one window, in order.
  const joined = passages.map((p) => p.slice('Bees '.length)).join(' ');
  assert.equal(joined, text);
});

test('documentPassages: a sentence longer than a window is a window of its own; MAX_PASSAGES caps the count', () => {
  const long = `Words ${'word '.repeat(200).trim()}.`;
  const passages = documentPassages('T', `${sentence(1)} ${long} ${sentence(2)}`);
  assert.deepEqual(
    passages.map((p) => p.length > PASSAGE_CHARS),
    [false, true, false],
  );
  const many = Array.from({ length: 200 }, (_, i) => sentence(i)).join(' ');
  assert.equal(documentPassages('T', many).length, MAX_PASSAGES);
  assert.equal(documentPassages('T', many, { max: 3, chars: 300 }).length, 3);
});
