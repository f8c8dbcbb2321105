// Phase 3 DEEP (seed 001): rounds of gap searches until the termination table fires
// (policy/termination shouldStop). Per round, measured on the stored materials:
//   coverage          = closed gaps ÷ gaps (gapCoverage)
//   convergence       = confidences of the TOP_K claims most relevant to the question, per round
//   marginal utility  = share of the round's searches that brought a new relevant claim or new
//                       evidence for a relevant claim
//   over budget       = DEEP's share of pages, queries or seconds used
import { DEEP_PAGE_SHARE_END, DEEP_PAGES_PER_SEARCH, DEEP_QUERY_SHARE_END, engineBudget, phaseDeadlineMs } from './budget.js';
import type { RunContext } from './context.js';
import { detectLanguage } from '../../extract/index.js';
import { COVERAGE_TARGET, MIN_COVERAGE_ON_BUDGET, shouldStop } from '../../policy/index.js';
import type { GapItem } from './artifacts.js';
import { gapClosed, gapCoverage } from './gaps.js';
import { MIN_RELEVANCE } from './normalize.js';
import { createRelevance, relevanceClaim } from './relevance.js';
import { PERSPECTIVE_KEYS, type PerspectiveKey } from './perspectives.js';
import { perspectiveReach } from './perspective-reach.js';
import { searchQueryText } from './query-text.js';
import { runEntries } from './searches.js';
import { readSnapshot } from './read-snapshot.js';
import type { TaskSnapshot } from './snapshot.js';
import type { SearchEntry } from './state.js';

/** Claims whose confidences are watched for convergence. */
export const TOP_K = 10;
/** Searches per DEEP round at most (one per open gap, least-searched gaps first). */
export const MAX_QUERIES_PER_ROUND = 7;

function relevantIds(ctx: RunContext, snap: TaskSnapshot): Map<string, number> {
  const out = new Map<string, number>();
  const relevance = createRelevance(
    ctx,
    snap.claims.map((c) => c.statement),
  );
  for (const c of snap.claims) {
    const r = relevance(relevanceClaim(c));
    if (r >= MIN_RELEVANCE) out.set(c.id, r);
  }
  return out;
}

/** Confidences of the TOP_K most relevant claims (relevance, then id), rounded to 3 decimals. */
export function topKConfidences(ctx: RunContext, snap: TaskSnapshot): Record<string, number> {
  const rel = relevantIds(ctx, snap);
  const top = snap.claims
    .filter((c) => rel.has(c.id))
    .sort((a, b) => rel.get(b.id)! - rel.get(a.id)! || (a.id < b.id ? -1 : 1))
    .slice(0, TOP_K);
  return Object.fromEntries(top.map((c) => [c.id, Math.round(c.confidence * 1000) / 1000]));
}

export function currentPerspectiveCounts(ctx: RunContext, snap: TaskSnapshot): Record<PerspectiveKey, number> {
  const counts = Object.fromEntries(PERSPECTIVE_KEYS.map((p) => [p, 0])) as Record<PerspectiveKey, number>;
  const rel = relevantIds(ctx, snap);
  const reach = perspectiveReach(ctx.state, snap.claims);
  for (const id of rel.keys()) for (const p of reach(id)) counts[p]++;
  return counts;
}

export function updateGaps(ctx: RunContext, gaps: GapItem[], snap: TaskSnapshot): void {
  const counts = currentPerspectiveCounts(ctx, snap);
  const claims = new Map(snap.claims.map((c) => [c.id, c]));
  const queries = new Map((ctx.state.normalize?.subQuestions ?? []).map((s) => [s.gap_id, s.queries.length]));
  for (const g of gaps) {
    if (gapClosed(g, { counts, claims })) g.status = 'closed';
    else g.status = g.queries_run >= (queries.get(g.gap_id) ?? 0) ? 'exhausted' : 'open';
  }
}

export function roundUtility(ctx: RunContext, entries: readonly SearchEntry[], snap: TaskSnapshot): number {
  const ran = entries.filter((e) => e.status === 'done' || e.status === 'failed');
  if (ran.length === 0) return 0;
  const rel = relevantIds(ctx, snap);
  const useful = ran.filter((e) => [...e.newClaimIds, ...e.touchedClaimIds].some((id) => rel.has(id)));
  return useful.length / ran.length;
}

/** The next round's searches: the next query of each open gap, least-searched gaps first. */
export function planRound(ctx: RunContext, round: number): SearchEntry[] {
  const n = ctx.state.normalize;
  if (!n) return [];
  const queries = new Map(n.subQuestions.map((s) => [s.gap_id, s.queries]));
  const open = n.gaps
    .map((g, i) => ({ g, i }))
    .filter(({ g }) => g.status === 'open' && g.queries_run < (queries.get(g.gap_id)?.length ?? 0))
    .sort((a, b) => a.g.queries_run - b.g.queries_run || a.i - b.i)
    .slice(0, MAX_QUERIES_PER_ROUND);
  return open.map(({ g }) => {
    // A sub-question is a sentence: sent as keywords when it is Japanese (query-text.ts).
    const text = searchQueryText(queries.get(g.gap_id)![g.queries_run]!);
    g.queries_run++;
    return {
      key: `deep:${round}:${g.gap_id}`,
      phase: 'deep',
      genre: g.gap_id,
      gapId: g.gap_id,
      round,
      text,
      language: detectLanguage(text),
      refute: false,
      kind: 'search',
      maxPages: DEEP_PAGES_PER_SEARCH,
      status: 'planned',
      newPageIds: [],
      newClaimIds: [],
      touchedClaimIds: [],
      ...(g.perspective ? { perspective: g.perspective } : {}),
      ...(g.claim_id ? { claimId: g.claim_id } : {}),
    } satisfies SearchEntry;
  });
}

function overBudget(ctx: RunContext): boolean {
  const b = engineBudget(ctx.deps.engine, ctx.state.taskId);
  const run = ctx.state.options.budget;
  return (
    b.pagesUsed >= run.pages * DEEP_PAGE_SHARE_END ||
    b.queriesUsed >= run.queries * DEEP_QUERY_SHARE_END ||
    ctx.elapsedMs() >= phaseDeadlineMs(ctx.state.options.budget, 'deep')
  );
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** Closes the round just run: gaps, metrics, the termination decision. Returns true when DEEP ends. */
async function closeRound(ctx: RunContext, round: number, entries: readonly SearchEntry[]): Promise<boolean> {
  const deep = ctx.state.deep;
  const gaps = ctx.state.normalize!.gaps;
  const snap = await readSnapshot(ctx);
  updateGaps(ctx, gaps, snap);
  const coverage = gapCoverage(gaps);
  const mu = roundUtility(ctx, entries, snap);
  deep.topKHistory.push(topKConfidences(ctx, snap));
  const over = overBudget(ctx);
  const d = shouldStop({
    round,
    coverage,
    topKHistory: deep.topKHistory,
    marginalUtility: [...deep.rounds.map((r) => r.marginalUtility), mu],
    overBudget: over,
  });
  deep.rounds.push({
    round,
    entryKeys: entries.map((e) => e.key),
    coverage,
    marginalUtility: mu,
    stop: d.stop,
    ...(d.rule ? { rule: d.rule } : {}),
    closest: d.closest,
    overBudget: over,
  });
  ctx.closest = d.closest;
  ctx.emit({ type: 'research.round', round, coverage, marginalUtility: mu, stop: d.stop, ...(d.rule ? { rule: d.rule } : {}), closest: d.closest });
  if (d.stop) deep.stop = { round, rule: d.rule!, ...stopReason(ctx, (ja) => ruleText(d.rule!, ja, coverage)) };
  else if (over)
    deep.stop = {
      round,
      ...stopReason(ctx, (ja) =>
        ja
          ? `予算超過、ギャップ閉鎖率 ${pct(coverage)} は最低ライン ${pct(MIN_COVERAGE_ON_BUDGET)} 未満`
          : `budget used up with gap coverage ${pct(coverage)}, below the ${pct(MIN_COVERAGE_ON_BUDGET)} floor`,
      ),
    };
  else if (planPreview(ctx) === 0) deep.stop = { round, ...stopReason(ctx, (ja) => noQueriesText(gaps, ja)) };
  ctx.save();
  return deep.stop !== undefined;
}

function planPreview(ctx: RunContext): number {
  const n = ctx.state.normalize!;
  const queries = new Map(n.subQuestions.map((s) => [s.gap_id, s.queries.length]));
  return n.gaps.filter((g) => g.status === 'open' && g.queries_run < (queries.get(g.gap_id) ?? 0)).length;
}

/** Why DEEP stopped, in the run's language for the report and in English for the terminal's summary. */
function stopReason(ctx: RunContext, text: (ja: boolean) => string): { reason: string; reasonEn: string } {
  return { reason: text(ctx.state.language === 'ja'), reasonEn: text(false) };
}

function noQueriesText(gaps: readonly GapItem[], ja: boolean): string {
  const closed = gaps.every((g) => g.status === 'closed');
  if (ja) return closed ? (gaps.length === 0 ? 'ギャップなし' : 'すべてのギャップを閉鎖') : '未閉鎖ギャップの検索クエリを使い切った';
  return closed ? (gaps.length === 0 ? 'no gaps to pursue' : 'every gap closed') : 'the open gaps ran out of queries';
}

export function ruleText(rule: string, ja: boolean, coverage: number): string {
  const texts: Record<string, [string, string]> = {
    coverage_converged: [
      `coverage ${pct(coverage)} ≥ ${pct(COVERAGE_TARGET)} and top-${TOP_K} confidences converged`,
      `閉鎖率 ${pct(coverage)} ≥ ${pct(COVERAGE_TARGET)} かつ上位${TOP_K}件の確信度が収束`,
    ],
    marginal_utility: ['marginal utility below 0.15 for 3 rounds running', '限界効用 0.15 未満が3ラウンド連続'],
    budget_min_coverage: [
      `budget used up with coverage ${pct(coverage)} ≥ ${pct(MIN_COVERAGE_ON_BUDGET)}`,
      `予算超過、閉鎖率 ${pct(coverage)} ≥ ${pct(MIN_COVERAGE_ON_BUDGET)}`,
    ],
    hard_cap: ['hard cap of 12 rounds', '上限12ラウンド'],
  };
  const t = texts[rule];
  return t ? (ja ? t[1] : t[0]) : rule;
}

/** Runs DEEP from wherever the state left it. */
export async function runDeep(ctx: RunContext): Promise<void> {
  const deep = ctx.state.deep;
  if (deep.topKHistory.length === 0) {
    const snap = await readSnapshot(ctx);
    updateGaps(ctx, ctx.state.normalize!.gaps, snap);
    deep.topKHistory.push(topKConfidences(ctx, snap));
    if (planPreview(ctx) === 0) deep.stop = { round: 0, ...stopReason(ctx, (ja) => noQueriesText(ctx.state.normalize!.gaps, ja)) };
    ctx.save();
  }
  while (!deep.stop) {
    const round = deep.rounds.length + 1;
    let entries = ctx.state.entries.filter((e) => e.phase === 'deep' && e.round === round);
    if (entries.length === 0) {
      entries = planRound(ctx, round);
      ctx.state.entries.push(...entries);
      ctx.save();
    }
    await runEntries(ctx, entries);
    await closeRound(ctx, round, entries);
  }
}
