import assert from 'node:assert/strict';
import { test } from 'node:test';
import { conditionsDisjoint, conditionsIn, statementConditions } from './conditions.js';

test('conditions: durations in minutes and ages in years, with open and closed bounds', () => {
  assert.deepEqual(conditionsIn('more than one hour of screen reading'), [
    { quantity: 'duration', low: 60, high: Number.POSITIVE_INFINITY, lowOpen: true, highOpen: true },
  ]);
  assert.deepEqual(conditionsIn('for at least 30 minutes'), [
    { quantity: 'duration', low: 30, high: Number.POSITIVE_INFINITY, lowOpen: false, highOpen: true },
  ]);
  assert.deepEqual(conditionsIn('Among teenagers aged 13 to 18'), [{ quantity: 'age', low: 13, high: 18, lowOpen: false, highOpen: false }]);
  assert.deepEqual(conditionsIn('adults over 65 years'), [{ quantity: 'age', low: 65, high: Number.POSITIVE_INFINITY, lowOpen: true, highOpen: true }]);
  assert.deepEqual(conditionsIn('between 2 and 4 weeks'), [{ quantity: 'duration', low: 2 * 7 * 1440, high: 4 * 7 * 1440, lowOpen: false, highOpen: false }]);
  assert.deepEqual(conditionsIn('10 minutes or more'), [{ quantity: 'duration', low: 10, high: Number.POSITIVE_INFINITY, lowOpen: false, highOpen: true }]);
  // A share is no condition; nor is a bare number.
  assert.deepEqual(conditionsIn('patients over 50% of whom were men'), []);
  assert.deepEqual(conditionsIn('the 30 participants'), []);
});

test('conditions are read in the subject and the scope, never in the finding', () => {
  assert.equal(statementConditions('Reading on screens for less than 30 minutes showed no effect on sleep in any age group.').length, 1);
  assert.equal(statementConditions('Among adults over 30, screen reading before bed had no measurable effect on sleep.')[0]!.quantity, 'age');
  // "took 10 minutes longer", "reduced by more than 50 %": what was found, not what it is about.
  assert.deepEqual(statementConditions('Volunteers took more than 10 minutes longer to fall asleep.'), []);
  assert.deepEqual(statementConditions('The drug reduced mortality by more than 50% over two years.'), []);
  assert.deepEqual(statementConditions('睡眠時間が30分未満の人は風邪をひきやすい。', 'ja'), []);
});

test('conditions: disjoint only when every condition on a quantity both state lies apart', () => {
  const under30 = statementConditions('Reading on screens for less than 30 minutes showed no effect on sleep.');
  const atLeast30 = statementConditions('Participants who read on screens for at least 30 minutes most nights had worse sleep.');
  const overAnHour = statementConditions('Among teenagers aged 13 to 18, more than one hour of screen reading was linked to later sleep.');
  const over30 = statementConditions('Among adults over 30, screen reading before bed had no measurable effect on sleep.');
  assert.equal(conditionsDisjoint(under30, atLeast30), true);
  assert.equal(conditionsDisjoint(under30, overAnHour), true);
  // Ages 13–18 and over 30 are apart; an age against a duration says nothing.
  assert.equal(conditionsDisjoint(over30, overAnHour), true);
  assert.equal(conditionsDisjoint(over30, atLeast30), false);
  // Overlapping ranges, and a statement with no condition, are not apart.
  assert.equal(conditionsDisjoint(atLeast30, overAnHour), false);
  assert.equal(conditionsDisjoint(under30, []), false);
  // A closed bound meets a closed bound: "up to 30 minutes" and "30 minutes or more" share 30.
  assert.equal(conditionsDisjoint(conditionsIn('up to 30 minutes'), conditionsIn('30 minutes or more')), false);
});

test('conditions: doses a day, compared only in the same unit', () => {
  const oneOrTwo = statementConditions('Drinking one or two cups of coffee a day lowers the risk of type 2 diabetes.');
  assert.deepEqual(oneOrTwo, [{ quantity: 'dose', unit: 'cup', low: 1, high: 2, lowOpen: false, highOpen: false }]);
  const fourOrMore = statementConditions('Participants who drank four or more cups of coffee per day had a 24% lower risk of type 2 diabetes.');
  assert.equal(conditionsDisjoint(oneOrTwo, fourOrMore), true);
  assert.equal(conditionsDisjoint(fourOrMore, statementConditions('Those who drank three to five cups a day had a lower risk.')), false);
  // Espressos are not cups: nothing is compared.
  assert.equal(
    conditionsDisjoint(oneOrTwo, statementConditions('People who drink at least three espressos a day are less likely to develop diabetes.')),
    false,
  );
  // A week's dose is a seventh of it a day; "per day" is a dose's period, not a duration.
  assert.deepEqual(conditionsIn('14 cigarettes a week'), [{ quantity: 'dose', unit: 'cigarette', low: 2, high: 2, lowOpen: false, highOpen: false }]);
  assert.equal(conditionsDisjoint(conditionsIn('at least 200 mg of ascorbic acid a day'), conditionsIn('less than 100 mg a day')), true);
});
