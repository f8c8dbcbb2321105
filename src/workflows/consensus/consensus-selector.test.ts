import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConsensusSelector } from './consensus-selector.js';
import type { ReportScore } from './types.js';

const score = (reportId: string, totalScore: number, consistencyScore: number, extra: Partial<ReportScore> = {}): ReportScore => ({
  reportId,
  totalScore,
  consistencyScore,
  reliabilityScore: 0.5,
  coverageScore: 0.6,
  conflicts: [],
  unverifiedCount: 0,
  ...extra,
});

test('the best total wins, with the seed’s reason text', () => {
  const conflicts = [0, 1].map((i) => ({
    conflictId: `c${i}`,
    type: 'contradiction' as const,
    severity: 3,
    confidence: 0.8,
    statement1: { text: 'a', source: 's', reportId: 'r1' },
    statement2: { text: 'b', source: 't', reportId: 'r2' },
  }));
  const selection = new ConsensusSelector().select([score('r2', 0.6, 1), score('r1', 0.8, 0.9, { conflicts }), score('r3', 0.5, 1)]);
  assert.equal(selection.selectedReportId, 'r1');
  // others average (0.6 + 0.5) / 2 = 0.55 → margin (0.8 − 0.55) × 100 = 25.0
  assert.equal(selection.reason, 'Selected with total score 0.800 (+25.0% vs average). Consistency: 0.900, Reliability: 0.500, Coverage: 0.600. Conflicts: 2');
});

test('totals within 0.01 are a tie decided by consistency, among the tied reports only', () => {
  const selection = new ConsensusSelector().select([score('r1', 0.8, 0.7), score('r2', 0.795, 0.9), score('r3', 0.5, 1.0)]);
  // r3 has the highest consistency of all but is not tied: the seed would have picked it.
  assert.equal(selection.selectedReportId, 'r2');
  assert.equal(selection.reason, 'Tie-breaker: highest consistency score (0.900)');
  // 0.01 apart is not a tie.
  assert.equal(new ConsensusSelector().select([score('r1', 0.81, 0.7), score('r2', 0.8, 0.9)]).selectedReportId, 'r1');
});

test('one report, and none', () => {
  assert.deepEqual(new ConsensusSelector().select([score('only', 0.1, 0.1)]), { selectedReportId: 'only', reason: 'Only one report available' });
  assert.throws(() => new ConsensusSelector().select([]), /no reports to select from/);
});

test('a report below the relevance floor is never selected, whatever it scores; none above it is an error naming the reports', () => {
  const picked = new ConsensusSelector().select([score('off', 0.9, 1, { relevanceScore: 0.1 }), score('on', 0.4, 0.8, { relevanceScore: 0.6 })]);
  assert.equal(picked.selectedReportId, 'on');
  assert.match(picked.reason, /Only report about the topic \(relevance 0\.600/);
  assert.throws(() => new ConsensusSelector().select([score('a', 0.9, 1, { relevanceScore: 0.1 }), score('b', 0.8, 1, { relevanceScore: 0.2 })]), {
    code: 'consensus_no_relevant',
    message: /the sources searched hold nothing relevant$/,
  });
  // A folder of four files with one sentence on the topic (2026-11-30): not "nothing relevant".
  assert.throws(
    () =>
      new ConsensusSelector().select([
        score('a', 0.9, 1, { relevanceScore: 0.2, relevantStatements: 1 }),
        score('b', 0.8, 1, { relevanceScore: 0.2, relevantStatements: 0 }),
      ]),
    { code: 'consensus_no_relevant', message: /state the topic in too few statements for a report about it \(at most 1 in one report.*lyra research/ },
  );
});
