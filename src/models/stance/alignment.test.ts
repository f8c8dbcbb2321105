// "Same event first": which sentence words count as holding the claim's slots, on the shipped vectors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { slotAlignment, slotTerms } from './alignment.js';
import { DEFAULT_STANCE_WEIGHTS_PATH } from './embedded.js';
import { prepareText } from './features.js';
import { loadVectorsFile } from './vectors-file.js';

const resources = await loadVectorsFile(join(DEFAULT_STANCE_WEIGHTS_PATH, '..', 'stance-en.vectors'));
const align = (claim: string, sentence: string) => slotAlignment(slotTerms(claim), prepareText(sentence, resources), resources);

test('the contrast on the same predicate is aligned: a direction word against a direction word, an antonym', () => {
  // "raises" ↔ "lowers": the blog and the trial speak of one event, in opposite directions.
  const a = align('Exercise raises blood pressure.', 'Regular aerobic exercise lowers resting blood pressure in adults with hypertension.');
  assert.deepEqual(a, { subject: 1, rest: 1 });
  // An antonym from WordNet or the curated list ("dead" ↔ "alive").
  assert.equal(align('Most of the coral is dead.', 'Most of the coral is alive.').rest, 1);
});

test('what the claim says of its subject must be in the sentence: a direction word needs a direction word', () => {
  assert.deepEqual(align('Exercise raises blood pressure.', 'Exercise is popular among adults.'), { subject: 1, rest: 0 });
  // The same verb alone does not make the same event: "raises heart rate" is another fact.
  assert.equal(align('Exercise raises blood pressure.', 'Exercise raises heart rate.').rest, 0);
  assert.equal(align('Exercise raises blood pressure.', 'Exercise raises heart rate and blood flow.').rest, 2 / 3);
});

test('a contrast counts only when another word anchors the same event', () => {
  // A direction is shared, the outcome is not: mortality is not negative conversion.
  assert.equal(
    align('Hydroxychloroquine lowers the risk of mortality.', 'Hydroxychloroquine did not result in a higher probability of negative conversion.').rest,
    0,
  );
  assert.equal(align('Hydroxychloroquine lowers the risk of mortality.', 'Hydroxychloroquine raises the risk of mortality in older patients.').rest, 1);
  // A claim that says nothing but a direction of its subject: the subject is the event.
  assert.equal(align('Global sea level rise has accelerated since 1993.', 'Sea level rise slowed down after 2000.').rest, 1);
});

test('"There is X": the network reads X after the verb, as it was trained (the slots name X the subject)', () => {
  const terms = slotTerms('There is no airborne transmission of COVID-19.');
  assert.deepEqual(terms.subject, []);
  assert.deepEqual(
    terms.rest.map((t) => t.stem),
    ['no', 'airborn', 'transmission', 'covid-19'],
  );
});

test('taking something in is one thing whether said with a verb or a noun: "drinking coffee" is "coffee consumption"', () => {
  const claim = 'Drinking coffee does reduce the risk of type 2 diabetes.';
  assert.equal(align(claim, 'In this large cohort, coffee consumption did not lower the risk of type 2 diabetes.').subject, 1);
  assert.equal(align(claim, 'Heavy coffee drinkers had the same incidence of type 2 diabetes as non-drinkers.').subject, 1);
  // Another subject stays half held: coffee, but not taken in.
  assert.equal(align(claim, 'Coffee prices did not lower the risk of type 2 diabetes.').subject, 0.5);
});
