// The subject through its kinds: a claim about alternate-day fasting holds "intermittent fasting" where
// the run's texts say it is one; a class wider than the subject (its head alone) never counts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kindsIn, normalizeClaim } from '../../extract/index.js';
import { analyzeQuestion } from './question.js';
import { claimRelevance, termWeights } from './relevance.js';
import { subjectKinds, withSubjectKinds } from './subject-kinds.js';

const termsOf = (text: string): string[] => normalizeClaim({ text, source: 'test' }).terms;

test("the subject's kinds: the class is the subject, or a span of it without its head; a kind that adds no term is dropped", () => {
  const fasting = analyzeQuestion('Does intermittent fasting help people lose weight?');
  const definition = kindsIn('Intermittent fasting covers several eating patterns, including alternate-day fasting, the 5:2 diet and time-restricted eating.');
  assert.deepEqual(subjectKinds(fasting, definition, termsOf), [
    { terms: ['intermittent', 'fasting'], alternatives: [termsOf('alternate-day fasting'), termsOf('5:2 diet'), termsOf('time-restricted eating')] },
  ]);
  const bees = analyzeQuestion('Do neonicotinoid pesticides harm honeybees?');
  assert.deepEqual(subjectKinds(bees, kindsIn('Neonicotinoids such as imidacloprid and clothianidin are used on crops.'), termsOf), [
    { terms: ['neonicotinoid'], alternatives: [['imidacloprid'], ['clothianidin']] },
  ]);
  // "pesticides" is the head alone: glyphosate is a pesticide, not a neonicotinoid one.
  assert.deepEqual(subjectKinds(bees, kindsIn('Pesticides such as glyphosate and atrazine are used on crops.'), termsOf), []);
  const ice = analyzeQuestion('Is Arctic sea ice declining?');
  assert.deepEqual(subjectKinds(ice, kindsIn('Arctic shrinkage is a consequence of melting glaciers and other ice in Greenland.'), termsOf), []);
  assert.deepEqual(subjectKinds(fasting, [{ kind: 'fasting', of: 'intermittent fasting' }], termsOf), [], "a kind of the class's own terms");
  assert.deepEqual(subjectKinds(analyzeQuestion('断続的断食は減量に役立つか？'), definition, termsOf), [], 'English only');
});

test('relevance: a trial of a kind holds the subject; without the definition among the statements it does not', () => {
  const read = analyzeQuestion('Does intermittent fasting help people lose weight?');
  const definition = 'Intermittent fasting covers several eating patterns, including alternate-day fasting, the 5:2 diet and time-restricted eating.';
  const trial = termsOf('Participants who fasted on alternate days lost 6.0 percent of their body weight.');
  const tre = termsOf('Time-restricted eating combined with calorie restriction was not more effective in reducing body weight.');
  const weights = termWeights([termsOf(definition), trial, tre]);
  const q = withSubjectKinds(read, kindsIn(definition), termsOf);
  assert.equal(claimRelevance(read, tre, weights).subject, 0, 'the subject as written is not in the claim');
  assert.equal(claimRelevance(q, tre, weights).subject, 1);
  assert.ok(claimRelevance(q, tre, weights).relevance >= 0.3, String(claimRelevance(q, tre, weights).relevance));
  assert.equal(withSubjectKinds(read, [], termsOf), read, 'no kinds: the question as it was');
});
