// A claim's evidence: its stance edges with the fragment, the page and the source behind each, as the
// policy's EvidenceItem (for confidence and status) and as the EvidenceView clients read.
import { evidenceWeight, type EvidenceItem } from '../../policy/index.js';
import { MAX_CLOSEST_LIMIT, MAX_CLOSEST_PASSAGES, type EvidenceView, type Fragment, type Page, type StanceEdge } from '../../core/index.js';
import { sourceView, type SourceInfo } from './sources.js';
import type { TaskGraph } from './task-graph.js';

export interface EvidenceRecord {
  edge: StanceEdge;
  fragment: Fragment;
  page: Page;
  source: SourceInfo;
}

/** Every stance edge of the claim (neutral included), in fragment-id order. */
export function claimEvidence(graph: TaskGraph, claimId: string, sourceOf: (page: Page) => SourceInfo): EvidenceRecord[] {
  const out: EvidenceRecord[] = [];
  for (const edge of graph.stanceByClaim.get(claimId) ?? []) {
    const fragment = graph.fragmentById.get(edge.fragmentId);
    const page = fragment ? graph.pageById.get(fragment.pageId) : undefined;
    if (!fragment || !page) continue;
    out.push({ edge, fragment, page, source: sourceOf(page) });
  }
  return out;
}

/** Supporting and refuting evidence as policy items (neutral edges carry no evidence). */
export function evidenceItems(records: readonly EvidenceRecord[]): EvidenceItem[] {
  return records
    .filter((r) => r.edge.kind !== 'neutral')
    .map((r) => ({ stance: r.edge.kind, confidence: r.edge.confidence, trustLevel: r.source.trustLevel, source: r.source.key }));
}

export function evidenceView(r: EvidenceRecord): EvidenceView {
  return {
    edgeId: r.edge.id,
    stance: r.edge.kind,
    confidence: r.edge.confidence,
    fragmentId: r.fragment.id,
    quote: r.fragment.text,
    ...(r.edge.decisiveSentence !== undefined ? { decisiveSentence: r.edge.decisiveSentence } : {}),
    ...(r.edge.decisiveSpan !== undefined ? { decisiveSpan: r.edge.decisiveSpan } : {}),
    locator: r.fragment.locator,
    source: sourceView(r.page, r.source),
    judge: r.edge.judge,
    ...(r.edge.model !== undefined ? { model: r.edge.model } : {}),
    ...(r.edge.scores !== undefined ? { scores: r.edge.scores } : {}),
    ...(r.edge.readAs !== undefined ? { readAs: r.edge.readAs } : {}),
    ...(r.edge.part ? { part: true } : {}),
  };
}

/** How far a neutral edge leans towards a verdict: its larger supports or refutes probability (0 without scores). */
function neutralLean(r: EvidenceRecord): number {
  return r.edge.scores ? Math.max(r.edge.scores.supports, r.edge.scores.refutes) : 0;
}

// The bounds of `closest` are the materials contract's (core MaterialsOptions); re-exported for this layer's readers.
export { MAX_CLOSEST_LIMIT, MAX_CLOSEST_PASSAGES };

/** The neutral passages the judge came closest to calling either way, most probable side first (ties by weight), `limit` at most. */
export function closestNeutral(records: readonly EvidenceRecord[], limit = MAX_CLOSEST_PASSAGES): EvidenceRecord[] {
  return records
    .filter((r) => r.edge.kind === 'neutral' && r.edge.scores !== undefined)
    .sort((a, b) => neutralLean(b) - neutralLean(a) || byWeight(a, b))
    .slice(0, limit);
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Strongest first: trust score × stance confidence; ties by page URL, position in the page and text,
 * which are the same in every task, and only then by edge id (which embeds the task id), so two runs
 * of one question list equal evidence in one order.
 */
export function byWeight(a: EvidenceRecord, b: EvidenceRecord): number {
  const wa = evidenceWeight({ confidence: a.edge.confidence, trustLevel: a.source.trustLevel });
  const wb = evidenceWeight({ confidence: b.edge.confidence, trustLevel: b.source.trustLevel });
  return (
    wb - wa ||
    compare(a.page.url, b.page.url) ||
    (a.fragment.locator.charStart ?? 0) - (b.fragment.locator.charStart ?? 0) ||
    compare(a.fragment.text, b.fragment.text) ||
    compare(a.edge.id, b.edge.id)
  );
}
