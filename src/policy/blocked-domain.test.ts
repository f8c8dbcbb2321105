import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainState } from '../core/index.js';
import { RESTORE_VIA, blockedDomainInfo } from './index.js';

const state: DomainState = {
  domain: 'example-blog.com',
  trustLevel: 'BLOCKED',
  origin: 'verification',
  originalTrustLevel: 'UNVERIFIED',
  blockedAt: '2024-01-01T00:00:00.000Z',
  reason: 'Contradictions with nih.gov (ACADEMIC) on 2 claims',
  causingClaimIds: ['clm_a', 'clm_b'],
  acceptedCount: 0,
  rejectedCount: 2,
  canRestore: true,
  updatedAt: '2024-01-01T00:00:00.000Z',
};

test('seed 000 §4.1: a blocked domain shows why, the causing claims, its level before, and how to restore it', () => {
  assert.deepEqual(Object.entries(blockedDomainInfo(state)), [
    ['domain', 'example-blog.com'],
    ['blocked_at', '2024-01-01T00:00:00.000Z'],
    ['reason', 'Contradictions with nih.gov (ACADEMIC) on 2 claims'],
    ['contradicting_claims', ['clm_a', 'clm_b']],
    ['original_trust_level', 'UNVERIFIED'],
    ['can_restore', true],
    ['restore_via', RESTORE_VIA],
  ]);
  const { blockedAt: _b, reason: _r, ...bare } = state;
  assert.deepEqual(Object.keys(blockedDomainInfo({ ...bare, restoreVia: 'elsewhere' })), [
    'domain',
    'contradicting_claims',
    'original_trust_level',
    'can_restore',
    'restore_via',
  ]);
  assert.equal(blockedDomainInfo({ ...bare, restoreVia: 'elsewhere' }).restore_via, 'elsewhere');
});
