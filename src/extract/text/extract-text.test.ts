import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractMarkdown, extractPlainText, findUrlsInText } from './extract-text.js';

test('plain text: paragraphs on blank lines, wrapped lines joined, identifiers and URLs', () => {
  const doc = extractPlainText(
    'First paragraph\nwraps here.\n\n  \nSecond cites doi:10.1000/abc (see https://arxiv.org/abs/2101.00001).\r\n\r\nThird.',
    'file:///notes/a.txt',
  );
  assert.equal(doc.format, 'text');
  assert.equal(doc.text, 'First paragraph wraps here.\n\nSecond cites doi:10.1000/abc (see https://arxiv.org/abs/2101.00001).\n\nThird.');
  assert.deepEqual(
    doc.fragments!.map((f) => f.locator.paragraph),
    [0, 1, 2],
  );
  assert.deepEqual(doc.links, ['https://arxiv.org/abs/2101.00001']);
  assert.deepEqual(
    doc.foundIdentifiers!.map((i) => `${i.source}:${i.type}:${i.value}`),
    ['link:arxiv:2101.00001', 'text:doi:10.1000/abc'],
  );
  assert.equal(doc.title, undefined);
  const ja = extractPlainText('日本語の文章は\n改行されても一続きです。\nEnglish words\nkeep a space.', 'file:///ja.txt');
  assert.equal(ja.text, '日本語の文章は改行されても一続きです。\nEnglish words keep a space.'.replace('\n', ' '));
});

test('Markdown: front matter, headings as paths, lists, code, links', () => {
  const md = [
    '---',
    'title: Notes on X',
    'author: [Jane Roe, Rick Poe]',
    'date: 2023-04-05',
    'lang: en',
    '---',
    '# Notes on X',
    '',
    'Intro with a [link](https://doi.org/10.1000/md.1) and *emphasis*.',
    '',
    '## Evidence',
    '',
    '- first item',
    '- second item',
    '',
    '```',
    'code line',
    '```',
    '',
    '> quoted text',
  ].join('\n');
  const doc = extractMarkdown(md, 'file:///notes/x.md');
  assert.equal(doc.format, 'markdown');
  assert.equal(doc.title, 'Notes on X');
  assert.equal(doc.byline, 'Jane Roe, Rick Poe');
  assert.equal(doc.publishedAt, '2023-04-05');
  assert.equal(doc.language, 'en');
  assert.equal(doc.text, 'Notes on X\n\nIntro with a link and emphasis.\n\nEvidence\n\nfirst item\n\nsecond item\n\ncode line\n\nquoted text');
  assert.deepEqual(
    doc.fragments!.map((f) => [f.kind, (f.locator.headingPath ?? []).join('>')]),
    [
      ['paragraph', 'Notes on X'],
      ['list-item', 'Notes on X>Evidence'],
      ['list-item', 'Notes on X>Evidence'],
      ['code', 'Notes on X>Evidence'],
      ['quote', 'Notes on X>Evidence'],
    ],
  );
  assert.deepEqual(doc.academicLinks, ['https://doi.org/10.1000/md.1']);
});

test('broken front matter is a warning, not a failure', () => {
  const doc = extractMarkdown('---\ntitle: [unclosed\n---\nBody text.', 'file:///b.md');
  assert.equal(doc.text, 'Body text.');
  assert.match(doc.warnings[0]!, /^front matter is not valid YAML/);
});

test('URLs in text lose trailing punctuation', () => {
  assert.deepEqual(findUrlsInText('See https://example.com/a_(b). And (https://example.org/x), or https://x.example/「a」'), [
    'https://example.com/a_(b)',
    'https://example.org/x',
    'https://x.example/',
  ]);
});
