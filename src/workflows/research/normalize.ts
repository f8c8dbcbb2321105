// Phase 1 EXTRACT → Phase 2 NORMALIZE (seed 001). The engine extracts checkable sentences from every
// page it registers (extractNormalizedClaims); here each (claim, source) pair becomes a RawClaim
// (text, source, published_at), and the claims are normalized again with the same functions
// (normalizeClaim: slots, fingerprint, features; mergeClaimGroups: near-duplicates) to give the
// NormalizedClaim artifact with its relevance to the question and the perspective that found it.
import type { ClaimMaterial } from '../../core/index.js';
import { mergeClaimGroups } from '../../extract/index.js';
import type { NormalizedClaimItem, RawClaimItem } from './artifacts.js';
import { STRINGS, type ResearchLanguage } from './language.js';
import type { PerspectiveKey } from './perspectives.js';
import { createRelevance, originTitles, type RelevanceContext } from './relevance.js';
import type { TaskSnapshot } from './snapshot.js';

export { MIN_RELEVANCE } from './relevance.js';

export interface ClaimContext extends RelevanceContext {
  /** Perspective of the search that first found a claim, when that search had one. */
  perspectiveOf: (claimId: string) => PerspectiveKey | null;
  state: { language: ResearchLanguage };
}

export function rawClaims(snapshot: TaskSnapshot, ctx: Pick<ClaimContext, 'perspectiveOf'>): RawClaimItem[] {
  const out: RawClaimItem[] = [];
  for (const c of snapshot.claims) {
    const origins = [...c.origins].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    for (const o of origins) {
      out.push({
        raw_claim_id: `raw_${String(out.length + 1).padStart(4, '0')}`,
        text: c.statement,
        source: o.url,
        source_title: o.title ?? null,
        published_at: o.publishedAt ?? null,
        claim_id: c.id,
        perspective: ctx.perspectiveOf(c.id),
      });
    }
  }
  return out;
}

/**
 * NormalizedClaims: every engine claim normalized, near-duplicates merged (mergeClaimGroups, claims in
 * id order so the representative is stable). The representative keeps its engine claim id, and its
 * group says which engine claims it holds.
 */
export function normalizedClaims(
  snapshot: TaskSnapshot,
  raw: readonly RawClaimItem[],
  ctx: ClaimContext,
  options: { merge?: boolean } = {},
): NormalizedClaimItem[] {
  const byClaim = new Map<string, ClaimMaterial>(snapshot.claims.map((c) => [c.id, c]));
  const inputs = snapshot.claims.map((c) => {
    const n = ctx.analyze(c.statement);
    // The engine's claim id is authoritative; sources are its origin pages.
    return {
      ...n,
      claimId: c.id,
      sources: c.origins.map((o) => ({ source: o.url, quote: c.statement, ...(o.publishedAt ? { publishedAt: o.publishedAt } : {}) })),
    };
  });
  // Without merging (major-claim selection, per-claim verification) every engine claim stands alone.
  const groups = options.merge === false ? inputs.map((claim, i) => ({ claim, members: [i] })) : mergeClaimGroups(inputs);
  const merged = groups.map((g) => g.claim);
  const members = new Map<string, string[]>(groups.map((g) => [g.claim.claimId, g.members.map((i) => inputs[i]!.claimId)]));
  const rawIds = new Map<string, string[]>();
  for (const r of raw) rawIds.set(r.claim_id, [...(rawIds.get(r.claim_id) ?? []), r.raw_claim_id]);
  const unqualified = STRINGS[ctx.state.language].scopeUnqualified;
  const relevance = createRelevance(
    ctx,
    snapshot.claims.map((c) => c.statement),
  );
  return merged.map((m): NormalizedClaimItem => {
    const c = byClaim.get(m.claimId)!;
    const ids = members.get(m.claimId) ?? [m.claimId];
    return {
      claim_id: m.claimId,
      statement: c.statement,
      scope: c.scope ?? m.scope ?? unqualified,
      decision_relevance: c.decisionRelevance,
      slots: { ...c.slots },
      fingerprint: m.fingerprint,
      language: m.language,
      negated: m.negated,
      features: [...m.features].sort(),
      merged_claim_ids: ids.filter((id) => id !== m.claimId),
      raw_claim_ids: ids.flatMap((id) => rawIds.get(id) ?? []),
      sources: [...new Set(m.sources.map((s) => s.source))].sort(),
      // A merged claim is read in the documents of every claim merged into it.
      relevance: relevance({ statement: c.statement, titles: originTitles(ids.flatMap((id) => byClaim.get(id)?.origins ?? [])) }),
      perspective: ctx.perspectiveOf(m.claimId),
    };
  });
}
