// Phase 3.5 VERIFY (seed 001): major claims selected from the relevant claims, three refutation
// searches each (negation, exceptions, critique through Engine.verifyClaim in refute mode), then
// every claim's final status — the policy table with the run's relaxation context — and the
// counterevidence_log.
import type { ClaimMaterial } from '../../core/index.js';
import type { CounterevidenceItem } from './artifacts.js';
import { VERIFY_PAGES_PER_SEARCH } from './budget.js';
import type { RunContext } from './context.js';
import { refutationSearches, selectMajorClaims } from './major-claims.js';
import { answerEntry } from './answer.js';
import { normalizedClaims } from './normalize.js';
import { runEntries } from './searches.js';
import { runSendBack } from './send-back.js';
import { readSnapshot } from './read-snapshot.js';
import type { TaskSnapshot } from './snapshot.js';
import type { MajorClaim, ResearchState, SearchEntry } from './state.js';

async function planVerify(ctx: RunContext): Promise<void> {
  const snap = await readSnapshot(ctx);
  const items = normalizedClaims(snap, [], ctx, { merge: false });
  const selected = selectMajorClaims(items);
  const max = ctx.state.options.maxMajorClaims;
  const majors: MajorClaim[] = selected.map((m, i) => ({ claimId: m.claim.claim_id, statement: m.claim.statement, reasons: m.reasons, searched: i < max }));
  // The question's own proposition first, while the budget still has room for its search.
  const answer = answerEntry(ctx);
  const entries: SearchEntry[] = answer ? [answer] : [];
  for (const m of selected.slice(0, max)) {
    for (const r of refutationSearches(m.claim)) {
      entries.push({
        key: `verify:${m.claim.claim_id}:${r.kind}`,
        phase: 'verify',
        genre: r.kind,
        claimId: m.claim.claim_id,
        text: r.text,
        language: m.claim.language,
        refute: r.refute,
        kind: r.verify ? 'verify' : 'search',
        maxPages: VERIFY_PAGES_PER_SEARCH,
        status: 'planned',
        newPageIds: [],
        newClaimIds: [],
        touchedClaimIds: [],
      });
    }
  }
  ctx.state.majors = majors;
  ctx.state.entries.push(...entries);
  ctx.save();
}

export async function runVerify(ctx: RunContext): Promise<void> {
  if (!ctx.state.majors) await planVerify(ctx);
  await runEntries(
    ctx,
    ctx.state.entries.filter((e) => e.phase === 'verify'),
  );
  // Claims still UNSUPPORTED or CONTESTED with an open gap go back to DEEP for one bounded round.
  await runSendBack(ctx);
}

/** Whether any refutation search of the claim ran. */
export function refutationSearched(state: ResearchState, claimId: string): boolean {
  return state.entries.some((e) => e.phase === 'verify' && e.claimId === claimId && (e.status === 'done' || e.status === 'failed'));
}

/**
 * counterevidence_log (seed 001 format) for each major claim: the refutation queries this run planned
 * and the engine recorded (its critique expansions), what was searched, whether counterevidence
 * was found and how it moved the status (the engine's log: status without the refutation → with it).
 */
export function counterevidenceLog(state: ResearchState, snap: TaskSnapshot): CounterevidenceItem[] {
  const engineLog = new Map(snap.counterevidenceLog.map((e) => [e.claim_id, e]));
  const claims = new Map<string, ClaimMaterial>(snap.claims.map((c) => [c.id, c]));
  const scope = `providers ${state.options.providers.join(', ') || 'configured'}; ${snap.pages.length} sources registered for the task; no date restriction`;
  return (state.majors ?? []).map((m): CounterevidenceItem => {
    const own = state.entries
      .filter((e) => e.phase === 'verify' && e.claimId === m.claimId && (e.status === 'done' || e.status === 'failed'))
      .map((e) => e.text);
    const fromEngine = engineLog.get(m.claimId);
    const c = claims.get(m.claimId);
    const found = (c?.refuting.length ?? 0) > 0 || snap.contested.some((p) => p.claimId === m.claimId || p.otherClaimId === m.claimId);
    // The engine's log lists every refute-mode query of the task; this claim's are those built on its own texts.
    const expansions = (fromEngine?.search_queries ?? []).filter((q) => own.some((t) => q.startsWith(t)));
    return {
      claim_id: m.claimId,
      search_queries: [...new Set([...own, ...expansions])],
      search_scope: own.length > 0 ? scope : "not searched: beyond the run's major-claim limit or budget",
      found_counterevidence: found,
      impact_on_status: own.length > 0 ? (fromEngine?.impact_on_status ?? null) : null,
    };
  });
}
