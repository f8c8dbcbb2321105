import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimConfidence, type EvidenceItem } from './index.js';

const e = (stance: EvidenceItem['stance'], trustLevel: EvidenceItem['trustLevel'], source: string, confidence = 1): EvidenceItem => ({
  stance,
  trustLevel,
  source,
  confidence,
});
const close = (a: number, b: number): void => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≈ ${b}`);

test('no evidence: the Beta(1,1) prior — confidence 0.5, no controversy', () => {
  const c = claimConfidence([]);
  close(c.confidence, 0.5);
  close(c.uncertainty, Math.sqrt(1 / 12));
  assert.equal(c.controversy, 0);
});

test('trust-weighted support: one ACADEMIC source at 0.9 → α = 1.81', () => {
  const c = claimConfidence([e('supports', 'ACADEMIC', 'a.org', 0.9)]);
  close(c.alpha, 1.81);
  close(c.beta, 1);
  close(c.confidence, 1.81 / 2.81);
});

test('a source is counted once: its strongest item per side', () => {
  const c = claimConfidence([e('supports', 'LOW', 'w.org', 0.5), e('supports', 'LOW', 'w.org', 1), e('supports', 'LOW', 'w.org', 0.8)]);
  close(c.support, 0.4);
  assert.equal(c.supportingSources, 1);
});

test('balanced support and refutation is fully controversial; blocked sources weigh nothing', () => {
  const c = claimConfidence([
    e('supports', 'ACADEMIC', 'a.org'),
    e('refutes', 'ACADEMIC', 'b.org'),
    e('refutes', 'BLOCKED', 'x.example'),
    e('neutral', 'PRIMARY', 'p.org'),
  ]);
  close(c.controversy, 1);
  close(c.confidence, 0.5);
  assert.equal(c.refutingSources, 1);
  const lopsided = claimConfidence([e('supports', 'PRIMARY', 'a.org'), e('refutes', 'UNVERIFIED', 'b.example')]);
  close(lopsided.controversy, (2 * 0.3) / 1.3);
  assert.ok(lopsided.confidence > 0.6);
});
