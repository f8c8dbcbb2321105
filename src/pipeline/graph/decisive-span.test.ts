import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spanOfSentence } from '../../core/index.js';
import { decisiveFields } from './decisive-span.js';

test("an edge's decisive sentence is stored with where it sits in the fragment, or alone when the judge rewrote it", () => {
  const text = 'Methods were standard. Walking lowered blood pressure by 5 mmHg. It was safe.';
  assert.deepEqual(spanOfSentence(text, ' Walking lowered blood pressure by 5 mmHg. '), [23, 64]);
  assert.equal(text.slice(23, 64), 'Walking lowered blood pressure by 5 mmHg.');
  assert.deepEqual(decisiveFields(text, 'It was safe.'), { decisiveSentence: 'It was safe.', decisiveSpan: [65, 77] });
  assert.deepEqual(decisiveFields(text, 'Walking is safe, the authors say.'), { decisiveSentence: 'Walking is safe, the authors say.' });
  assert.deepEqual(decisiveFields(text, undefined), {});
});

test("a decisive sentence starts after its structured abstract's section label, as a claim's quote does", () => {
  const text = 'METHODS: We followed 41,286 adults. CONCLUSIONS: In this large cohort, coffee consumption did not lower the risk.';
  const fields = decisiveFields(text, 'CONCLUSIONS: In this large cohort, coffee consumption did not lower the risk.');
  assert.equal(fields.decisiveSentence, 'In this large cohort, coffee consumption did not lower the risk.');
  assert.equal(text.slice(...fields.decisiveSpan!), fields.decisiveSentence);
  // A judge that hands the sentence back with spaces around it gets the same span and sentence.
  assert.deepEqual(decisiveFields(text, '  CONCLUSIONS: In this large cohort, coffee consumption did not lower the risk. '), fields);
  // A label that is no section name stays, and so does a sentence the judge rewrote.
  assert.equal(decisiveFields('WHO: Vaccines are safe.', 'WHO: Vaccines are safe.').decisiveSentence, 'WHO: Vaccines are safe.');
  assert.deepEqual(decisiveFields(text, 'RESULTS: Coffee was fine.'), { decisiveSentence: 'Coffee was fine.' });
});
