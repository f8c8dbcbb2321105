import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contradictsQuantity, quantitiesOf } from './quantities.js';
import { tokenize } from '../../extract/index.js';

const q = (text: string) => quantitiesOf(tokenize(text));

test('numbers get a kind and a unit', () => {
  assert.deepEqual(
    q('reduced infections by 50 %').map((x) => [x.value, x.kind]),
    [[50, 'percent']],
  );
  assert.deepEqual(
    q('between 29 and 50 percent of the coral').map((x) => x.kind),
    ['percent', 'percent'],
  );
  assert.deepEqual(
    q('bleachings in 1998 and 2010').map((x) => x.kind),
    ['year', 'year'],
  );
  assert.deepEqual(
    q('every 4–7 years').map((x) => [x.kind, x.unit]),
    [
      ['count', 'year'],
      ['count', 'year'],
    ],
  );
  assert.deepEqual(
    q('the trial enrolled 300 patients').map((x) => x.unit),
    ['patient'],
  );
  assert.deepEqual(
    q('2010 patients were enrolled').map((x) => [x.kind, x.unit]),
    [['count', 'patient']],
  );
});

test('only a different number of the same quantity contradicts', () => {
  const [fifty] = q('reduced infections by 50 %');
  assert.equal(contradictsQuantity(fifty!, q('reduced infections by 5 %')), true);
  assert.equal(contradictsQuantity(fifty!, q('reduced infections by 49.8 %')), false, 'within 5 %');
  assert.equal(contradictsQuantity(fifty!, q('in 2010 infections fell')), false, 'a year is not a percentage');
  const [every] = q('every 4–7 years, El Niño bleaches reefs');
  assert.equal(contradictsQuantity(every!, q('bleaching events were recorded in 1998 and 2010')), false, 'no frequency to disagree with');
  const [patients] = q('the trial enrolled 300 patients');
  assert.equal(contradictsQuantity(patients!, q('the trial enrolled 30 patients')), true);
  assert.equal(contradictsQuantity(patients!, q('the trial lasted 30 days')), false);
});
