// Kinds of a thing named in a sentence (Hearst's patterns): the class and its kinds as written, and the
// sentences that look like the patterns but name no kinds (a count, a pronoun, a complement, a verb the
// tagger read as a noun).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kindsIn } from './kinds.js';

const pairs = (sentence: string): string[] => kindsIn(sentence).map((k) => `${k.kind} < ${k.of}`);

test('"such as", ", including", "e.g." and "and other": each kind with its class', () => {
  assert.deepEqual(pairs('Neonicotinoids such as imidacloprid, clothianidin and thiamethoxam are widely used on crops.'), [
    'imidacloprid < neonicotinoids',
    'clothianidin < neonicotinoids',
    'thiamethoxam < neonicotinoids',
  ]);
  assert.deepEqual(pairs('Ultra-processed foods, including soft drinks and packaged snacks, were linked to cancer.'), [
    'soft drinks < ultra-processed foods',
    'packaged snacks < ultra-processed foods',
  ]);
  assert.deepEqual(pairs('Selective serotonin reuptake inhibitors (e.g. fluoxetine, sertraline) are common antidepressants.'), [
    'fluoxetine < selective serotonin reuptake inhibitors',
    'sertraline < selective serotonin reuptake inhibitors',
  ]);
  // "forms of X" is X; "lower" (tagged as an adjective) starts the predicate, not the class.
  assert.deepEqual(pairs('Aerobic exercise, brisk walking and other forms of physical activity lower blood pressure.'), [
    'aerobic exercise < physical activity',
    'brisk walking < physical activity',
  ]);
  assert.deepEqual(pairs('Some vaccines, such as the measles vaccine, give lifelong protection.'), ['measles vaccine < vaccines']);
  assert.deepEqual(pairs('Symptoms such as fever or cough appeared within two days.'), ['fever < symptoms', 'cough < symptoms']);
});

test('"X covers several <class>, including <kinds>": the kinds are X\'s too, hyphenated names whole', () => {
  assert.deepEqual(pairs('Intermittent fasting covers several eating patterns, including alternate-day fasting, the 5:2 diet and time-restricted eating.'), [
    'alternate-day fasting < eating patterns',
    '5:2 diet < eating patterns',
    'time-restricted eating < eating patterns',
    'alternate-day fasting < intermittent fasting',
    '5:2 diet < intermittent fasting',
    'time-restricted eating < intermittent fasting',
  ]);
});

test('look-alikes name no kinds: a count, a pronoun, a complement of a preposition, a swallowed verb', () => {
  assert.deepEqual(pairs('The study, including 500 adults, found no effect.'), []);
  assert.deepEqual(pairs('U.S. older adults, including those aged 65 years or more, appear to be at higher risk.'), []);
  assert.deepEqual(pairs('Satellites measure regional variations in sea level, such as the substantial rise between 1993 and 2012.'), []);
  // The tagger reads "harm" as a noun: with no verb left after the list, its last item is dropped.
  assert.deepEqual(pairs('Pesticides such as imidacloprid harm bees.'), []);
  assert.deepEqual(pairs('Greenhouse gases such as carbon dioxide and methane trap heat.'), ['carbon dioxide < greenhouse gases']);
  // "including" without a comma is a participle of many verbs ("threats including warming"): not read.
  assert.deepEqual(pairs('Coral reefs face threats including warming, acidification and pollution.'), []);
  assert.deepEqual(pairs('Coral reefs are dying because of climate change.'), [], 'no marker, no tagging');
});
