// The subject by other names: a claim that says "ascorbic acid" is about "vitamin C"; a one-word synonym
// of a single word (WordNet's "speculation" for "meditation") is never taken.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Thesaurus } from '../../core/index.js';
import { normalizeClaim } from '../../extract/index.js';
import { analyzeQuestion } from './question.js';
import { claimRelevance, termWeights } from './relevance.js';
import { subjectSynonyms } from './subject-synonyms.js';

// The entries WordNet 3.1 gives for these terms (models/wordnet reads the real files; this layer reads the interface).
const TABLE: Readonly<Record<string, string[]>> = {
  'vitamin c': ['ascorbic acid'],
  vitamin: [],
  c: ['degree centigrade'],
  meditation: ['speculation'],
  aspirin: ['acetylsalicylic acid'],
  'vitamin d': ['calciferol', 'viosterol', 'ergocalciferol', 'cholecalciferol'],
  'mobile phone': ['cellular telephone', 'cellular phone', 'cellphone', 'cell'],
};
const thesaurus: Thesaurus = { name: 'table', synonyms: (term) => TABLE[term] };
const termsOf = (text: string): string[] => normalizeClaim({ text, source: 'test' }).terms;

test('subject spans known by other names: names of several words, long one-word names of a collocation, never a letter alone', () => {
  const vitaminC = analyzeQuestion('Does vitamin C shorten the common cold?');
  assert.deepEqual(subjectSynonyms(vitaminC, thesaurus, termsOf), [{ terms: ['vitamin', 'c'], alternatives: [['ascorbic', 'acid']] }]);
  assert.deepEqual(subjectSynonyms(analyzeQuestion('Does vitamin D prevent fractures?'), thesaurus, termsOf), [
    { terms: ['vitamin', 'd'], alternatives: [['calciferol'], ['viosterol'], ['ergocalciferol'], ['cholecalciferol']] },
  ]);
  assert.deepEqual(subjectSynonyms(analyzeQuestion('Does mobile phone use cause cancer?'), thesaurus, termsOf), [
    { terms: ['mobile', 'phone'], alternatives: [['cellular', 'telephone'], ['cellular', 'phone'], ['cellphone']] },
  ]);
  assert.deepEqual(subjectSynonyms(analyzeQuestion('Does meditation reduce anxiety?'), thesaurus, termsOf), []);
  assert.deepEqual(subjectSynonyms(analyzeQuestion('Does aspirin prevent heart attacks?'), thesaurus, termsOf), [
    { terms: ['aspirin'], alternatives: [['acetylsalicylic', 'acid']] },
  ]);
  assert.deepEqual(subjectSynonyms(analyzeQuestion('ビタミンCは風邪を短くするか？'), thesaurus, termsOf), [], 'English only');
});

test('relevance: a claim naming the subject otherwise holds it; one naming part of another name does not', () => {
  const read = analyzeQuestion('Does vitamin C shorten the common cold?');
  const q = { ...read, subjectSynonyms: subjectSynonyms(read, thesaurus, termsOf) };
  const trial = termsOf('Taking at least 200 mg of ascorbic acid a day reduced the duration of common colds by 8%.');
  const acid = termsOf('Folic acid supplements reduced the duration of common colds.');
  const weights = termWeights([trial, acid]);
  assert.equal(claimRelevance(read, trial, weights).subject, 0, 'without synonyms the trial names nothing of the subject');
  assert.equal(claimRelevance(q, trial, weights).subject, 1);
  assert.ok(claimRelevance(q, trial, weights).relevance >= 0.3, String(claimRelevance(q, trial, weights).relevance));
  assert.equal(claimRelevance(q, acid, weights).subject, 0);
});
