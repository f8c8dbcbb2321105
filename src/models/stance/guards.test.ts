// The rules after the network, on their own (no trained weights needed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pairFeatures, prepareText, type FeatureResources } from './features.js';
import { applyGuard, guardOf } from './guards.js';
import { CURATED_ANTONYMS } from './lexicon.js';
import { WordVectors } from './word-vectors.js';

const antonyms = new Set<string>();
for (const [a, b] of CURATED_ANTONYMS) antonyms.add(`${a}|${b}`).add(`${b}|${a}`);
const resources: FeatureResources = { vectors: new WordVectors({ words: [], data: new Float32Array(0), dimensions: 4 }), antonyms, hashBuckets: 1024 };

function guard(claim: string, sentence: string) {
  const c = prepareText(claim, resources);
  const s = prepareText(sentence, resources);
  return guardOf(c, s, pairFeatures(c, s, resources).hand);
}

test('a negation over aligned words on one side only is a contrast', () => {
  assert.equal(guard('Smoking does not cause lung cancer.', 'Smoking causes lung cancer.'), 'contrast');
  assert.equal(guard('Vitamin C causes kidney stones.', 'Vitamin C does not cause kidney stones.'), 'contrast');
  assert.equal(guard('Smoking causes lung cancer.', 'Smoking causes lung cancer in adults.'), undefined);
});

test('opposite direction words are a contrast; a negated opposite is not', () => {
  assert.equal(guard('Vitamin D increases the risk of fractures.', 'Vitamin D decreases the risk of fractures.'), 'contrast');
  assert.equal(guard('Mask wearing lowers transmission of influenza.', 'Mask wearing raises transmission of influenza.'), 'contrast');
  assert.equal(guard('Vitamin D does not increase the risk of fractures.', 'Vitamin D decreases the risk of fractures.'), undefined);
});

test('a claim number missing from a sentence with numbers is a contrast; names with digits are not numbers', () => {
  assert.equal(guard('The vaccine reduced infections by 50 %.', 'The vaccine reduced infections by 5 %.'), 'contrast');
  assert.equal(guard('The vaccine reduced infections by 50 %.', 'The vaccine reduced infections by 49.6 % (n = 300).'), undefined);
  assert.equal(guard('COVID-19 patients recovered faster with the drug.', 'COVID-19 patients recovered faster with the drug in 2020.'), undefined);
});

test('a sentence sharing no claim word is unrelated', () => {
  assert.equal(guard('Masks reduce transmission of influenza.', 'The Eiffel Tower was completed in 1889 in Paris.'), 'unrelated');
  assert.equal(guard('Masks reduce transmission of influenza.', 'Masks were worn by 80 % of staff.'), undefined);
});

test('applyGuard: unrelated moves mass to neutral; contrast swaps a supports judgement only', () => {
  const p = Float32Array.from([0.7, 0.2, 0.1]);
  const u = applyGuard(p, 'unrelated');
  assert.ok(u[2]! > 0.9 && Math.abs(u[0]! + u[1]! + u[2]! - 1) < 1e-6);
  assert.deepEqual([...applyGuard(p, 'contrast')], [...Float32Array.from([0.2, 0.7, 0.1])]);
  const r = Float32Array.from([0.2, 0.7, 0.1]);
  assert.deepEqual([...applyGuard(r, 'contrast')], [...r]);
  assert.deepEqual([...applyGuard(p, undefined)], [...p]);
});
