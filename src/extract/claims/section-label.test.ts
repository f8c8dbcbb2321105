import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leadingLabelLength, sectionLabelLength } from './section-label.js';

const cut = (f: (s: string) => number, s: string): string => s.slice(f(s));

test("a claim starts after a structured abstract's section label, in either case; a speaker or a procedure label stays", () => {
  assert.equal(cut(sectionLabelLength, 'CONCLUSIONS: Coffee did not lower the risk.'), 'Coffee did not lower the risk.');
  assert.equal(cut(sectionLabelLength, 'Conclusions and Relevance: Coffee did not lower the risk.'), 'Coffee did not lower the risk.');
  assert.equal(cut(sectionLabelLength, 'key findings: Coffee did not lower the risk.'), 'Coffee did not lower the risk.');
  assert.equal(sectionLabelLength('WHO: Vaccines are safe.'), 0);
  assert.equal(sectionLabelLength('METHODS: We followed 41,286 adults.'), 0, 'the screen reads procedure labels');
  assert.equal(sectionLabelLength('Results show that coffee is safe.'), 0, 'no colon, no label');
  assert.equal(sectionLabelLength('RESULTS:'), 0, 'a label with nothing after it is no sentence to cut');
  // The screen reads a heading left before its sentence with a full stop too.
  assert.equal(sectionLabelLength('Results. Mortality fell by a third.'), 0);
  assert.equal(
    cut((s) => sectionLabelLength(s, { stop: true }), 'Results. Mortality fell by a third.'),
    'Mortality fell by a third.',
  );
});

test('the slot reader drops any section name and any run of capitalised words before a colon, but not a word in lower case', () => {
  assert.equal(cut(leadingLabelLength, 'METHODS AND FINDINGS: Walking lowered blood pressure.'), 'Walking lowered blood pressure.');
  assert.equal(cut(leadingLabelLength, 'Methods and Findings: Walking lowered blood pressure.'), 'Walking lowered blood pressure.');
  assert.equal(cut(leadingLabelLength, 'Objectives: to test walking.'), 'to test walking.');
  assert.equal(cut(leadingLabelLength, 'WHO: Vaccines are safe.'), 'Vaccines are safe.');
  assert.equal(cut(leadingLabelLength, 'Interpretation: Walking helps.'), 'Walking helps.');
  assert.equal(leadingLabelLength('However: walking helps.'), 0);
  assert.equal(leadingLabelLength('Walking lowered blood pressure: by 5 mmHg.'), 0);
});
