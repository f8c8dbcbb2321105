// A relevant claim that only its own source states: the report used to say "no further evidence found"
// although the judge had read passages of other sources against it and left them neutral (issue 31: the
// quick-start audit found most such claims stated in another article in other words). The passage of
// another source nearest the claim in meaning is now shown beside it, marked neutral, for the reader to
// judge; the claim's status does not change. Nearest by the encoder, not by the judge's lean: on the README
// quick start's 26 such claims, two readers given both picks of each, shuffled and unmarked, called the
// nearest in meaning a lead (states the claim, part of it, or a conflicting figure) for 16 and the one
// leaning most for 7, often a passage that merely shares a number ("about 10% of that decline" for "10% of
// the world's reefs are dead").
import type { EvidenceView } from '../../core/index.js';
import { closestQuotes } from './answer.js';
import type { EvidenceItemArtifact, VerifiedClaimItem } from './artifacts.js';
import type { RunContext } from './context.js';
import { MIN_RELEVANCE } from './normalize.js';
import { pickQuote } from './quotes.js';
import { loadSnapshot } from './snapshot.js';

/** Claims given their closest passage per run, the most relevant first (the engine reads closest passages for at most 100 claims per call). */
export const REPORT_CLOSEST_CLAIMS = 100;

/** Neutral passages read per claim to pick the nearest from (the engine's MAX_CLOSEST_LIMIT). */
export const CLOSEST_CANDIDATES = 32;

/**
 * Least cosine (shipped encoder) of the claim and a passage shown as its closest. Chosen on one reading of
 * the README quick start: the passages under it were unrelated (a shark-control claim's nearest, 0.36); the
 * weak links sat at 0.61–0.69. Under the claim links' gate (CORROBORATION_MIN_COSINE, 0.7): these are shown,
 * not counted.
 */
export const UNLINKED_MIN_COSINE = 0.6;

/** Whether a claim is relevant, not the question's proposition, and has no evidence but its own sentence. */
export function isUnlinked(c: VerifiedClaimItem, evidence: ReadonlyMap<string, EvidenceItemArtifact>): boolean {
  if (c.question_proposition || c.relevance < MIN_RELEVANCE || c.refuting_evidence_ids.length > 0) return false;
  return c.supporting_evidence_ids.every((id) => evidence.get(`${c.claim_id}|${id}`)?.bias_flags.includes('self_source') === true);
}

/**
 * Sets `closest` on each unlinked claim (isUnlinked) that has a neutral passage from another source within
 * UNLINKED_MIN_COSINE of it: one more read of the task and one encoder call per such claim. Needs relevance by
 * meaning (its encoder); without it (a Japanese question, `models.relevance.backend: rules`) none is set.
 */
export async function addUnlinkedClosest(ctx: RunContext, verified: VerifiedClaimItem[], evidence: ReadonlyMap<string, EvidenceItemArtifact>): Promise<void> {
  const model = ctx.meaning?.model;
  if (!model) return;
  const unlinked = verified
    .filter((c) => isUnlinked(c, evidence))
    .sort((a, b) => b.relevance - a.relevance || (a.claim_id < b.claim_id ? -1 : 1))
    .slice(0, REPORT_CLOSEST_CLAIMS);
  if (unlinked.length === 0) return;
  const snapshot = loadSnapshot(ctx.deps.engine, ctx.state.taskId, { closestFor: unlinked.map((c) => c.claim_id), closestLimit: CLOSEST_CANDIDATES });
  const byId = new Map(snapshot.claims.map((c) => [c.id, c]));
  const linkOf = ctx.deps.linkOf ?? (() => null);
  for (const c of unlinked) {
    // Its own source's other sentences are not what "no further evidence" is about.
    const own = new Set(c.supporting_evidence_ids.map((id) => evidence.get(`${c.claim_id}|${id}`)?.url));
    const views = (byId.get(c.claim_id)?.closest ?? []).filter((e) => !own.has(e.source.url));
    if (views.length === 0) continue;
    const textOf = (e: EvidenceView): string => pickQuote(e, c.statement).text;
    const cosines = await model.similarities(c.statement, views.map(textOf), ctx.signal ? { signal: ctx.signal } : {});
    const nearest = views
      .map((e, i) => ({ e, cosine: cosines[i]! }))
      .filter((x) => x.cosine >= UNLINKED_MIN_COSINE)
      .sort((a, b) => b.cosine - a.cosine);
    // The first nearest passage that states something (closestQuotes drops headings and the source's title).
    const [q] = closestQuotes(
      nearest.map((x) => x.e),
      { textOf, citable: () => true, linkOf },
    );
    if (q) c.closest = [q];
  }
}
