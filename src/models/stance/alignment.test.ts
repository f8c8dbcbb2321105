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
  assert.equal(align('Exercise raises blood pressure.', 'Exercise raises heart rate.').rest, 1 / 3);
});
