import assert from 'node:assert/strict';
import { test } from 'node:test';
import { leaningSide } from './stance-lean.js';

test('leaningSide: the larger of supports and refutes, neutral ignored, a tie to supports', () => {
  assert.equal(leaningSide({ supports: 0.2, refutes: 0.1, neutral: 0.7 }), 'supports');
  assert.equal(leaningSide({ supports: 0.1, refutes: 0.3, neutral: 0.6 }), 'refutes');
  assert.equal(leaningSide({ supports: 0.25, refutes: 0.25, neutral: 0.5 }), 'supports');
});
