// The verdict on a question's proposition from the evidence judged against it (research: the
// engine's edges for the proposition; consensus: its stance model over the selected report's
// findings). It runs the claim-status threshold table of policy/claim-status on that evidence, so a
// verdict reads the evidence exactly as a claim status does (and moves with it when the table or the
// stance model changes):
//   VERIFIED or CONDITIONED row → supported · REFUTED → refuted · CONTESTED → mixed ·
//   UNSUPPORTED → insufficient evidence
// Coverage, recency and traceability are 1 here (the proposition is the question itself, the quotes
// carry locators); only E (support), the refutation and A (agreement) decide.
// Confidence (0..1) says how strongly the evidence backs the verdict:
//   supported: E × A · refuted: refutation × (1 − A) · mixed: min(E, refutation) ·
//   insufficient evidence: 1 − max(E, refutation) (little evidence is a sure "insufficient").
import { statusAxesFromEvidence, statusRow, type EvidenceItem, type StatusAxes, type StatusRow } from '../../policy/index.js';

export const ANSWER_VERDICTS = ['supported', 'refuted', 'mixed', 'insufficient evidence'] as const;
export type AnswerVerdict = (typeof ANSWER_VERDICTS)[number];

/** Confidence labels: from CONFIDENCE_HIGH it is high, from CONFIDENCE_MEDIUM medium, else low. */
export const CONFIDENCE_HIGH = 0.7;
export const CONFIDENCE_MEDIUM = 0.4;

const VERDICT_OF_ROW: Readonly<Record<StatusRow, AnswerVerdict>> = {
  verified: 'supported',
  conditioned: 'supported',
  refuted: 'refuted',
  contested: 'mixed',
  unsupported: 'insufficient evidence',
};

export interface VerdictDecision {
  verdict: AnswerVerdict;
  confidence: number;
  row: StatusRow;
  axes: StatusAxes;
  /** Independent sources supporting and refuting (each source once). */
  supportingSources: number;
  refutingSources: number;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

export function verdictOf(evidence: readonly EvidenceItem[]): VerdictDecision {
  const axes = statusAxesFromEvidence(evidence, { coverage: 1, recency: 1, traceability: 1, contestedByHighTrust: false });
  const { row } = statusRow(axes);
  const verdict = VERDICT_OF_ROW[row];
  const confidence =
    verdict === 'supported'
      ? axes.evidence * axes.agreement
      : verdict === 'refuted'
        ? axes.refutation * (1 - axes.agreement)
        : verdict === 'mixed'
          ? Math.min(axes.evidence, axes.refutation)
          : 1 - Math.max(axes.evidence, axes.refutation);
  const sources = (stance: EvidenceItem['stance']): number => new Set(evidence.filter((e) => e.stance === stance).map((e) => e.source)).size;
  return { verdict, confidence: r3(confidence), row, axes, supportingSources: sources('supports'), refutingSources: sources('refutes') };
}

/** The confidence band in a Japanese report's words (JSON fields keep high / medium / low). */
export const CONFIDENCE_LABEL_JA: Readonly<Record<'high' | 'medium' | 'low', string>> = { high: '高', medium: '中', low: '低' };

export function confidenceLabel(confidence: number): 'high' | 'medium' | 'low' {
  return confidence >= CONFIDENCE_HIGH ? 'high' : confidence >= CONFIDENCE_MEDIUM ? 'medium' : 'low';
}
