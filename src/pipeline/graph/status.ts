// Phase 7 step 5: a claim's confidence and status from its evidence (seed 000 claim_confidence,
// seed 001 E/C/A/R/T axes). The axes the policy leaves to the caller are defined here:
// - coverage: share of the claim's content terms found in its supporting quotes (in the sentence alone for
//   one that states part of the claim);
// - recency: 0 only for a time-bound claim whose evidence is all dated more than `recencyYears`
//   before the task was created (the task's date, not today's, keeps re-runs identical); else 1;
// - traceability: share of supporting evidence quoted with a locator;
// - contested: a `contested` contradiction touches the claim with both sides ACADEMIC or higher.
// Evidence from BLOCKED sources weighs 0 and is left out of every axis.
import type { Claim, Locator } from '../../core/index.js';
import {
  claimConfidence,
  determineClaimStatus,
  evidenceWeight,
  isHighTrust,
  statusAxesFromEvidence,
  type ClaimConfidence,
  type StatusAxes,
  type StatusDecision,
} from '../../policy/index.js';
import { evidenceItems, type EvidenceRecord, type TaskGraph } from '../materials/index.js';
import { contentTerms, termCoverage } from '../materials/index.js';

export interface ClaimAssessment {
  axes: StatusAxes;
  decision: StatusDecision;
  confidence: ClaimConfidence;
  /** The status the claim would have without its refuting evidence (for the counterevidence log). */
  withoutRefutation?: StatusDecision;
}

export function hasQuotableLocator(l: Locator): boolean {
  return l.paragraph !== undefined || l.sentence !== undefined || l.charStart !== undefined || (l.headingPath?.length ?? 0) > 0;
}

function yearOf(date: string | undefined): number | undefined {
  const m = date ? /^(\d{4})/.exec(date) : null;
  return m ? Number(m[1]) : undefined;
}

/** True when a contested contradiction between two high-trust sources touches the claim. */
export function contestedByHighTrust(graph: TaskGraph, claimId: string): boolean {
  return graph.contradictions.some(
    (c) =>
      (c.claimId === claimId || c.otherClaimId === claimId) &&
      c.contradictionType === 'contested' &&
      isHighTrust(c.trustLevel) &&
      isHighTrust(c.otherTrustLevel),
  );
}

export function assessClaim(options: {
  graph: TaskGraph;
  claim: Claim;
  records: readonly EvidenceRecord[];
  recencyYears: number;
  /** Content terms of a fragment (cached by the caller). */
  termsOf: (fragmentId: string, text: string) => ReadonlySet<string>;
}): ClaimAssessment {
  const { graph, claim, recencyYears } = options;
  const live = options.records.filter(
    (r) => r.edge.kind !== 'neutral' && evidenceWeight({ confidence: r.edge.confidence, trustLevel: r.source.trustLevel }) > 0,
  );
  const supporting = live.filter((r) => r.edge.kind === 'supports');

  const covered = new Set<string>();
  // A sentence that states part of the claim covers its own words only, not the rest of its fragment's.
  for (const r of supporting) {
    const terms =
      r.edge.part && r.edge.decisiveSentence !== undefined ? contentTerms(r.edge.decisiveSentence) : options.termsOf(r.fragment.id, r.fragment.text);
    for (const t of terms) covered.add(t);
  }
  const coverage = termCoverage(contentTerms(claim.statement), covered);

  const refYear = yearOf(graph.task.createdAt) ?? 0;
  const years = live.map((r) => yearOf(r.page.publishedAt));
  const stale =
    claim.slots.time !== undefined && claim.slots.time !== '' && years.length > 0 && years.every((y) => y !== undefined && y < refYear - recencyYears);
  const recency = stale ? 0 : 1;

  const traceability =
    supporting.length > 0 ? supporting.filter((r) => r.fragment.quotable && hasQuotableLocator(r.fragment.locator)).length / supporting.length : 0;
  const contested = contestedByHighTrust(graph, claim.id);

  const items = evidenceItems(options.records);
  const rest = { coverage, recency, traceability, contestedByHighTrust: contested };
  const axes = statusAxesFromEvidence(items, rest);
  const decision = determineClaimStatus(axes);
  const confidence = claimConfidence(items);
  const refuted = live.some((r) => r.edge.kind === 'refutes');
  if (!refuted && !contested) return { axes, decision, confidence };
  const withoutRefutation = determineClaimStatus(
    statusAxesFromEvidence(
      items.filter((i) => i.stance === 'supports'),
      { ...rest, contestedByHighTrust: false },
    ),
  );
  return { axes, decision, confidence, withoutRefutation };
}
