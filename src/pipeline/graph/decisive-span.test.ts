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
