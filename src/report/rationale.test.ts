// A status rationale in words: what the axes say, with the words for a statement someone asked about
// (`lyra verify`) where a claim taken from a source would discount its own sentence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatusAxes } from '../core/index.js';
import { noRationale, rationaleInWords } from './rationale.js';

const axes = (a: Partial<StatusAxes>): StatusAxes => ({
  evidence: 0,
  coverage: 1,
  agreement: 1,
  recency: 1,
  traceability: 1,
  refutation: 0,
  independentSupport: 0,
  contestedByHighTrust: false,
  ...a,
});

test('unsupported: nothing beyond its own sentence for an extracted claim, nothing at all for an asked one; a refutation short of REFUTED is said', () => {
  const base = { status: 'UNSUPPORTED' as const, rationale: 'UNSUPPORTED: …', conditions: [] };
  assert.equal(rationaleInWords({ ...base, axes: axes({}) }, 'en'), 'Unsupported: no source beyond the one it was taken from supports it.');
  assert.equal(rationaleInWords({ ...base, axes: axes({}), asked: true }, 'en'), 'Unsupported: no source supports it.');
  assert.equal(rationaleInWords({ ...base, axes: axes({}), asked: true }, 'ja'), '根拠不足: 支持するソースがない。');
  assert.equal(
    rationaleInWords({ ...base, axes: axes({ refutation: 0.3 }), asked: true }, 'en'),
    'Unsupported: no source supports it (refutation strength 0.30).',
  );
  assert.equal(
    rationaleInWords({ ...base, axes: axes({ evidence: 0.6, independentSupport: 1, refutation: 0.45, agreement: 0.57 }) }, 'en'),
    'Unsupported: 1 independent source supports it (strength 0.60), but refutation strength 0.45 leaves agreement 0.57, short of conditioned support.',
  );
  // A little refutation that is not what keeps it short (agreement 0.86 ≥ 0.6): too little support is.
  assert.equal(
    rationaleInWords({ ...base, axes: axes({ evidence: 0.3, independentSupport: 1, refutation: 0.05, agreement: 0.86 }) }, 'en'),
    'Unsupported: 1 independent source supports it (strength 0.30), too little for conditioned support.',
  );
  assert.equal(
    rationaleInWords({ ...base, axes: axes({ evidence: 0.3, independentSupport: 1 }) }, 'ja'),
    '根拠不足: 独立した1ソースが支持している（支持の強さ 0.30）が、条件付きに必要な強さに届かない。',
  );
  assert.equal(
    rationaleInWords({ ...base, axes: axes({ evidence: 0.39, independentSupport: 1 }) }, 'en'),
    'Unsupported: 1 independent source supports it (strength 0.39), too little for conditioned support.',
  );
});

test('no axes: a claim not judged yet says so, another says the engine’s own rationale', () => {
  assert.equal(
    rationaleInWords({ status: 'UNSUPPORTED', rationale: noRationale('UNSUPPORTED'), axes: null, conditions: [] }, 'en'),
    'Not judged yet: no evidence was weighed for it.',
  );
  assert.equal(rationaleInWords({ status: 'VERIFIED', rationale: 'VERIFIED: by hand', axes: undefined, conditions: [] }, 'en'), 'VERIFIED: by hand');
});
