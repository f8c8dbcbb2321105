import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostnameOf, registrableDomain } from './domain.js';

const cases: Array<[string, string]> = [
  ['www.mhlw.go.jp', 'mhlw.go.jp'],
  ['en.wikipedia.org', 'wikipedia.org'],
  ['a.b.example.co.uk', 'example.co.uk'],
  ['https://pubmed.ncbi.nlm.nih.gov/123/', 'nih.gov'],
  ['www.u-tokyo.ac.jp', 'u-tokyo.ac.jp'],
  ['EXAMPLE.ORG', 'example.org'],
  ['127.0.0.1', '127.0.0.1'],
  ['localhost', 'localhost'],
];

for (const [input, expected] of cases) {
  test(`registrableDomain(${input}) = ${expected}`, () => assert.equal(registrableDomain(input), expected));
}

test('hostnameOf accepts URLs and bare hosts', () => {
  assert.equal(hostnameOf('https://Sub.Example.org:8443/x?y'), 'sub.example.org');
  assert.equal(hostnameOf('sub.example.org'), 'sub.example.org');
});
