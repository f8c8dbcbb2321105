// Negation constructions that do not negate, and the scope of those that do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { litotesBase, negationScope, resolveNegationConstructions } from './negation.js';
import { tokenize } from '../../extract/index.js';

const KNOWN = new Set(['common', 'usual', 'possible', 'significant', 'likely', 'like', 'related', 'crease', 'form', 'missed', 'expected', 'formative']);
const known = (w: string): boolean => KNOWN.has(w);
const rewrite = (text: string): string =>
  resolveNegationConstructions(tokenize(text), known)
    .map((t) => t.word)
    .join(' ');
const negatedWords = (text: string): string[] => {
  const tokens = resolveNegationConstructions(tokenize(text), known);
  const { negated } = negationScope(tokens);
  return tokens.filter((_, i) => negated[i]).map((t) => t.word);
};

test('focus and scalar phrases lose their cue words', () => {
  assert.equal(rewrite('Not only do emissions rise, but temperatures also rise.'), 'do emissions rise , but temperatures also rise .');
  assert.equal(rewrite('It affects not just the elderly.'), 'it affects the elderly .');
  assert.equal(rewrite('Wildfires are no longer only a western threat.'), 'wildfires are a western threat .');
  assert.equal(rewrite('Many species, not least corals, suffer.'), 'many species , corals , suffer .');
  assert.equal(rewrite('It is unclear whether or not storms will increase.'), 'it is unclear whether or storms will increase .');
  assert.equal(rewrite('Many, if not most, glaciers retreat.'), 'many , if most , glaciers retreat .');
  assert.equal(rewrite('No fewer than 40 countries signed.'), '40 countries signed .');
  assert.equal(rewrite('Coal emits CO2, not to mention mercury.'), 'coal emits co2 , mercury .');
});

test('certainty phrases are not negations; "cannot be ruled out" is a hedge', () => {
  assert.equal(rewrite('There is no doubt that seas are rising.'), 'there is that seas are rising .');
  assert.equal(rewrite('It is without a doubt the cause.'), 'it is the cause .');
  assert.equal(rewrite('A collapse cannot be ruled out.'), 'a collapse can possibly .');
});

test('double negation reads as the positive word; verbs with a prefix stay negated', () => {
  assert.equal(rewrite('Frost is not uncommon there.'), 'frost is common there .');
  assert.equal(rewrite('It is not impossible.'), 'it is possible .');
  assert.equal(rewrite('The effect is not insignificant.'), 'the effect is significant .');
  assert.equal(rewrite('Geoengineering is not without risks.'), 'geoengineering is risks .');
  assert.equal(rewrite('The result was not unexpected.'), 'the result was expected .');
  assert.deepEqual(negatedWords('CO2 does not increase warming.'), ['increase', 'warming']);
  assert.deepEqual(negatedWords('The case was not dismissed.'), ['dismissed']);
  assert.equal(litotesBase('increase', known), undefined);
  assert.equal(litotesBase('informative', known), undefined);
  assert.equal(litotesBase('unlikely', known), 'likely');
});

test('"not … until" asserts the event', () => {
  assert.deepEqual(negatedWords('It was not until 1990 that the treaty passed.'), []);
  assert.deepEqual(negatedWords('The treaty did not enter into force until 2005.'), []);
});

test('true negations keep a scope that ends at punctuation and clause breaks', () => {
  assert.deepEqual(negatedWords('Smoking does not cause lung cancer.'), ['cause', 'lung', 'cancer']);
  assert.deepEqual(negatedWords('Rain did not fall but snow did.'), ['fall']);
  assert.deepEqual(negatedWords('The lake no longer freezes in winter.'), ['longer', 'freezes', 'in', 'winter']);
  assert.deepEqual(negatedWords('There is no link, says the report.'), ['link']);
});
