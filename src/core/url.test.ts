import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusDocumentUrl, hostOf, isTrackingParam, normalizeUrl, parseCorpusUrl } from './url.js';
import { LyraError } from './errors.js';

const cases: Array<[string, string, string]> = [
  ['lower-cases scheme and host', 'HTTPS://WWW.Example.ORG/Path', 'https://www.example.org/Path'],
  ['drops the default https port', 'https://example.org:443/a', 'https://example.org/a'],
  ['drops the default http port', 'http://example.org:80/a', 'http://example.org/a'],
  ['keeps a non-default port', 'http://example.org:8080/a', 'http://example.org:8080/a'],
  ['drops the fragment', 'https://example.org/a#section-2', 'https://example.org/a'],
  ['removes utm_* parameters', 'https://example.org/a?utm_source=x&utm_medium=y&id=3', 'https://example.org/a?id=3'],
  ['removes fbclid and gclid', 'https://example.org/?fbclid=abc&gclid=def&q=1', 'https://example.org/?q=1'],
  ['sorts the remaining query', 'https://example.org/s?z=1&a=2&m=3', 'https://example.org/s?a=2&m=3&z=1'],
  ['keeps repeated keys in order', 'https://example.org/s?b=2&a=1&a=0', 'https://example.org/s?a=1&a=0&b=2'],
  ['adds the root path', 'https://example.org', 'https://example.org/'],
  ['removes a trailing dot on the host', 'https://example.org./x', 'https://example.org/x'],
  ['leaves no "?" when every parameter was tracking', 'https://example.org/x?utm_campaign=c', 'https://example.org/x'],
  ['keeps percent-encoding of values', 'https://example.org/x?q=a%20b', 'https://example.org/x?q=a+b'],
];

for (const [name, input, expected] of cases) {
  test(`normalizeUrl ${name}`, () => assert.equal(normalizeUrl(input), expected));
}

test('normalizeUrl is idempotent', () => {
  for (const [, input] of cases) assert.equal(normalizeUrl(normalizeUrl(input)), normalizeUrl(input));
});

test('normalizeUrl rejects non-http input with invalid_input naming the input', () => {
  for (const bad of ['not a url', 'ftp://example.org/file', 'javascript:alert(1)', '']) {
    assert.throws(
      () => normalizeUrl(bad),
      (e: unknown) => e instanceof LyraError && e.category === 'invalid_input' && e.message.includes(JSON.stringify(bad)),
    );
  }
  // The message says what a valid input is, in the reader's words (no internal function's name).
  assert.throws(
    () => normalizeUrl('not-a-url'),
    (e: unknown) => e instanceof LyraError && e.message === 'not an absolute URL: "not-a-url" (an address such as https://example.org/page)',
  );
  assert.throws(
    () => normalizeUrl('ftp://x.org/a'),
    (e: unknown) => e instanceof LyraError && /only http and https/.test(e.message) && !/normalizeUrl/.test(e.message),
  );
});

test('isTrackingParam knows prefixes and names, case-insensitively', () => {
  assert.equal(isTrackingParam('UTM_Source'), true);
  assert.equal(isTrackingParam('gclid'), true);
  assert.equal(isTrackingParam('mtm_kwd'), true);
  assert.equal(isTrackingParam('id'), false);
  assert.equal(isTrackingParam('page'), false);
});

test('hostOf lower-cases and strips the trailing dot', () => {
  assert.equal(hostOf('https://WWW.MHLW.GO.JP./stf/'), 'www.mhlw.go.jp');
});

test('a corpus document URL keeps the folders of its id readable and reads back to the same corpus and id', () => {
  assert.equal(corpusDocumentUrl('bees', 'papers/2024/follow-up.txt'), 'corpus://bees/papers/2024/follow-up.txt');
  assert.equal(corpusDocumentUrl('my corpus', 'a b/c?d#e%f'), 'corpus://my%20corpus/a%20b/c%3Fd%23e%25f');
  assert.equal(corpusDocumentUrl('c', './../x'), 'corpus://c/%2E/%2E%2E/x');
  for (const id of ['Coral_bleaching', 'papers/2024/follow-up.txt', 'a b/c?d#e%f', './../x', '/abs/path.txt', 'clinic-notes.csv#2']) {
    assert.deepEqual(parseCorpusUrl(corpusDocumentUrl('bees', id)), { corpus: 'bees', id });
  }
  // A URL written before, with the slashes of the id encoded, reads the same.
  assert.deepEqual(parseCorpusUrl('corpus://bees/papers%2F2024%2Ffollow-up.txt'), { corpus: 'bees', id: 'papers/2024/follow-up.txt' });
});
