// Every row of the status table, its boundaries, and the relaxation rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { orderFreeSum } from './claim-confidence.js';
import { determineClaimStatus, noisyOr, statusAxesFromEvidence, statusRow, type RelaxationContext, type StatusAxes } from './index.js';

const strong: StatusAxes = {
  evidence: 0.9,
  coverage: 0.8,
  agreement: 0.9,
  recency: 1,
  traceability: 1,
  refutation: 0,
  independentSupport: 2,
  contestedByHighTrust: false,
};
const ax = (patch: Partial<StatusAxes>): StatusAxes => ({ ...strong, ...patch });

const rows: Array<[string, StatusAxes, string]> = [
  ['all VERIFIED thresholds met', strong, 'VERIFIED'],
  ['VERIFIED at exact thresholds', ax({ evidence: 0.8, agreement: 0.8, coverage: 0.7, recency: 0.5, traceability: 0.8 }), 'VERIFIED'],
  ['one independent source only', ax({ independentSupport: 1 }), 'CONDITIONED'],
  ['coverage just below 0.7', ax({ coverage: 0.69 }), 'CONDITIONED'],
  ['recency below 0.5', ax({ recency: 0.4 }), 'CONDITIONED'],
  ['traceability 0.79', ax({ traceability: 0.79 }), 'CONDITIONED'],
  ['evidence 0.79', ax({ evidence: 0.79 }), 'CONDITIONED'],
  ['CONDITIONED at its exact thresholds', ax({ evidence: 0.5, agreement: 0.6, traceability: 0.5, independentSupport: 1 }), 'CONDITIONED'],
  ['evidence 0.49', ax({ evidence: 0.49, independentSupport: 1 }), 'UNSUPPORTED'],
  ['agreement 0.59', ax({ agreement: 0.59, refutation: 0.3 }), 'UNSUPPORTED'],
  ['traceability 0.49', ax({ traceability: 0.49 }), 'UNSUPPORTED'],
  ['no evidence at all', ax({ evidence: 0, agreement: 0.5, independentSupport: 0 }), 'UNSUPPORTED'],
  ['both sides ≥ 0.5', ax({ evidence: 0.6, refutation: 0.5, agreement: 0.55 }), 'CONTESTED'],
  ['high-trust contested contradiction', ax({ contestedByHighTrust: true }), 'CONTESTED'],
  ['strong refutation, little support', ax({ evidence: 0.2, refutation: 0.6, agreement: 0.25 }), 'REFUTED'],
  ['refutation 0.59 is not REFUTED', ax({ evidence: 0, refutation: 0.59, agreement: 0 }), 'UNSUPPORTED'],
  ['agreement 0.26 is not REFUTED', ax({ evidence: 0.3, refutation: 0.9, agreement: 0.26 }), 'UNSUPPORTED'],
  ['REFUTED wins over a high-trust contest', ax({ evidence: 0.1, refutation: 0.9, agreement: 0.1, contestedByHighTrust: true }), 'REFUTED'],
];

for (const [name, axes, status] of rows) {
  test(`status table: ${name} → ${status}`, () => {
    assert.equal(statusRow(axes).status, status);
    assert.equal(determineClaimStatus(axes).status, status);
  });
}

test('CONDITIONED lists the unmet VERIFIED requirements as conditions and in the rationale', () => {
  const d = determineClaimStatus(ax({ coverage: 0.5, independentSupport: 1 }));
  assert.deepEqual(d.conditions, ['scope coverage 0.50 < 0.7', '1 independent supporting source(s) < 2']);
  assert.match(d.rationale, /^CONDITIONED: supported, but scope coverage 0.50 < 0.7/);
});

const lowRisk: RelaxationContext = { riskLevel: 'low', purpose: 'overview', decisionRelevance: 'medium' };

test('relaxation: one step up for low-risk overview use, recorded with its reason', () => {
  const d = determineClaimStatus(ax({ coverage: 0.5 }), lowRisk);
  assert.equal(d.tableStatus, 'CONDITIONED');
  assert.equal(d.status, 'VERIFIED');
  assert.equal(d.relaxationReason, 'relaxed CONDITIONED→VERIFIED: risk_level=low, overview use, decision_relevance=medium');
  const u = determineClaimStatus(ax({ evidence: 0.3, independentSupport: 1 }), lowRisk);
  assert.equal(u.status, 'CONDITIONED', 'at most one step: UNSUPPORTED → CONDITIONED, not VERIFIED');
});

test('relaxation never applies to CONTESTED/REFUTED, high relevance, decision use, higher risk, or no support', () => {
  const cases: Array<[StatusAxes, RelaxationContext | undefined, string]> = [
    [ax({ contestedByHighTrust: true }), lowRisk, 'CONTESTED'],
    [ax({ evidence: 0.1, refutation: 0.9, agreement: 0.1 }), lowRisk, 'REFUTED'],
    [ax({ coverage: 0.5 }), { ...lowRisk, decisionRelevance: 'high' }, 'CONDITIONED'],
    [ax({ coverage: 0.5 }), { ...lowRisk, purpose: 'decision' }, 'CONDITIONED'],
    [ax({ coverage: 0.5 }), { ...lowRisk, riskLevel: 'medium' }, 'CONDITIONED'],
    [ax({ coverage: 0.5 }), undefined, 'CONDITIONED'],
    [ax({ evidence: 0, agreement: 0.5, independentSupport: 0 }), lowRisk, 'UNSUPPORTED'],
  ];
  for (const [axes, ctx, status] of cases) {
    const d = determineClaimStatus(axes, ctx);
    assert.equal(d.status, status);
    assert.equal(d.relaxationReason, undefined);
  }
});

test('axes from evidence: noisy-OR per independent source, agreement as a weighted share', () => {
  const axes = statusAxesFromEvidence(
    [
      { stance: 'supports', confidence: 0.9, trustLevel: 'ACADEMIC', source: 'a.org' },
      { stance: 'supports', confidence: 0.5, trustLevel: 'ACADEMIC', source: 'a.org' },
      { stance: 'supports', confidence: 1, trustLevel: 'LOW', source: 'w.org' },
      { stance: 'refutes', confidence: 1, trustLevel: 'UNVERIFIED', source: 'x.example' },
    ],
    { coverage: 1, recency: 1, traceability: 1, contestedByHighTrust: false },
  );
  assert.ok(Math.abs(axes.evidence - noisyOr([0.81, 0.4])) < 1e-12);
  assert.ok(Math.abs(axes.evidence - (1 - 0.19 * 0.6)) < 1e-12);
  assert.ok(Math.abs(axes.refutation - 0.3) < 1e-12);
  assert.ok(Math.abs(axes.agreement - 1.21 / 1.51) < 1e-12);
  assert.equal(axes.independentSupport, 2);
});

test('the axes do not depend on the order of the evidence (a resumed run reads edges in another order)', () => {
  const items = [0.41, 0.77, 0.93, 0.58, 0.66, 0.31, 0.27, 0.12, 0.55, 0.83].map((confidence, i) => ({
    stance: i % 3 === 2 ? ('refutes' as const) : ('supports' as const),
    source: `s${i}`,
    confidence,
    trustLevel: 'ACADEMIC' as const,
  }));
  const rest = { coverage: 1, recency: 1, traceability: 1, contestedByHighTrust: false };
  const a = statusAxesFromEvidence(items, rest);
  for (let k = 1; k < items.length; k++) {
    const rotated = [...items.slice(k), ...items.slice(0, k)];
    assert.deepStrictEqual(statusAxesFromEvidence(rotated, rest), a);
    assert.deepStrictEqual(statusAxesFromEvidence([...rotated].reverse(), rest), a);
  }
});

test('noisy-OR and the sums do not depend on the order the evidence was read in (a resumed run reads it in another)', () => {
  const w = [0.7175792643331238, 0.31, 0.123456789, 0.9, 0.05];
  const perms = [w, [...w].reverse(), [w[2]!, w[0]!, w[4]!, w[1]!, w[3]!]];
  assert.equal(new Set(perms.map((p) => noisyOr(p))).size, 1);
  assert.equal(new Set(perms.map((p) => orderFreeSum(p))).size, 1);
});
