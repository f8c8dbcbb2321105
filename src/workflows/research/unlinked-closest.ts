// A relevant claim that only its own source states: the report used to say "no further evidence found"
// although the judge had read passages of other sources against it and left them neutral (issue 31: the
// quick-start audit found most such claims stated in another article in other words). The passage of
// another source nearest the claim in meaning is now shown beside it, marked neutral, for the reader to
// judge; the claim's status does not change. Nearest by the encoder, not by the judge's lean: on the README
// quick start's 26 such claims, two readers given both picks of each, shuffled and unmarked, called the
// nearest in meaning a lead (states the claim, part of it, or a conflicting figure) for 16 and the one
// leaning most for 7, often a passage that merely shares a number ("about 10% of that decline" for "10% of
// the world's reefs are dead").
import { MAX_CLOSEST_CLAIMS, MAX_CLOSEST_LIMIT, type EvidenceView } from '../../core/index.js';
import { closestQuotes } from './answer.js';
import type { EvidenceItemArtifact, VerifiedClaimItem } from './artifacts.js';
import type { RunContext } from './context.js';
import { MIN_RELEVANCE } from './normalize.js';
import { pickQuote } from './quotes.js';
import { loadSnapshot, type TaskSnapshot } from './snapshot.js';

// Per run, the MAX_CLOSEST_CLAIMS most relevant unlinked claims (one materials call) get a closest passage, picked
// among the MAX_CLOSEST_LIMIT neutral passages the judge leaned most to (core MaterialsOptions).

/**
 * Least cosine (shipped encoder) of the claim and a passage shown as its closest. Chosen on one reading of
 * the README quick start: the passages under it were unrelated (a shark-control claim's nearest, 0.36); the
 * weak links sat at 0.61–0.69. Under the claim links' gate (CORROBORATION_MIN_COSINE, 0.7): these are shown,
 * not counted.
 */
export const UNLINKED_MIN_COSINE = 0.6;

/**
 * `views` with their cosine to `statement` in the run's encoder (each passage as pickQuote reads it against
 * the statement), nearest first (ties keep the judge's order), or undefined without relevance by meaning.
 */
export async function nearestInMeaning(
  ctx: Pick<RunContext, 'meaning' | 'signal'>,
  statement: string,
  views: readonly EvidenceView[],
): Promise<Array<{ view: EvidenceView; cosine: number }> | undefined> {
  const model = ctx.meaning?.model;
  if (!model) return undefined;
  if (views.length === 0) return [];
  const cosines = await model.similarities(
    statement,
    views.map((e) => pickQuote(e, statement).text),
    ctx.signal ? { signal: ctx.signal } : {},
  );
  return views.map((view, i) => ({ view, cosine: cosines[i]! })).sort((a, b) => b.cosine - a.cosine);
}

/**
 * The answer's proposition with its closest passages nearest in meaning first (they are read with
 * MAX_CLOSEST_LIMIT of them): what an "insufficient evidence" answer shows, three at most. Without
 * relevance by meaning the judge's order stays.
 */
export async function orderPropositionClosest(ctx: Pick<RunContext, 'meaning' | 'signal'>, snapshot: TaskSnapshot, pid: string): Promise<void> {
  const claim = snapshot.claims.find((c) => c.id === pid);
  if (!claim?.closest) return;
  const nearest = await nearestInMeaning(ctx, claim.statement, claim.closest);
  if (nearest) claim.closest = nearest.map((x) => x.view);
}

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
  if (!ctx.meaning) return;
  const unlinked = verified
    .filter((c) => isUnlinked(c, evidence))
    .sort((a, b) => b.relevance - a.relevance || (a.claim_id < b.claim_id ? -1 : 1))
    .slice(0, MAX_CLOSEST_CLAIMS);
  if (unlinked.length === 0) return;
  const snapshot = loadSnapshot(ctx.deps.engine, ctx.state.taskId, { closestFor: unlinked.map((c) => c.claim_id), closestLimit: MAX_CLOSEST_LIMIT });
  const byId = new Map(snapshot.claims.map((c) => [c.id, c]));
  const linkOf = ctx.deps.linkOf ?? (() => null);
  for (const c of unlinked) {
    // Its own source's other sentences are not what "no further evidence" is about.
    const own = new Set(c.supporting_evidence_ids.map((id) => evidence.get(`${c.claim_id}|${id}`)?.url));
    const views = (byId.get(c.claim_id)?.closest ?? []).filter((e) => !own.has(e.source.url));
    const nearest = (await nearestInMeaning(ctx, c.statement, views)) ?? [];
    // The first nearest passage that states something (closestQuotes drops headings and the source's title).
    const [q] = closestQuotes(
      nearest.filter((x) => x.cosine >= UNLINKED_MIN_COSINE).map((x) => x.view),
      { textOf: (e) => pickQuote(e, c.statement).text, citable: () => true, linkOf },
    );
    if (q) c.closest = [q];
  }
}
