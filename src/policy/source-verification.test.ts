import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TrustLevel } from '../core/index.js';
import {
  BLOCK_MIN_JUDGEMENTS,
  BLOCK_REJECTION_RATE,
  RESTORE_VIA,
  countIndependentSources,
  isNearDuplicate,
  nextDomainState,
  verifySource,
  type ContradictionRecord,
  type CorroboratingSource,
  type VerificationInput,
} from './index.js';

const src = (domain: string, text: string): CorroboratingSource => ({ domain, text });
const misinfo: ContradictionRecord = { type: 'misinformation', status: 'rejected', claimId: 'clm_abc', otherDomain: 'nih.gov', otherTrustLevel: 'GOVERNMENT' };
const misinfo2: ContradictionRecord = { ...misinfo, claimId: 'clm_xyz', otherDomain: 'who.int', otherTrustLevel: 'GOVERNMENT' };
const contested: ContradictionRecord = { type: 'contested', status: 'contested', claimId: 'clm_def', otherDomain: 'arxiv.org', otherTrustLevel: 'ACADEMIC' };
const input = (level: TrustLevel, extra: Partial<VerificationInput> = {}): VerificationInput => ({
  domain: 'blog.example',
  trustLevel: level,
  corroborations: [],
  accepted: 1,
  rejected: 0,
  contradictions: [],
  ...extra,
});

test('independence: different registrable domains and no near-duplicate text', () => {
  const text = 'Vitamin D supplementation reduced the risk of respiratory infection in the trial of older adults.';
  assert.equal(countIndependentSources('blog.example', [src('a.org', text), src('b.org', 'An unrelated sentence about masks and schools in winter.')]), 2);
  assert.equal(
    countIndependentSources('blog.example', [src('a.org', text), src('a.org', 'other text entirely about masks and schools')]),
    1,
    'same domain counts once',
  );
  assert.equal(countIndependentSources('blog.example', [src('a.org', text), src('b.org', text)]), 1, 'a copy is not independent');
  assert.equal(countIndependentSources('blog.example', [src('blog.example', text)]), 0, 'a source does not corroborate itself');
  assert.ok(isNearDuplicate(text, `${text} `));
  assert.ok(!isNearDuplicate(text, 'Vitamin D had no effect on infection risk in older adults overall.'));
});

const two = [src('a.org', 'first independent supporting text about the claim at hand'), src('b.org', 'a second source words it in quite another way entirely')];

const rows: Array<{ name: string; in: VerificationInput; status: string; level: TrustLevel; action: string }> = [
  {
    name: 'UNVERIFIED with 2 independent corroborations → LOW',
    in: input('UNVERIFIED', { corroborations: two }),
    status: 'verified',
    level: 'LOW',
    action: 'promoted',
  },
  {
    name: 'UNVERIFIED with 1 → pending',
    in: input('UNVERIFIED', { corroborations: two.slice(0, 1) }),
    status: 'pending',
    level: 'UNVERIFIED',
    action: 'unchanged',
  },
  { name: 'LOW with 2 stays LOW, verified', in: input('LOW', { corroborations: two }), status: 'verified', level: 'LOW', action: 'unchanged' },
  {
    name: 'UNVERIFIED rejected by misinformation on two claims → BLOCKED',
    in: input('UNVERIFIED', { contradictions: [misinfo, misinfo2], rejected: 2, accepted: 5 }),
    status: 'rejected',
    level: 'BLOCKED',
    action: 'blocked',
  },
  {
    name: 'LOW rejected by misinformation on two claims → BLOCKED',
    in: input('LOW', { contradictions: [misinfo, misinfo2], rejected: 2, accepted: 9 }),
    status: 'rejected',
    level: 'BLOCKED',
    action: 'blocked',
  },
  {
    name: 'one misinformation judgement only marks (never a block on one judgement)',
    in: input('UNVERIFIED', { contradictions: [misinfo], rejected: 1, accepted: 5 }),
    status: 'rejected',
    level: 'UNVERIFIED',
    action: 'marked_rejected',
  },
  {
    name: 'the same claim contradicted twice is still one judgement',
    in: input('LOW', { contradictions: [misinfo, { ...misinfo, otherDomain: 'who.int' }], rejected: 2, accepted: 9 }),
    status: 'rejected',
    level: 'LOW',
    action: 'marked_rejected',
  },
  {
    name: 'a rejection rate from one rejection only marks',
    in: input('UNVERIFIED', { accepted: 0, rejected: 1 }),
    status: 'rejected',
    level: 'UNVERIFIED',
    action: 'marked_rejected',
  },
  { name: 'LOW with rejection rate 40% → BLOCKED', in: input('LOW', { accepted: 3, rejected: 2 }), status: 'rejected', level: 'BLOCKED', action: 'blocked' },
  {
    name: 'UNVERIFIED at exactly 30% is not blocked',
    in: input('UNVERIFIED', { accepted: 7, rejected: 3 }),
    status: 'pending',
    level: 'UNVERIFIED',
    action: 'unchanged',
  },
  {
    name: 'TRUSTED rejected is only marked',
    in: input('TRUSTED', { contradictions: [misinfo], rejected: 1 }),
    status: 'rejected',
    level: 'TRUSTED',
    action: 'marked_rejected',
  },
  {
    name: 'ACADEMIC with high rejection rate is only marked',
    in: input('ACADEMIC', { accepted: 1, rejected: 9 }),
    status: 'rejected',
    level: 'ACADEMIC',
    action: 'marked_rejected',
  },
  {
    name: 'contested keeps the level',
    in: input('UNVERIFIED', { contradictions: [contested], corroborations: two }),
    status: 'contested',
    level: 'UNVERIFIED',
    action: 'unchanged',
  },
  { name: 'BLOCKED stays blocked', in: input('BLOCKED', { corroborations: two }), status: 'rejected', level: 'BLOCKED', action: 'unchanged' },
];

for (const r of rows) {
  test(`verifySource: ${r.name}`, () => {
    const out = verifySource(r.in);
    assert.equal(out.status, r.status);
    assert.equal(out.trustLevel, r.level);
    assert.equal(out.action, r.action);
  });
}

test('a block records reason, causing claims, original level, time, can_restore and restore_via', () => {
  const outcome = verifySource(input('UNVERIFIED', { contradictions: [misinfo, misinfo2], rejected: 2, accepted: 0 }));
  assert.equal(outcome.reason, 'Contradictions with nih.gov (GOVERNMENT), who.int (GOVERNMENT) on 2 claims (claim_ids: clm_abc, clm_xyz)');
  assert.deepEqual(outcome.causingClaimIds, ['clm_abc', 'clm_xyz']);
  const state = nextDomainState({ domain: 'blog.example', configuredLevel: 'UNVERIFIED', outcome, accepted: 0, rejected: 2, now: '2026-01-01T00:00:00Z' });
  assert.deepEqual(state, {
    domain: 'blog.example',
    trustLevel: 'BLOCKED',
    origin: 'verification',
    originalTrustLevel: 'UNVERIFIED',
    blockedAt: '2026-01-01T00:00:00Z',
    reason: outcome.reason,
    causingClaimIds: ['clm_abc', 'clm_xyz'],
    acceptedCount: 0,
    rejectedCount: 2,
    canRestore: true,
    restoreVia: RESTORE_VIA,
    updatedAt: '2026-01-01T00:00:00Z',
  });
  const one = verifySource(input('UNVERIFIED', { contradictions: [misinfo], rejected: 1, accepted: 0 }));
  assert.equal(one.reason, `Contradiction with nih.gov (GOVERNMENT, claim_id: clm_abc); not blocked: 1 rejecting judgement(s), ${BLOCK_MIN_JUDGEMENTS} needed`);
  const rate = verifySource(input('LOW', { accepted: 2, rejected: 2 }));
  assert.match(rate.reason, /Rejection rate 50% \(2 of 4\) exceeds 30%/);
  assert.equal(rate.action, 'blocked');
  assert.equal(BLOCK_REJECTION_RATE, 0.3);
});
