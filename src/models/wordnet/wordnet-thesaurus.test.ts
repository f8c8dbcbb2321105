import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createWordNetThesaurus, sameStem } from './index.js';

const wn = createWordNetThesaurus();

test('synonyms come from the dominant first sense, in WordNet order, without forms of the term', () => {
  assert.deepEqual(wn.synonyms('hypertension'), ['high blood pressure']);
  assert.deepEqual(wn.synonyms('exercise'), ['physical exercise', 'physical exertion', 'workout'], '"exercising" is a form of the term');
  assert.deepEqual(wn.synonyms('risk'), ['hazard', 'jeopardy', 'peril'], 'read as the noun');
  assert.deepEqual(wn.synonyms('hazards'), ['jeopardy', 'peril', 'risk'], 'the base form by detachment');
  assert.deepEqual(wn.synonyms('reduced'), [], 'read as the verb "reduce": verb synonyms shift the sense, none are used');
  assert.deepEqual(wn.synonyms('Cars'), ['auto', 'automobile', 'motorcar'], '"machine" reads first as the device, not the car');
});

test('a synonym is kept only when its own reading is the same sense: WordNet lists words of other first senses among a synset’s lemmas', () => {
  // "dark" reads first as the adjective; "emphasis", "accent" as the prominence of a syllable; "java",
  // "test", "run", "grounds", "cold" each first as something else. A query would be sent elsewhere.
  for (const term of ['night', 'stress', 'coffee', 'trial', 'evidence', 'common cold']) assert.deepEqual(wn.synonyms(term), [], term);
  assert.deepEqual(wn.synonyms('vitamin c'), ['ascorbic acid']);
  assert.deepEqual(wn.synonyms('aspirin'), ['acetylsalicylic acid']);
  assert.deepEqual(wn.synonyms('flu'), ['influenza', 'grippe']);
});

test('a collocation is one term; a known term without a trusted synonym is [], an unknown one undefined', () => {
  assert.deepEqual(wn.synonyms('climate change'), ['global climate change']);
  assert.deepEqual(wn.synonyms('sea level'), [], 'known, nothing but itself');
  assert.deepEqual(wn.synonyms('warming'), [], 'two senses, none attested as dominant');
  assert.equal(wn.synonyms('remdesivir'), undefined);
  assert.equal(wn.synonyms('quantum computing'), undefined);
  assert.equal(wn.synonyms('covid-19'), undefined, 'digits are not looked up');
  assert.equal(wn.synonyms(''), undefined);
});

test('at most maxSynonyms per term; the same answer twice (memoized)', () => {
  const one = createWordNetThesaurus({ maxSynonyms: 1 });
  assert.deepEqual(one.synonyms('effect'), ['consequence']);
  assert.deepEqual(one.synonyms('effect'), ['consequence']);
});

test('sameStem: forms of one word', () => {
  assert.ok(sameStem('walk', 'walking'));
  assert.ok(sameStem('efficacy', 'efficaciousness'));
  assert.ok(!sameStem('hazard', 'risk'));
  assert.ok(sameStem('auto', 'automobile'), 'conservative: a shared stem of 4 letters is enough');
});
