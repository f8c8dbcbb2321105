// Phase 7 step 1: the checkable sentences of new fragments become claims. Near-duplicates of a claim
// the task already has (or of one found earlier in this run) merge into it; every sentence keeps a
// `supports` edge with model `origin` from its fragment to the claim. A page is processed once: the
// claims, their origin edges and the page's checkpoint are written in one transaction.
import {
  throwIfAborted,
  type Claim,
  type ClaimScreen,
  type EmbeddingModel,
  type EngineEvent,
  type EngineWarning,
  type Fragment,
  type Page,
  type StanceEdge,
  type StanceModel,
  type Store,
  ORIGIN_JUDGE,
  isOriginModel,
  judgeFields,
} from '../../core/index.js';
import {
  MAX_CLAIMS_PER_MERGE,
  createEmbeddingSimilarity,
  extractNormalizedClaims,
  isTitleText,
  normalizeClaim,
  screenClaims,
  type NormalizedClaim,
} from '../../extract/index.js';
import type { TaskGraph } from '../materials/index.js';
import { decisiveFields } from './decisive-span.js';
import { claimPairKey, mergeablePairs, mergeVetoes } from './merge-vetoes.js';
import { stanceEdgeId } from './edge-ids.js';
import type { GraphLimits } from './limits.js';
import { graphWarning } from './warnings.js';

/** Checkpoint key marking a page whose claims were extracted. */
export function pageClaimsKey(pageId: string): string {
  return `graph:claims:${pageId}`;
}

export interface ClaimsStepResult {
  /** Claims created or given a new origin sentence by this step. */
  touched: string[];
  created: string[];
  /** Fragments that yielded at least one claim. */
  fragmentsWithClaims: Set<string>;
  /** Fragments of the pages processed now. */
  fragments: number;
  /** Claim sentences the rules accepted and the learned screen dropped (0 without a screen). */
  screened: number;
  warnings: EngineWarning[];
}

interface Sourced {
  claim: NormalizedClaim;
  fragment: Fragment;
}

/** A task claim from a normalized claim (no status yet: step 5 sets it). */
export function claimFromNormalized(n: NormalizedClaim, taskId: string, now: string): Claim {
  return {
    id: n.claimId,
    taskId,
    statement: n.statement,
    slots: n.slots,
    ...(n.scope !== undefined ? { scope: n.scope } : {}),
    decisionRelevance: n.decisionRelevance,
    conditions: [],
    createdAt: now,
  };
}

/** Claims of the pages not processed yet, in URL order and document order, within the page limit. */
function candidatesOf(pages: Page[], graph: TaskGraph, limits: GraphLimits, warnings: EngineWarning[]): { sourced: Sourced[]; fragments: number } {
  const sourced: Sourced[] = [];
  let fragments = 0;
  for (const page of pages) {
    let left = limits.claimsPerPage;
    for (const fragment of graph.fragmentsByPage.get(page.id) ?? []) {
      fragments++;
      // The page's own title (a corpus document's first paragraph: "Survey of managers, 2022") is no claim.
      if (left <= 0 || isTitleText(fragment.text, page.title)) continue;
      const found = extractNormalizedClaims({
        text: fragment.text,
        source: fragment.id,
        ...(page.publishedAt ? { publishedAt: page.publishedAt } : {}),
        maxClaims: left,
      });
      for (const claim of found.slice(0, left)) sourced.push({ claim, fragment });
      left -= Math.min(found.length, left);
      if (left <= 0)
        warnings.push(
          graphWarning(
            'claims_per_page_limit',
            `graph: the page reached claimsPerPage=${limits.claimsPerPage}; its remaining fragments were not read for claims`,
            page.url,
          ),
        );
    }
  }
  return { sourced, fragments };
}

export async function extractClaimsStep(
  deps: { store: Store; embedding?: EmbeddingModel; claimScreen?: ClaimScreen; mergeJudge?: () => StanceModel | undefined; emit: (e: EngineEvent) => void },
  input: { graph: TaskGraph; pageIds: string[]; limits: GraphLimits; signal?: AbortSignal },
): Promise<ClaimsStepResult> {
  const { store, embedding, claimScreen } = deps;
  const { graph, limits, signal } = input;
  const taskId = graph.task.id;
  const warnings: EngineWarning[] = [];
  const pages = [...new Set(input.pageIds)]
    .map((id) => graph.pageById.get(id))
    .filter((p): p is Page => p !== undefined && store.loadCheckpoint(taskId, pageClaimsKey(p.id)) === undefined)
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const found = candidatesOf(pages, graph, limits, warnings);
  const { fragments } = found;
  let { sourced } = found;

  // The learned screen vetoes rule-accepted sentences that are no claim to check; its vectors serve the merge below.
  let vectors: Map<string, Float32Array> | undefined;
  let screened = 0;
  if (claimScreen && sourced.length > 0) {
    const result = await screenClaims({
      items: sourced,
      statementOf: (s) => s.claim.statement,
      screen: claimScreen,
      model: embedding,
      ...(signal ? { signal } : {}),
    });
    if ('skipped' in result) warnings.push(graphWarning('claim_screen_skipped', `graph: ${result.skipped}; claims are screened by the rules only`));
    else {
      sourced = result.kept;
      screened = result.dropped.length;
      vectors = result.vectors;
    }
  }

  // Stored claims are the first representatives (by id), so a new paraphrase joins the claim the task already has.
  const existing = graph.claims.map((c) => normalizeClaim({ text: c.statement, source: '' }));
  const room = Math.max(0, MAX_CLAIMS_PER_MERGE - existing.length);
  if (sourced.length > room) {
    warnings.push(
      graphWarning('claims_merge_limit', `graph: ${sourced.length} new claim sentences exceed the merge limit; ${sourced.length - room} were skipped`),
    );
    sourced.length = room;
  }
  throwIfAborted(signal);
  const similarity =
    embedding && sourced.length > 0
      ? await createEmbeddingSimilarity({
          claims: [...existing, ...sourced.map((s) => s.claim)],
          model: embedding,
          ...(vectors ? { vectors } : {}),
          ...(signal ? { signal } : {}),
        })
      : undefined;
  throwIfAborted(signal);

  // Which claims the merge would join, found once; the judge keeps apart those it reads as contradicting.
  const mergeable = mergeablePairs({ claims: [...existing, ...sourced.map((s) => s.claim)], firstNew: existing.length, similarity });
  const vetoed = await mergeVetoes({ pairs: mergeable, judge: deps.mergeJudge, batchSize: limits.stanceBatchSize, ...(signal ? { signal } : {}) });
  throwIfAborted(signal);

  const reps: NormalizedClaim[] = [...existing];
  const repIds = new Set(reps.map((r) => r.claimId));
  const created: NormalizedClaim[] = [];
  const origins: Array<{ fragment: Fragment; claimId: string; quote: string }> = [];
  let total = graph.claims.length;
  let limited = false;
  for (const { claim, fragment } of sourced) {
    const into = repIds.has(claim.claimId)
      ? reps.find((r) => r.claimId === claim.claimId)
      : reps.find((r) => mergeable.has(claimPairKey(r, claim)) && !vetoed.has(claimPairKey(r, claim)));
    let target = into;
    if (!target) {
      if (total >= limits.claimsPerTask) {
        limited = true;
        continue;
      }
      target = claim;
      reps.push(claim);
      repIds.add(claim.claimId);
      created.push(claim);
      total++;
    }
    for (const s of claim.sources) origins.push({ fragment, claimId: target.claimId, quote: s.quote });
  }
  if (limited)
    warnings.push(graphWarning('claims_per_task_limit', `graph: the task reached claimsPerTask=${limits.claimsPerTask}; further claims were skipped`));

  const now = new Date().toISOString();
  const touched = new Set<string>();
  const fragmentsWithClaims = new Set<string>();
  store.transaction(() => {
    for (const n of created) store.upsertClaim(claimFromNormalized(n, taskId, now));
    for (const o of origins) {
      const edge: StanceEdge = {
        id: stanceEdgeId(taskId, o.fragment.id, o.claimId),
        taskId,
        kind: 'supports',
        fragmentId: o.fragment.id,
        claimId: o.claimId,
        confidence: 1,
        ...decisiveFields(o.fragment.text, o.quote),
        ...judgeFields(ORIGIN_JUDGE),
        createdAt: now,
      };
      if (!store.insertEdge(edge)) {
        // The fragment was judged against this claim before it was read for claims: its own sentence is the stronger fact.
        const stored = store.getEdge(edge.id);
        if (stored && stored.kind !== 'cites' && stored.kind !== 'contradicts' && !isOriginModel(stored)) store.replaceEdge(edge);
      }
      touched.add(o.claimId);
      fragmentsWithClaims.add(o.fragment.id);
    }
    for (const p of pages) store.saveCheckpoint(taskId, pageClaimsKey(p.id), { claims: origins.filter((o) => o.fragment.pageId === p.id).length });
  });
  for (const n of created) deps.emit({ type: 'claim.added', taskId, claimId: n.claimId, statement: n.statement, at: now });
  return { touched: [...touched].sort(), created: created.map((c) => c.claimId), fragmentsWithClaims, fragments, screened, warnings };
}
