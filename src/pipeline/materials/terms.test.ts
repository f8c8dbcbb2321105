import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTerms, overlapCoefficient, stemWord, termCoverage } from './terms.js';

test('content terms: lower case, stop words out, light stemming, hyphenated parts, CJK bigrams', () => {
  assert.deepEqual(contentTerms('The viruses were detected in COVID-19 patients'), ['virus', 'detect', 'covid', '19', 'patient']);
  assert.deepEqual(contentTerms('Studies’ results'), ['study', 'result']);
  assert.deepEqual(contentTerms('喫煙は肺がん'), ['喫煙', '煙は', 'は肺', '肺が', 'がん']);
  assert.equal(stemWord('running'), 'runn');
  assert.equal(stemWord('glass'), 'glass');
  assert.equal(stemWord('virus'), 'virus');
  assert.equal(stemWord('matches'), 'match');
  assert.equal(stemWord('cases'), 'case');
});

test('coverage and overlap coefficient', () => {
  assert.equal(termCoverage(['a', 'b', 'c', 'd'], new Set(['a', 'c'])), 0.5);
  assert.equal(termCoverage([], new Set(['a'])), 0);
  assert.equal(overlapCoefficient(['a', 'b'], ['b', 'c', 'd', 'e']), 0.5);
  assert.equal(overlapCoefficient([], ['a']), 0);
});
