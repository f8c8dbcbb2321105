// VERIFY → DEEP send-back (seed 001 「差し戻し必要なら Phase 3 へ戻る」): after the refutation searches,
// a major claim that is still UNSUPPORTED or CONTESTED while its gap is open goes back to DEEP for
// one bounded round — the rest of its gap's queries (a claim without a gap gets one, opened here with
// the mechanical claim queries), each gap at most MAX_QUERIES_PER_GAP searches in all, the round at
// most `maxSendBackSearches`, every search within the run's budget (searches.ts skips the rest with
// the reason). Decided once per run and stored (state.sendBack), so a resumed run neither decides
// again nor repeats a search; the search log lists the decision and the round's searches.
import { detectLanguage } from '../../extract/index.js';
import type { GapItem } from './artifacts.js';
import { DEEP_PAGES_PER_SEARCH } from './budget.js';
import type { RunContext } from './context.js';
import { updateGaps } from './deep.js';
import { claimQueries, MAX_QUERIES_PER_GAP, subQuestionText } from './gaps.js';
import { normalizedClaims } from './normalize.js';
import { runEntries } from './searches.js';
import { readSnapshot } from './read-snapshot.js';
import type { SearchEntry, SendBackRecord } from './state.js';

/** Searches one send-back round may run at most (default; ResearchInput.maxSendBackSearches, 0 turns the send-back off). */
export const DEFAULT_MAX_SEND_BACK_SEARCHES = 10;
/** Statuses that send a major claim back to DEEP. */
export const SEND_BACK_STATUSES = ['UNSUPPORTED', 'CONTESTED'] as const;
type SendBackStatus = (typeof SEND_BACK_STATUSES)[number];
const isSendBack = (s: string): s is SendBackStatus => (SEND_BACK_STATUSES as readonly string[]).includes(s);

function openClaimGap(
  ctx: RunContext,
  claim: { claimId: string; statement: string; status: SendBackStatus },
  item: Parameters<typeof claimQueries>[0],
): GapItem {
  const n = ctx.state.normalize!;
  const id = String(n.gaps.length + 1).padStart(2, '0');
  const ja = ctx.state.language === 'ja';
  const gap: GapItem = {
    gap_id: `gap_${id}`,
    sub_question_id: `sq_${id}`,
    kind: 'claim',
    perspective: null,
    claim_id: claim.claimId,
    description: claim.statement,
    status: 'open',
    queries_run: 0,
    reason: ja ? `VERIFY後も${claim.status}（主要Claimの差し戻し）` : `${claim.status} after VERIFY's refutation searches (major claim sent back)`,
  };
  n.gaps.push(gap);
  n.subQuestions.push({
    sub_question_id: gap.sub_question_id,
    gap_id: gap.gap_id,
    question: subQuestionText(
      'claim',
      { topics: ctx.state.topics, language: ctx.state.language, ...(ctx.state.kind ? { kind: ctx.state.kind } : {}) },
      null,
      claim.statement,
    ),
    queries: claimQueries(item, { topics: ctx.state.topics }),
  });
  return gap;
}

/** Decides which major claims go back to DEEP and plans their searches (state.sendBack). */
export async function planSendBack(ctx: RunContext): Promise<SendBackRecord> {
  const s = ctx.state;
  const max = s.options.maxSendBackSearches ?? DEFAULT_MAX_SEND_BACK_SEARCHES;
  const record: SendBackRecord = { round: s.deep.rounds.length + 1, claims: [], entryKeys: [], done: false };
  const n = s.normalize;
  if (!n || max <= 0) {
    s.sendBack = { ...record, done: true };
    return s.sendBack;
  }
  const snap = await readSnapshot(ctx);
  updateGaps(ctx, n.gaps, snap);
  const claims = new Map(snap.claims.map((c) => [c.id, c]));
  const items = new Map(normalizedClaims(snap, [], ctx, { merge: false }).map((c) => [c.claim_id, c]));
  const ja = s.language === 'ja';
  const entries: SearchEntry[] = [];
  for (const m of (s.majors ?? []).filter((x) => x.searched)) {
    const status = claims.get(m.claimId)?.status ?? 'UNSUPPORTED';
    if (!isSendBack(status)) continue;
    const base = { claimId: m.claimId, statement: m.statement, status };
    let gap = n.gaps.find((g) => g.kind === 'claim' && g.claim_id === m.claimId);
    const item = items.get(m.claimId);
    if (!gap && item) gap = openClaimGap(ctx, base, item);
    if (!gap) {
      record.claims.push({ ...base, gapId: null, sent: false, reason: ja ? 'Claimが資料にない' : 'the claim is not in the materials' });
      continue;
    }
    const queries = n.subQuestions.find((q) => q.gap_id === gap.gap_id)?.queries ?? [];
    const left = Math.min(queries.length, MAX_QUERIES_PER_GAP) - gap.queries_run;
    if (gap.status === 'closed' || left <= 0) {
      const why =
        gap.status === 'closed'
          ? ja
            ? `${gap.gap_id} は閉鎖済み`
            : `${gap.gap_id} is closed`
          : ja
            ? `${gap.gap_id} は検索クエリを使い切った`
            : `${gap.gap_id} has run all its ${gap.queries_run} queries`;
      record.claims.push({ ...base, gapId: gap.gap_id, sent: false, reason: why });
      continue;
    }
    const room = max - entries.length;
    if (room <= 0) {
      record.claims.push({
        ...base,
        gapId: gap.gap_id,
        sent: false,
        reason: ja ? `差し戻し検索の上限 ${max} 件に達した` : `the send-back round's limit of ${max} searches was reached`,
      });
      continue;
    }
    const take = Math.min(left, room);
    for (let i = 0; i < take; i++) {
      const text = queries[gap.queries_run]!;
      entries.push({
        key: `deep:${record.round}:${gap.gap_id}:${gap.queries_run + 1}`,
        phase: 'deep',
        genre: gap.gap_id,
        gapId: gap.gap_id,
        round: record.round,
        sendBack: true,
        claimId: m.claimId,
        text,
        language: detectLanguage(text),
        refute: false,
        kind: 'search',
        maxPages: DEEP_PAGES_PER_SEARCH,
        status: 'planned',
        newPageIds: [],
        newClaimIds: [],
        touchedClaimIds: [],
      });
      gap.queries_run++;
    }
    gap.status = 'open';
    record.claims.push({
      ...base,
      gapId: gap.gap_id,
      sent: true,
      reason: ja ? `${gap.gap_id} の残り${take}件を検索` : `${take} more search(es) of ${gap.gap_id}`,
    });
  }
  record.entryKeys = entries.map((e) => e.key);
  record.done = entries.length === 0;
  s.entries.push(...entries);
  s.sendBack = record;
  ctx.save();
  return record;
}

/** Runs the send-back round (planning it the first time), then records the claims' statuses after it. */
export async function runSendBack(ctx: RunContext): Promise<void> {
  const record = ctx.state.sendBack ?? (await planSendBack(ctx));
  if (record.done) return;
  const keys = new Set(record.entryKeys);
  await runEntries(
    ctx,
    ctx.state.entries.filter((e) => keys.has(e.key)),
  );
  const snap = await readSnapshot(ctx);
  if (ctx.state.normalize) updateGaps(ctx, ctx.state.normalize.gaps, snap);
  const claims = new Map(snap.claims.map((c) => [c.id, c]));
  for (const c of record.claims) if (c.sent) c.statusAfter = claims.get(c.claimId)?.status ?? 'UNSUPPORTED';
  record.done = true;
  ctx.save();
}
