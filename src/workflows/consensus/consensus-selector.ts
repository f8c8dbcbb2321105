// ConsensusSelector (seed 004 §2.4): the best total score, with a tie-breaker on consistency.
import { InvalidInputError, NonRetryableError } from '../../core/index.js';
import { RELEVANCE_FLOOR, REPORT_RELEVANCE_MIN_STATEMENTS } from './scoring-formulas.js';
import type { ConsensusSelection, ReportScore } from './types.js';

/** Totals closer than this are a tie, decided by consistency. */
export const TIE_MARGIN = 0.01;

export class ConsensusSelector {
  select(all: ReportScore[]): ConsensusSelection {
    if (all.length === 0) throw new InvalidInputError('consensus selector: no reports to select from', { code: 'no_reports' });
    // A report off the topic cannot be selected, whatever else it scores (Lyra; the seed has no relevance).
    const scores = all.filter((s) => s.relevanceScore === undefined || s.relevanceScore >= RELEVANCE_FLOOR);
    if (scores.length === 0) {
      // Sources that state the topic once or twice are not "nothing relevant": say what they hold.
      const most = Math.max(0, ...all.map((s) => s.relevantStatements ?? 0));
      const held =
        most > 0
          ? `the sources searched state the topic in too few statements for a report about it (at most ${most} in one report, where its ${REPORT_RELEVANCE_MIN_STATEMENTS} most relevant are averaged); add sources about the topic, or ask \`lyra research\`, which answers from single statements`
          : 'the sources searched hold nothing relevant';
      throw new NonRetryableError(
        `consensus selector: no report is about the topic: every report's relevance is below ${RELEVANCE_FLOOR} (${all.map((s) => `${s.reportId} ${s.relevanceScore?.toFixed(2)}`).join(', ')}); ${held}`,
        { code: 'consensus_no_relevant', details: { relevance: Object.fromEntries(all.map((s) => [s.reportId, s.relevanceScore ?? null])) } },
      );
    }
    if (scores.length === 1)
      return {
        selectedReportId: scores[0]!.reportId,
        reason:
          all.length === 1
            ? 'Only one report available'
            : `Only report about the topic (relevance ${scores[0]!.relevanceScore?.toFixed(3)} ≥ ${RELEVANCE_FLOOR})`,
      };

    const sorted = [...scores].sort((a, b) => b.totalScore - a.totalScore);
    const best = sorted[0]!;
    const secondBest = sorted[1]!;
    if (Math.abs(best.totalScore - secondBest.totalScore) < TIE_MARGIN) {
      // Only the tied reports compete on consistency (the seed sorts all of them, so a far lower
      // total could win on consistency alone).
      const tied = sorted.filter((s) => best.totalScore - s.totalScore < TIE_MARGIN);
      const byConsistency = [...tied].sort((a, b) => b.consistencyScore - a.consistencyScore);
      const chosen = byConsistency[0]!;
      return {
        selectedReportId: chosen.reportId,
        reason: `Tie-breaker: highest consistency score (${chosen.consistencyScore.toFixed(3)})`,
      };
    }
    return { selectedReportId: best.reportId, reason: this.generateReason(best, sorted.slice(1)) };
  }

  generateReason(selected: ReportScore, others: ReportScore[]): string {
    const avgOthers = others.reduce((sum, s) => sum + s.totalScore, 0) / others.length;
    const margin = ((selected.totalScore - avgOthers) * 100).toFixed(1);
    return (
      `Selected with total score ${selected.totalScore.toFixed(3)} ` +
      `(+${margin}% vs average). ` +
      `Consistency: ${selected.consistencyScore.toFixed(3)}, ` +
      `Reliability: ${selected.reliabilityScore.toFixed(3)}, ` +
      `Coverage: ${selected.coverageScore.toFixed(3)}` +
      `${selected.relevanceScore === undefined ? '' : `, Relevance: ${selected.relevanceScore.toFixed(3)}`}. ` +
      `Conflicts: ${selected.conflicts.length}`
    );
  }
}
